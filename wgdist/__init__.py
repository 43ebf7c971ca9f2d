"""wgdist: write XeGPU kernels once per workgroup, get correct subgroup-level code.

Library entry points:

* :func:`context` - an xDSL ``Context`` with every dialect wgdist understands;
* :func:`run_pipeline` - parse (if needed) and run a ``-p``-style pipeline, return the module;
* :mod:`wgdist.layout` - the layout model; :mod:`wgdist.reorder` - workgroup-order schemes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported lazily: `import wgdist` stays cheap for tools that need little
    from xdsl.context import Context
    from xdsl.dialects.builtin import ModuleOp

    from wgdist.checker import CheckResult

__all__ = ["check", "context", "parse", "run_pipeline"]


def context() -> Context:
    """A Context with builtin, func, arith, math, scf, memref, gpu, merged vector and xegpu."""
    from xdsl.context import Context
    from xdsl.dialects import get_all_dialects

    from wgdist.dialects import get_new_dialects, get_replaced_dialects

    ctx = Context()
    factories = get_all_dialects()
    ours = {**get_replaced_dialects(), **get_new_dialects()}
    wanted = ["builtin", "func", "arith", "math", "scf", "memref", "cf"]  # xDSL has no index
    for name in wanted:
        if name not in ours:
            ctx.register_dialect(name, factories[name])
    for name, f in ours.items():
        ctx.register_dialect(name, f)
    return ctx


def parse(text: str, ctx: Context | None = None, name: str = "<string>") -> ModuleOp:
    """Parse textual IR (LLVM 22 syntax) into a module, recording op locations."""
    from wgdist.parser import LocatingParser

    return LocatingParser(ctx or context(), text, name).parse_module()


def run_pipeline(ir: str | ModuleOp, pipeline: str, ctx: Context | None = None) -> ModuleOp:
    """Run ``pipeline`` (``"pass1,pass2{opt=v}"``) on ``ir`` and return the module.

    A module passed in is transformed in place. Raises ``DiagnosticException`` subclasses on
    user errors (with the op's location when known).
    """
    from xdsl.passes import PassPipeline
    from xdsl.transforms import get_all_passes as xdsl_passes

    from wgdist.diagnostics import check_pipeline
    from wgdist.passes import get_all_passes

    ctx = ctx or context()
    module = parse(ir, ctx) if isinstance(ir, str) else ir
    module.verify()
    available = {**xdsl_passes(), **get_all_passes()}
    check_pipeline(available, pipeline)
    PassPipeline.parse_spec(available, pipeline).apply(ctx, module)
    module.verify()
    return module


def check(*args: Any, **kwargs: Any) -> CheckResult:
    """Run a WG kernel and its distributed form on random inputs and compare every output.

    Imports the interpreter on first use; see :func:`wgdist.checker.check` for the arguments.
    """
    from wgdist.checker import check as run_check

    return run_check(*args, **kwargs)
