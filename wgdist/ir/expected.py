"""``--verify-diagnostics``: the ``expected-*`` lines of a test file, checked as mlir-opt 22 does.

A line containing ``expected-<severity>[-re] [@designator] {{text}}`` (at its end) expects a
diagnostic of that severity (``error``, ``warning``, ``remark``, ``note``) whose message contains
``text``; in the ``-re`` form each ``{{...}}`` inside the text is a regular expression and the
rest is literal. The designator names the line the diagnostic must be reported at: none (the same
line), ``@+N`` / ``@-N`` (relative), ``@above`` (the nearest line above that is not itself an
``expected-*`` line), ``@below`` (the nearest such line below), ``@unknown`` (a diagnostic without
a location). An empty ``{{}}`` matches any message.

:class:`ExpectedDiagnostics` receives every diagnostic of a run (:meth:`~ExpectedDiagnostics.check`)
and returns the lines to print, with mlir-opt 22's wording:

* ``file:L:C: error: unexpected error: MSG`` (and ``unexpected warning``/``remark``), with the
  source line and a caret, for a diagnostic no expectation matches (not in ``only-expected`` mode);
* ``file:L:C: error: 'error' diagnostic emitted when expecting a 'warning'`` at the expectation
  whose text matched a diagnostic of another severity;
* after the run (:meth:`~ExpectedDiagnostics.finish`): ``file:L:C: error: expected error "TEXT"
  was not produced`` at each expectation left unmatched, the caret underlining its text.

:func:`diagnostic_of` turns the exceptions wgdist raises for user errors (parse errors, located op
errors, other located ``DiagnosticException``) into :class:`~wgdist.ir.diagnostics.Diagnostic`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from xdsl.utils.exceptions import DiagnosticException, ParseError

from wgdist.ir.diagnostics import Diagnostic, OpError, VerifyErrors, location_of

_DESIGNATOR = re.compile(
    r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$"
)
_REGEX_PART = re.compile(r"\{\{(.*?)\}\}")
_LOCATED = re.compile(r"^(.*?):(\d+):(\d+): (error|warning|remark|note): (.*)$", re.DOTALL)


@dataclass
class Expectation:
    """One ``expected-*`` line: what it expects, and where it was written (for messages)."""

    severity: str
    text: str
    pattern: re.Pattern[str]
    line: int | None  # the line the diagnostic must be at; None for @unknown
    written_line: int
    written_col: int
    matched: bool = False

    def matches(self, message: str) -> bool:
        return self.pattern.search(message) is not None


def _pattern(text: str, is_regex: bool) -> re.Pattern[str]:
    if not is_regex:
        return re.compile(re.escape(text))
    parts: list[str] = []
    last = 0
    for found in _REGEX_PART.finditer(text):
        parts.append(re.escape(text[last : found.start()]))
        parts.append(f"(?:{found.group(1)})")
        last = found.end()
    parts.append(re.escape(text[last:]))
    return re.compile("".join(parts))


def read_expectations(text: str, line_offset: int = 0) -> list[Expectation]:
    """The ``expected-*`` lines of ``text`` (one chunk); lines are shifted by ``line_offset``.

    A bad ``-re`` regular expression is a ``ValueError`` naming the line."""
    found: list[Expectation] = []
    below: list[Expectation] = []
    last_plain = line_offset  # the nearest line above that is not an expected-* line
    lines = text.split("\n")
    for index, source in enumerate(lines):
        number = index + 1 + line_offset
        m = _DESIGNATOR.search(source.rstrip("\r"))
        if m is None:
            for waiting in below:
                waiting.line = number
            below.clear()
            last_plain = number
            continue
        severity, is_regex, designator, message = m.group(1), m.group(2), m.group(4), m.group(5)
        try:
            pattern = _pattern(message, bool(is_regex))
        except re.error as e:
            raise ValueError(f"line {number}: invalid regex in expected-{severity}-re: {e}") from None
        line: int | None = number
        if designator == "unknown":
            line = None
        elif designator == "above":
            line = last_plain
        elif designator == "below":
            line = line_offset + len(lines)  # where a dangling @below ends up
        elif designator is not None:
            line = number + int(designator)
        expectation = Expectation(severity, message, pattern, line, number, m.start() + 1)
        if designator == "below":
            below.append(expectation)
        found.append(expectation)
    return found


def diagnostics_of(error: Exception) -> list[Diagnostic]:
    """The diagnostics a user-error exception reports: one, or one per failing function when the
    verifier found several (:class:`~wgdist.ir.diagnostics.VerifyErrors`, a parse error's
    ``more_errors``)."""
    if isinstance(error, VerifyErrors):
        return [diagnostic_of(e) for e in error.errors]
    if isinstance(error, ParseError):
        return [diagnostic_of(error), *(diagnostic_of(e) for e in getattr(error, "more_errors", ()))]
    return [diagnostic_of(error)]


def diagnostic_of(error: Exception) -> Diagnostic:
    """The diagnostic a user-error exception reports (its location, severity and message)."""
    if isinstance(error, ParseError):
        loc = error.span.get_location()
        return Diagnostic("error", error.msg.strip(), loc.line, loc.col)
    if isinstance(error, OpError):
        where = location_of(error.op)
        line = col = None
        if where is not None:
            _, line_text, col_text = where.rsplit(":", 2)
            line, col = int(line_text), int(col_text)
        return Diagnostic("error", f"'{error.op.name}' op {error.message}", line, col)
    text = str(error).split("\n\n", 1)[0].strip()
    located = _LOCATED.match(text)
    if isinstance(error, DiagnosticException) and located is not None:
        message = located.group(5).split("\n", 1)[0]
        return Diagnostic(located.group(4), message, int(located.group(2)), int(located.group(3)))
    return Diagnostic("error", text.split("\n", 1)[0])


@dataclass
class ExpectedDiagnostics:
    """Checks a run's diagnostics against the ``expected-*`` lines of the file ``name``.

    ``source`` is the whole file (for the quoted lines); add each chunk's expectations with
    :meth:`add_chunk`. ``only_expected`` (``--verify-diagnostics=only-expected``) ignores
    diagnostics no expectation names."""

    name: str
    source: str
    only_expected: bool = False
    expectations: list[Expectation] = field(default_factory=list)
    failed: bool = False

    def add_chunk(self, text: str, line_offset: int) -> None:
        self.expectations.extend(read_expectations(text, line_offset))

    def check(self, diagnostic: Diagnostic) -> list[str]:
        """Match one diagnostic; return the messages to print now (none when it was expected)."""
        candidates = [e for e in self.expectations if e.line == diagnostic.line]
        by_text = [e for e in candidates if e.matches(diagnostic.message)]
        same = [e for e in by_text if e.severity == diagnostic.severity]
        if same:
            unmatched = [e for e in same if not e.matched]
            (unmatched or same)[0].matched = True
            return []
        if self.only_expected:
            return []
        self.failed = True
        if by_text:
            e = by_text[0]
            return [
                self._at(
                    e.written_line,
                    e.written_col,
                    f"'{diagnostic.severity}' diagnostic emitted when expecting a '{e.severity}'",
                )
            ]
        text = f"unexpected {diagnostic.severity}: {diagnostic.message}"
        if diagnostic.line is None:
            return [f"<unknown>:0: error: {text}"]
        return [self._at(diagnostic.line, diagnostic.col or 1, text)]

    def finish(self) -> list[str]:
        """The messages for expectations no diagnostic matched (file order, unlocated last)."""
        messages: list[str] = []
        left = [e for e in self.expectations if not e.matched]
        for e in sorted(left, key=lambda e: (e.line is None, e.written_line)):
            self.failed = True
            text = f'expected {e.severity} "{e.text}" was not produced'
            if e.line is None:
                messages.append(f"<unknown>:0: error: {text}")
            else:
                messages.append(self._at(e.written_line, e.written_col, text, len(e.text)))
        return messages

    def _at(self, line: int, col: int, text: str, width: int = 1) -> str:
        lines = self.source.split("\n")
        quoted = lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""
        caret = " " * (col - 1) + "^" + "~" * max(width - 1, 0)
        return f"{self.name}:{line}:{col}: error: {text}\n{quoted}\n{caret}"


__all__ = ["ExpectedDiagnostics", "Expectation", "diagnostic_of", "diagnostics_of", "read_expectations"]
