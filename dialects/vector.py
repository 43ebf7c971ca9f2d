"""The merged ``vector`` dialect: xDSL 0.74's vector ops plus the LLVM 22 ops it lacks.

``wgdist-opt`` and :func:`wgdist.context` register :data:`Vector` in place of xDSL's dialect of
the same name. Every op and attribute class - xDSL's and wgdist's - is importable from this
module, and :data:`Vector` lists them once::

    from wgdist.dialects.vector import BroadcastOp, MultiDimReductionOp, TransposeOp

Where each op is defined:

* ``vector_ops/shape.py``: ``vector.transpose``, ``vector.shape_cast``;
* ``vector_ops/constants.py``: ``vector.step``, ``vector.constant_mask``, ``vector.create_mask``;
* ``vector_ops/memory.py``: ``vector.load``, ``vector.store``;
* ``vector_ops/casts.py``: ``vector.bitcast``;
* ``vector_ops/shuffle.py``: ``vector.shuffle``;
* ``vector_ops/interleave.py``: ``vector.interleave``, ``vector.deinterleave``;
* ``vector_ops/printing.py``: ``vector.print`` (and ``#vector.punctuation``);
* ``vector_ops/reduction.py``: ``vector.multi_reduction``;
* ``vector_ops/strided_slices.py``: ``vector.extract_strided_slice``,
  ``vector.insert_strided_slice``;
* ``xdsl.dialects.vector``: every other op (``broadcast``, ``extract``, ``insert``, ``fma``,
  ``reduction``, ``transfer_read``, ...).

The ops of ``create_mask``, ``load``, ``store``, ``bitcast``, ``shuffle`` and ``print`` replace
xDSL's classes of the same names, whose verifiers reject what LLVM 22 accepts (memrefs of vectors,
``index`` bitcasts, 0-D masks) or which lack LLVM 22's syntax.

xDSL's ops cannot be subclassed to add LLVM 22's verifier rules (passes match them by class);
the rules they lack are in ``vector_ops/checked.py`` (``PARSE_CHECKS``). ``vector.splat`` is not
provided: LLVM 22 removed it (use ``vector.broadcast``).
"""

from xdsl.dialects.vector import (
    BroadcastOp,
    CombiningKindAttr,
    CombiningKindFlag,
    ExtractOp,
    FMAOp,
    InsertOp,
    MaskedLoadOp,
    MaskedStoreOp,
    ReductionOp,
    TransferReadOp,
    TransferWriteOp,
)
from xdsl.ir import Dialect

from wgdist.dialects.vector_ops.casts import BitcastOp
from wgdist.dialects.vector_ops.constants import ConstantMaskOp, CreateMaskOp, StepOp
from wgdist.dialects.vector_ops.interleave import DeinterleaveOp, InterleaveOp
from wgdist.dialects.vector_ops.memory import LoadOp, StoreOp
from wgdist.dialects.vector_ops.printing import PrintOp, PrintPunctuation, PrintPunctuationAttr
from wgdist.dialects.vector_ops.reduction import MultiDimReductionOp
from wgdist.dialects.vector_ops.shape import ShapeCastOp, TransposeOp
from wgdist.dialects.vector_ops.shuffle import ShuffleOp
from wgdist.dialects.vector_ops.strided_slices import ExtractStridedSliceOp, InsertStridedSliceOp

Vector = Dialect(
    "vector",
    [
        # xdsl.dialects.vector
        BroadcastOp,
        FMAOp,
        MaskedLoadOp,
        MaskedStoreOp,
        ExtractOp,
        InsertOp,
        ReductionOp,
        TransferReadOp,
        TransferWriteOp,
        # vector_ops.memory, .casts, .shuffle, .printing: xDSL's names, LLVM 22's verifiers
        LoadOp,
        StoreOp,
        BitcastOp,
        ShuffleOp,
        PrintOp,
        # vector_ops.shape
        TransposeOp,
        ShapeCastOp,
        # vector_ops.constants
        StepOp,
        ConstantMaskOp,
        CreateMaskOp,
        # vector_ops.reduction
        MultiDimReductionOp,
        # vector_ops.strided_slices
        ExtractStridedSliceOp,
        InsertStridedSliceOp,
        # vector_ops.interleave
        InterleaveOp,
        DeinterleaveOp,
    ],
    [CombiningKindAttr, PrintPunctuationAttr],
)

__all__ = [
    "BitcastOp",
    "BroadcastOp",
    "CombiningKindAttr",
    "CombiningKindFlag",
    "ConstantMaskOp",
    "CreateMaskOp",
    "DeinterleaveOp",
    "ExtractOp",
    "ExtractStridedSliceOp",
    "FMAOp",
    "InsertOp",
    "InsertStridedSliceOp",
    "InterleaveOp",
    "LoadOp",
    "MaskedLoadOp",
    "MaskedStoreOp",
    "MultiDimReductionOp",
    "PrintOp",
    "PrintPunctuation",
    "PrintPunctuationAttr",
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
