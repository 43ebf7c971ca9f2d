# TEMP-SHIM: remove at integration
"""Moved to :mod:`wgdist.ir.diagnostics` (and :mod:`wgdist.ir.verifier` for ``first_verify_error``)."""

from wgdist.ir.diagnostics import *  # noqa: F403
from wgdist.ir.diagnostics import (  # noqa: F401
    OpError,
    PipelineError,
    check_pipeline,
    format_op_error,
    location_of,
)
from wgdist.ir.verifier import first_verify_error  # noqa: F401
