# TEMP-SHIM: remove at integration
"""Moved to :mod:`wgdist.ir.parser`."""

from wgdist.ir.parser import *  # noqa: F403
from wgdist.ir.parser import LocatingParser  # noqa: F401
