"""The ``vector`` ops xDSL 0.74 lacks, one module per op family, and checks xDSL's ops lack.

:mod:`wgdist.dialects.vector` lists every op of the merged dialect once; import the classes
from there. Modules: ``shape`` (transpose, shape_cast), ``constants`` (step, constant_mask),
``reduction`` (multi_reduction), ``strided_slices`` (extract_strided_slice,
insert_strided_slice), ``checked`` (LLVM 22 rules on xDSL's own vector ops), ``_common``
(helpers shared by the op modules).
"""
