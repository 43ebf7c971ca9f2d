"""The ``vector`` ops that xDSL 0.74 lacks, one module per family.

:mod:`wgdist.dialects.vector` merges them with xDSL's ops into one ``vector`` dialect; import the
classes from there.
"""

from wgdist.dialects.vector_ops.reduction import MultiDimReductionOp
from wgdist.dialects.vector_ops.shape import ConstantMaskOp, ShapeCastOp, StepOp, TransposeOp
from wgdist.dialects.vector_ops.slices import ExtractStridedSliceOp, InsertStridedSliceOp

EXTRA_OPS = (
    ConstantMaskOp,
    ExtractStridedSliceOp,
    InsertStridedSliceOp,
    MultiDimReductionOp,
    ShapeCastOp,
    StepOp,
    TransposeOp,
)
