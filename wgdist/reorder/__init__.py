"""Cache-friendly workgroup orders, as pure Python (no IR): the FOUNDATION of ``reorder-workgroups``.

* :mod:`~wgdist.reorder.expr`: the unsigned index-expression algebra every formula is written in
  (folded with interval bounds; evaluated on ints or numpy arrays; emitted as ``arith`` by the
  pass);
* :mod:`~wgdist.reorder.options`: option names, ranges and spellings shared by the pass and
  ``wgdist-reorder``;
* :mod:`~wgdist.reorder.schemes`: :class:`Scheme`, the presets and :func:`resolve`;
* :mod:`~wgdist.reorder.mapping`: the formulas (XCD step, grouped walk) and their evaluation on a
  grid;
* :mod:`~wgdist.reorder.bijection`: the chunked bijectivity proof;
* :mod:`~wgdist.reorder.l2sim`: the cache model: an LRU L2 simulated over the dispatch order;
* :mod:`~wgdist.reorder.targets`: the GPUs it knows (``target=h100`` ...), with sources;
* :mod:`~wgdist.reorder.auto`: ``scheme=auto``'s candidates and choice;
* :mod:`~wgdist.reorder.cache_model`: the window count model (per-XCD counts for the tool).

Everything a caller needs is importable from ``wgdist.reorder``.
"""

from wgdist.reorder.auto import (
    AUTO_EXACT_WORKGROUPS,
    AUTO_SAMPLE_WORKGROUPS,
    DEFAULT_K_BLOCKS,
    DEFAULT_WINDOW,
    TIE,
    AutoChoice,
    DynamicChoice,
    Model,
    auto_candidates,
    choose_auto,
    choose_dynamic,
    model,
    scheme_traffic,
    show_bytes,
    traffic,
)
from wgdist.reorder.bijection import (
    MAX_PROOF_WORKGROUPS,
    PROOF_CHUNK,
    Proof,
    bijection_error,
    check_bijection,
    remap_ids,
)
from wgdist.reorder.cache_model import Fetches, fetches, n_windows, scheme_fetches
from wgdist.reorder.expr import Expr, const, evaluate, maxu, minu, nodes, select_ult, var
from wgdist.reorder.l2sim import DISPATCHES, Machine, Problem, Traffic, simulate
from wgdist.reorder.mapping import (
    dispatch_table,
    grid_vars,
    group_walk,
    mapping_exprs,
    prove_bijection,
    remap,
    remap_all,
    too_large_to_prove,
    xcd_step,
)
from wgdist.reorder.options import (
    COMMAND_LINE,
    DEFAULT_CHUNK,
    DEFAULT_GROUP_SIZE,
    GROUP_STYLES,
    MAX_GRID_SIZE,
    PIPELINE,
    SCHEMES,
    XCD_REMAPS,
    Spelling,
    check_grid,
    check_values,
)
from wgdist.reorder.schemes import (
    Scheme,
    check_options,
    check_scheme_values,
    closest_preset,
    resolve,
)
from wgdist.reorder.targets import TARGETS, Target, get_target

__all__ = [
    "AUTO_EXACT_WORKGROUPS",
    "AUTO_SAMPLE_WORKGROUPS",
    "COMMAND_LINE",
    "DEFAULT_CHUNK",
    "DEFAULT_GROUP_SIZE",
    "DEFAULT_K_BLOCKS",
    "DEFAULT_WINDOW",
    "DISPATCHES",
    "GROUP_STYLES",
    "MAX_GRID_SIZE",
    "MAX_PROOF_WORKGROUPS",
    "PIPELINE",
    "PROOF_CHUNK",
    "SCHEMES",
    "TARGETS",
    "TIE",
    "XCD_REMAPS",
    "AutoChoice",
    "DynamicChoice",
    "Expr",
    "Fetches",
    "Machine",
    "Model",
    "Problem",
    "Proof",
    "Scheme",
    "Spelling",
    "Target",
    "Traffic",
    "auto_candidates",
    "bijection_error",
    "check_bijection",
    "check_grid",
    "check_options",
    "check_scheme_values",
    "check_values",
    "choose_auto",
    "choose_dynamic",
    "closest_preset",
    "const",
    "dispatch_table",
    "evaluate",
    "fetches",
    "grid_vars",
    "group_walk",
    "mapping_exprs",
    "maxu",
    "minu",
    "model",
    "n_windows",
    "nodes",
    "prove_bijection",
    "remap",
    "remap_all",
    "remap_ids",
    "resolve",
    "scheme_fetches",
    "scheme_traffic",
    "select_ult",
    "show_bytes",
    "simulate",
    "get_target",
    "too_large_to_prove",
    "traffic",
    "var",
    "xcd_step",
]
