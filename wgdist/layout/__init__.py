"""The layout model: how a workgroup-level tensor is split among subgroups, and what follows
from it. FOUNDATION: plain Python, no IR types; the dialect's verifier, propagation,
distribution, the interpreter, the pictures and the tests all ask this package, and nothing
re-derives its arithmetic. Semantics: ``shared/design/layouts-spec.md``.

* :mod:`~wgdist.layout.model` - :class:`Layout`, :class:`SliceLayout` (``root``,
  ``kept_dims``), :func:`sg_part`;
* :mod:`~wgdist.layout.grid` - linear subgroup id <-> grid coordinates;
* :mod:`~wgdist.layout.validity` - can a layout split a shape (:func:`distribution_errors`),
  extent-1 dims (:func:`with_unit_dims`);
* :mod:`~wgdist.layout.ownership` - the tiles and elements each subgroup holds;
* :mod:`~wgdist.layout.sharing` - the writer predicate for shared tiles;
* :mod:`~wgdist.layout.equivalence` - :func:`same_distribution`, the one notion of "same
  layout" (structural identity is ``==``);
* :mod:`~wgdist.layout.text` - :func:`layout_text`, the one spelling of a layout in messages;
* :mod:`~wgdist.layout.rules`, :mod:`~wgdist.layout.rules_shape` (with
  :mod:`~wgdist.layout.rule_base`) - the operand layout an op needs given its result's.
"""

from wgdist.layout.equivalence import same_distribution
from wgdist.layout.grid import delinearize, linearize
from wgdist.layout.model import (
    AnyLayout,
    Layout,
    LayoutError,
    Shape,
    SliceLayout,
    replace_root,
    sg_part,
)
from wgdist.layout.ownership import (
    num_tiles,
    owned,
    owned_linear,
    owner_counts,
    rounds,
    tile_elements,
    tile_shape,
    tiles,
)
from wgdist.layout.rule_base import RuleError
from wgdist.layout.rules import (
    broadcast_source_layout,
    dpas_operand_layouts,
    dpas_result_layout,
    inverse_permutation,
    plain_equivalent,
    reduction_source_accepts,
    reduction_source_layout,
    transpose_source_layout,
)
from wgdist.layout.rules_shape import block_layouts, shape_cast_source_layout, window_layout
from wgdist.layout.sharing import is_writer, writer_dims
from wgdist.layout.text import layout_text
from wgdist.layout.validity import check, dim_mode, distribution_errors, with_unit_dims

__all__ = [
    "AnyLayout",
    "Layout",
    "LayoutError",
    "RuleError",
    "Shape",
    "SliceLayout",
    "block_layouts",
    "broadcast_source_layout",
    "check",
    "delinearize",
    "dim_mode",
    "distribution_errors",
    "dpas_operand_layouts",
    "dpas_result_layout",
    "inverse_permutation",
    "is_writer",
    "layout_text",
    "linearize",
    "num_tiles",
    "owned",
    "owned_linear",
    "owner_counts",
    "plain_equivalent",
    "reduction_source_accepts",
    "reduction_source_layout",
    "replace_root",
    "rounds",
    "same_distribution",
    "sg_part",
    "shape_cast_source_layout",
    "tile_elements",
    "tile_shape",
    "tiles",
    "transpose_source_layout",
    "window_layout",
    "with_unit_dims",
    "writer_dims",
]
