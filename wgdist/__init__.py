"""wgdist: write XeGPU kernels once per workgroup, get correct subgroup-level code.

Library entry points:

* :func:`context` - an xDSL ``Context`` with every dialect wgdist understands;
* :func:`parse` - text (LLVM 22 syntax) to a module whose ops carry ``file:line:col``;
* :func:`print_module` - a module to the text ``wgdist-opt`` prints (mlir-opt 22's spelling);
* :func:`verify` - xDSL's verifiers plus wgdist's rules, the parser's located messages;
* :func:`run_pipeline` - parse (if needed) and run a ``-p``-style pipeline, return the module;
* :func:`check` - run a kernel and its distributed form on random inputs and compare;
* :mod:`wgdist.ir` - parser, printer, diagnostics; :mod:`wgdist.layout` - the layout model;
  :mod:`wgdist.reorder` - workgroup-order schemes.

Every function imports what it needs when first called, so ``import wgdist`` stays cheap for
tools that need little (``bench/startup.py`` measures it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from xdsl.context import Context
    from xdsl.dialects.builtin import ModuleOp

    from wgdist.checker import CheckResult

__all__ = ["check", "context", "parse", "print_module", "run_pipeline", "verify"]


def context() -> Context:
    """A Context with builtin, func, arith, math, scf, memref, cf, gpu, merged vector, xegpu, and
    what mlir-opt 22 writes around them (index, #xevm.target)."""
    from xdsl.context import Context
    from xdsl.dialects import get_all_dialects

    from wgdist.dialects import get_new_dialects, get_replaced_dialects

    ctx = Context()
    factories = get_all_dialects()
    ours = {**get_replaced_dialects(), **get_new_dialects()}
    wanted = ["builtin", "func", "arith", "math", "scf", "memref", "cf"]
    for name in wanted:
        if name not in ours:
            ctx.register_dialect(name, factories[name])
    for name, f in ours.items():
        ctx.register_dialect(name, f)
    return ctx


def parse(text: str | bytes, ctx: Context | None = None, name: str = "<string>") -> ModuleOp:
    """Parse textual IR (LLVM 22 syntax) into a module, recording op locations and checking
    wgdist's rules on every op as it is read (see :func:`wgdist.ir.parse`)."""
    from wgdist.ir import parse as parse_ir

    return parse_ir(text, ctx or context(), name)


def print_module(module: ModuleOp, *, generic: bool = False) -> str:
    """The text ``wgdist-opt`` (``--print-op-generic``: ``generic``) prints for ``module``;
    ``str(module)`` is xDSL's spelling instead (``[0 : i64, 8 : i64]`` for ``[0, 8]``)."""
    from wgdist.ir import print_module as print_ir

    return print_ir(module, generic=generic)


def verify(module: ModuleOp) -> None:
    """Verify ``module`` as the parser checks what it reads: xDSL's verifiers plus wgdist's rules
    (LLVM 22's vector-op rules, ``layout_result_N``/``layout_operand_N`` fitting their value) on
    every op, also on IR built in Python or produced by a pass. Raises
    :class:`wgdist.ir.VerifyError` located at the failing op (see :func:`wgdist.ir.verify`)."""
    from wgdist.ir import verify as verify_ir

    verify_ir(module)


def run_pipeline(ir: str | ModuleOp, pipeline: str, ctx: Context | None = None) -> ModuleOp:
    """Run ``pipeline`` (``"pass1,pass2{opt=v}"``) on ``ir`` and return the module.

    A module passed in is transformed in place. The module is verified (:func:`verify`) before
    the first pass and after the last. Raises ``DiagnosticException`` subclasses on user errors
    (with the op's location when known).
    """
    from xdsl.passes import PassPipeline
    from xdsl.transforms import get_all_passes as xdsl_passes

    from wgdist.ir import check_pipeline, located_verify_errors
    from wgdist.ir import verify as verify_ir
    from wgdist.passes import get_all_passes

    ctx = ctx or context()
    module = parse(ir, ctx) if isinstance(ir, str) else ir
    verify_ir(module)
    available = {**xdsl_passes(), **get_all_passes()}
    check_pipeline(available, pipeline)
    with located_verify_errors(module):
        PassPipeline.parse_spec(available, pipeline).apply(ctx, module)
    verify_ir(module)
    return module


def check(*args: Any, **kwargs: Any) -> CheckResult:
    """Run a WG kernel and its distributed form on random inputs and compare every output.

    Imports the interpreter on first use; see :func:`wgdist.checker.check` for the arguments.
    """
    from wgdist.checker import check as run_check

    return run_check(*args, **kwargs)
