"""The ``xegpu`` dialect (LLVM 22's XeGPU, plus the RFC's ``wg_map``/``sg_map`` spellings).

Modules: :mod:`.attrs` (layouts, encodings, enums), :mod:`.types` (tensor_desc, mem_desc,
nbarrier), ``ops_nd``/``ops_scatter``/``ops_matrix``/``ops_sync``/``ops_compute`` (the ops by
family), :mod:`.offsets` (mixed static/dynamic index lists), :mod:`.layout_access` (where each
op keeps its layouts).
"""

from xdsl.ir import Dialect

from wgdist.dialects.xegpu.attrs import ATTRS
from wgdist.dialects.xegpu.ops_compute import COMPUTE_OPS
from wgdist.dialects.xegpu.ops_matrix import MATRIX_OPS
from wgdist.dialects.xegpu.ops_nd import ND_OPS
from wgdist.dialects.xegpu.ops_scatter import SCATTER_OPS
from wgdist.dialects.xegpu.ops_sync import SYNC_OPS
from wgdist.dialects.xegpu.types import TYPES

XeGPU = Dialect("xegpu", [*ND_OPS, *SCATTER_OPS, *MATRIX_OPS, *SYNC_OPS, *COMPUTE_OPS], [*ATTRS, *TYPES])

__all__ = ["XeGPU"]
