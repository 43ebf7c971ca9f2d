# TEMP-SHIM: remove at integration
"""Moved to :mod:`wgdist.layout` (the package); import the names from there."""

from wgdist.layout import *  # noqa: F403
from wgdist.layout import (  # noqa: F401
    RuleError,
    broadcast_source_layout,
    dpas_operand_layouts,
    dpas_result_layout,
    plain_equivalent,
    reduction_source_accepts,
    reduction_source_layout,
    same_distribution,
    sg_part,
    transpose_source_layout,
)
