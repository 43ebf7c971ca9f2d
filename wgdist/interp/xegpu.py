"""Registers every xegpu op handler (block ops, gather/scatter, SLM matrices, barriers)."""

from wgdist.interp import xegpu_mem, xegpu_nd  # noqa: F401
