"""The one error policy of wgdist's command-line tools (``wgdist-opt``, ``wgdist-check``,
``wgdist-reorder``).

* A user error is one message on stderr and exit status 1, never a traceback: a parse error
  (located, with the source line and a caret), a located op error, any other
  ``DiagnosticException``, a bad ``-p`` pipeline, a file that cannot be read or written (named,
  with the reason), a ``ValueError`` / ``KeyError`` / ``NotImplementedError`` raised for the
  input, running out of memory, and the tool's own error classes (``user_errors``).
* A misused command line is argparse's usage message and status 1 (argparse's own is 2);
  ``--help`` and ``--version`` exit 0.
* Anything else (``AssertionError``, ``TypeError``, ``AttributeError``, ...) is a bug in wgdist,
  not in the input: one ``internal error`` line and status 2; ``WGDIST_TRACEBACK=1`` shows the
  traceback instead.
* Output closed early (``| head``): status 1, no message.

:func:`run_tool` also tunes CPython's cyclic garbage collector for a compiler's heap, which mostly
grows while a tool runs (parsed IR, then the pass's output): while ``body`` runs, a young
collection runs after 50,000 net allocations instead of 700, so the collector does not walk the
growing IR over and over (issue 14 measured 10% of parsing and 22% of distribution at 12k ops
with the defaults). Cycles are still collected, so memory stays bounded; the previous
thresholds are restored when ``body`` returns (in-process callers, tests).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Callable
from types import ModuleType
from typing import NoReturn

from xdsl.utils.exceptions import ArgSpecParseError, DiagnosticException, ParseError

USER_ERROR = 1
INTERNAL_ERROR = 2


class ArgumentParser(argparse.ArgumentParser):
    """argparse exits with status 2 on a usage error; every wgdist tool uses 1."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        sys.exit(USER_ERROR)


def run_tool(
    name: str,
    body: Callable[[], int | None],
    *,
    user_errors: tuple[type[Exception], ...] = (),
    memory_hint: str = "",
) -> int:
    """Run a tool's ``body`` under the policy and return its exit status (``None`` is 0).

    ``user_errors`` are the tool's own exception classes for user errors (printed as
    ``name: error: message``); ``memory_hint`` follows the out-of-memory message.
    """
    thresholds = gc.get_threshold()
    if thresholds[0]:  # 0: collection disabled by the caller, left so
        gc.set_threshold(max(thresholds[0], GC_YOUNG_THRESHOLD), *thresholds[1:])
    try:
        return body() or 0
    except ParseError as e:
        _error(_diagnostics().format_parse_error(e))
    except ArgSpecParseError as e:  # a malformed -p pipeline (a BaseException in xDSL 0.74)
        _error(f"{name}: error: {e}".rstrip())
    except DiagnosticException as e:
        if isinstance(e, _diagnostics().PipelineError):  # about the command line's -p
            _error(f"{name}: error: {e}".rstrip())
        else:  # located already (file:line:col: error: ...)
            _error(str(e).split("\n\n", 1)[0].rstrip())
    except MemoryError as e:
        detail = f" ({e})" if str(e) else ""
        _error(f"{name}: error: out of memory{detail}" + (f"; {memory_hint}" if memory_hint else ""))
    except BrokenPipeError:  # the reader stopped early (| head): nothing more to say
        sys.stdout = open(os.devnull, "w")  # the exit-time flush of stdout must not fail again
    except OSError as e:  # the input or an output file: name it and say why, as a user reads it
        what = f"{e.filename}: {e.strerror}" if e.filename and e.strerror else str(e)
        _error(f"{name}: error: {what}")
    except ValueError as e:
        _error(f"{name}: error: {e}")
    except (KeyError, NotImplementedError) as e:
        _error(f"{name}: error: {type(e).__name__}: {e}")
    except SystemExit as e:  # argparse (it printed why), --help, --version
        return 0 if e.code in (0, None) else USER_ERROR
    except Exception as e:
        if isinstance(e, user_errors):
            _error(f"{name}: error: {e}")
            return USER_ERROR
        if os.environ.get("WGDIST_TRACEBACK"):
            raise
        _error(
            f"{name}: internal error: {type(e).__name__}: {e}\n"
            "(a bug in wgdist; set WGDIST_TRACEBACK=1 to see where)"
        )
        return INTERNAL_ERROR
    finally:
        gc.set_threshold(*thresholds)
    return USER_ERROR


GC_YOUNG_THRESHOLD = 50_000


def _error(message: str) -> None:
    print(message, file=sys.stderr)


def _diagnostics() -> ModuleType:
    """:mod:`wgdist.ir.diagnostics`, imported only when a diagnostic is printed: it loads xDSL's
    IR, which a tool without IR (``wgdist-reorder``) never needs otherwise (start-up cost)."""
    from wgdist.ir import diagnostics

    return diagnostics


__all__ = ["INTERNAL_ERROR", "USER_ERROR", "ArgumentParser", "run_tool"]
