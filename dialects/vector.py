"""The merged ``vector`` dialect: xDSL 0.74's vector ops plus the LLVM 22 ops it lacks.

``wgdist-opt`` and :func:`wgdist.context` register :data:`Vector` in place of xDSL's dialect of
the same name. Every op class - xDSL's and wgdist's - is importable from this module::

    from wgdist.dialects.vector import BroadcastOp, MultiDimReductionOp, TransposeOp

Added ops (exact LLVM 22 custom and generic syntax): ``vector.multi_reduction``,
``vector.transpose``, ``vector.shape_cast``, ``vector.step``, ``vector.extract_strided_slice``,
``vector.insert_strided_slice``, ``vector.constant_mask``. ``vector.splat`` is not provided:
LLVM 22 removed it (use ``vector.broadcast``).
"""

from xdsl.dialects import vector as xdsl_vector
from xdsl.dialects.vector import (
    BitcastOp,
    BroadcastOp,
    CombiningKindAttr,
    CombiningKindFlag,
    CreateMaskOp,
    ExtractOp,
    FMAOp,
    InsertOp,
    LoadOp,
    MaskedLoadOp,
    MaskedStoreOp,
    PrintOp,
    ReductionOp,
    ShuffleOp,
    StoreOp,
    TransferReadOp,
    TransferWriteOp,
)
from xdsl.ir import Dialect

from wgdist.dialects.vector_ops import (
    EXTRA_OPS,
    ConstantMaskOp,
    ExtractStridedSliceOp,
    InsertStridedSliceOp,
    MultiDimReductionOp,
    ShapeCastOp,
    StepOp,
    TransposeOp,
)

Vector = Dialect(
    "vector",
    [*xdsl_vector.Vector.operations, *EXTRA_OPS],
    [*xdsl_vector.Vector.attributes],
)

__all__ = [
    "EXTRA_OPS",
    "BitcastOp",
    "BroadcastOp",
    "CombiningKindAttr",
    "CombiningKindFlag",
    "ConstantMaskOp",
    "CreateMaskOp",
    "ExtractOp",
    "ExtractStridedSliceOp",
    "FMAOp",
    "InsertOp",
    "InsertStridedSliceOp",
    "LoadOp",
    "MaskedLoadOp",
    "MaskedStoreOp",
    "MultiDimReductionOp",
    "PrintOp",
    "ReductionOp",
    "ShapeCastOp",
    "ShuffleOp",
    "StepOp",
    "StoreOp",
    "TransferReadOp",
    "TransferWriteOp",
    "TransposeOp",
    "Vector",
]
