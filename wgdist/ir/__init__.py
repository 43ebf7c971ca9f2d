"""Text in and out, used by every tool and by library users alike.

* :mod:`~wgdist.ir.parser`: :func:`parse` (LLVM 22 syntax, ops located at ``file:line:col``);
* :mod:`~wgdist.ir.printer`: :func:`print_module`, what ``wgdist-opt`` prints (mlir-opt 22's
  spelling);
* :mod:`~wgdist.ir.verifier`: :func:`verify`, xDSL's verifiers plus wgdist's rules, located
  (the module is not named ``verify``: as an attribute of this package the submodule would
  shadow the function);
* :mod:`~wgdist.ir.diagnostics`: located errors (:class:`OpError`), parse-error and pipeline
  messages;
* :mod:`~wgdist.ir.cli`: the one error policy of the command-line tools (not re-exported here).

The names below are imported from their module on first use (PEP 562 ``__getattr__``), so that
importing :mod:`wgdist.ir.cli` does not load xDSL's IR: ``wgdist-reorder`` uses the policy and
needs no IR (it starts in about 25 ms; loading the IR modules takes about 150 ms more).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wgdist.ir.diagnostics import (
        OpError,
        PipelineError,
        VerifyError,
        VerifyErrors,
        check_pipeline,
        format_op_error,
        format_parse_error,
        location_of,
    )
    from wgdist.ir.parser import LocatingParser, parse
    from wgdist.ir.printer import MlirPrinter, print_module
    from wgdist.ir.verifier import (
        check_op,
        first_verify_error,
        located_verify_errors,
        verify,
        verify_errors,
    )

__all__ = [
    "LocatingParser",
    "MlirPrinter",
    "OpError",
    "PipelineError",
    "VerifyError",
    "VerifyErrors",
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
    "verify_errors",
]

_MODULE_OF = {
    "LocatingParser": "parser",
    "MlirPrinter": "printer",
    "OpError": "diagnostics",
    "PipelineError": "diagnostics",
    "VerifyError": "diagnostics",
    "VerifyErrors": "diagnostics",
    "check_op": "verifier",
    "check_pipeline": "diagnostics",
    "first_verify_error": "verifier",
    "format_op_error": "diagnostics",
    "format_parse_error": "diagnostics",
    "located_verify_errors": "verifier",
    "location_of": "diagnostics",
    "parse": "parser",
    "print_module": "printer",
    "verify": "verifier",
    "verify_errors": "verifier",
}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'wgdist.ir' has no attribute '{name}'")
    value = getattr(importlib.import_module(f"wgdist.ir.{module}"), name)
    globals()[name] = value
    return value
