# TEMP-SHIM: remove at integration
"""Moved: :class:`Dist` lives in :mod:`wgdist.passes.distribute.dist`."""

from wgdist.passes.distribute.dist import *  # noqa: F403
from wgdist.passes.distribute.dist import Dist

__all__ = ["Dist"]
