"""The ``xdsl.universe`` entry point: only names xDSL does not own (never ``vector``)."""

from xdsl.universe import Universe

from wgdist.dialects import get_new_dialects
from wgdist.passes import get_all_passes

WGDIST_UNIVERSE = Universe(all_dialects=get_new_dialects(), all_passes=get_all_passes())
