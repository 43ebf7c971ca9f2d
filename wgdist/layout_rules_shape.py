# TEMP-SHIM: remove at integration
"""Moved to :mod:`wgdist.layout` (the package); import the names from there."""

from wgdist.layout import *  # noqa: F403
from wgdist.layout import block_layouts, shape_cast_source_layout, window_layout  # noqa: F401
