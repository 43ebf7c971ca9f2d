"""The reference interpreter: runs workgroup-level and subgroup-level kernels on numpy data.

Entry point: :func:`run_kernel` (workgroup mode with ``subgroups=None``, subgroup mode with the
number of subgroups per workgroup). :mod:`wgdist.interp.compare` compares two runs;
:func:`wgdist.check` drives both for a pipeline.
"""

from wgdist.interp.launch import RunResult, find_function, run_kernel
from wgdist.interp.values import DeadlockError, InterpError, UnsupportedOpError

__all__ = ["DeadlockError", "InterpError", "RunResult", "UnsupportedOpError", "find_function", "run_kernel"]
