"""Text in and out, used by every tool and by library users alike.

* :mod:`~wgdist.ir.parser`: :func:`parse` (LLVM 22 syntax, ops located at ``file:line:col``);
* :mod:`~wgdist.ir.printer`: :func:`print_module`, what ``wgdist-opt`` prints (mlir-opt 22's
  spelling);
* :mod:`~wgdist.ir.verify`: :func:`verify`, xDSL's verifiers plus wgdist's rules, located;
* :mod:`~wgdist.ir.diagnostics`: located errors (:class:`OpError`), parse-error and pipeline
  messages;
* :mod:`~wgdist.ir.cli`: the one error policy of the command-line tools (not re-exported here).
"""

from wgdist.ir.diagnostics import (
    OpError,
    PipelineError,
    VerifyError,
    check_pipeline,
    format_op_error,
    format_parse_error,
    location_of,
)
from wgdist.ir.parser import LocatingParser, parse
from wgdist.ir.printer import MlirPrinter, print_module
from wgdist.ir.verify import check_op, first_verify_error, located_verify_errors, verify

__all__ = [
    "LocatingParser",
    "MlirPrinter",
    "OpError",
    "PipelineError",
    "VerifyError",
    "check_op",
    "check_pipeline",
    "first_verify_error",
    "format_op_error",
    "format_parse_error",
    "located_verify_errors",
    "location_of",
    "parse",
    "print_module",
    "verify",
]
