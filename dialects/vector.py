"""The merged ``vector`` dialect: xDSL 0.74's vector ops plus the LLVM 22 ops it lacks.

``wgdist-opt`` and :func:`wgdist.context` register :data:`Vector` in place of xDSL's dialect of
the same name. Every op and attribute class - xDSL's and wgdist's - is importable from this
module, and :data:`Vector` lists them once::

    from wgdist.dialects.vector import BroadcastOp, MultiDimReductionOp, TransposeOp

Where each op is defined:

* ``vector_ops/shape.py``: ``vector.transpose``, ``vector.shape_cast``;
* ``vector_ops/constants.py``: ``vector.step``, ``vector.constant_mask``;
* ``vector_ops/reduction.py``: ``vector.multi_reduction``;
* ``vector_ops/strided_slices.py``: ``vector.extract_strided_slice``,
  ``vector.insert_strided_slice``;
* ``xdsl.dialects.vector``: every other op (``broadcast``, ``extract``, ``insert``, ``fma``,
  ``reduction``, ``load``, ``store``, ``transfer_read``, ...).

xDSL's ops cannot be subclassed to add LLVM 22's verifier rules (passes match them by class);
the rules they lack are in ``vector_ops/checked.py`` (``PARSE_CHECKS``). ``vector.splat`` is not
provided: LLVM 22 removed it (use ``vector.broadcast``).
"""

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

from wgdist.dialects.vector_ops.constants import ConstantMaskOp, StepOp
from wgdist.dialects.vector_ops.reduction import MultiDimReductionOp
from wgdist.dialects.vector_ops.shape import ShapeCastOp, TransposeOp
from wgdist.dialects.vector_ops.strided_slices import ExtractStridedSliceOp, InsertStridedSliceOp

Vector = Dialect(
    "vector",
    [
        # xdsl.dialects.vector
        LoadOp,
        StoreOp,
        BroadcastOp,
        FMAOp,
        MaskedLoadOp,
        MaskedStoreOp,
        PrintOp,
        CreateMaskOp,
        ExtractOp,
        InsertOp,
        ReductionOp,
        ShuffleOp,
        BitcastOp,
        TransferReadOp,
        TransferWriteOp,
        # vector_ops.shape
        TransposeOp,
        ShapeCastOp,
        # vector_ops.constants
        StepOp,
        ConstantMaskOp,
        # vector_ops.reduction
        MultiDimReductionOp,
        # vector_ops.strided_slices
        ExtractStridedSliceOp,
        InsertStridedSliceOp,
    ],
    [CombiningKindAttr],
)

__all__ = [
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
