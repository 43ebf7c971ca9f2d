"""wgdist.ir.expected: the expected-* lines, read and matched as mlir-opt 22 does (the end-to-end
comparison with mlir-opt is tests/filecheck/with-mlir/verify-diagnostics.mlir)."""

from __future__ import annotations

import pytest

from wgdist.ir.diagnostics import Diagnostic
from wgdist.ir.expected import ExpectedDiagnostics, read_expectations

TEXT = """\
op_a
// expected-error @above {{a}}
// expected-error @below {{b}}
// expected-warning @+2 {{c}}
op_b
op_c  // expected-remark {{same line}}
// expected-note @-6 {{not in the file}}
// expected-error @unknown {{anywhere}}
// expected-error-re {{x {{[0-9]+}} y}}
text after }} // expected-error {{trailing}} and more
"""


def test_designators_name_lines_as_mlir_opt() -> None:
    found = {e.text: e.line for e in read_expectations(TEXT, line_offset=10)}
    assert found == {
        "a": 11,  # the nearest line above that is not an expected-* line
        "b": 15,  # the nearest such line below
        "c": 16,
        "same line": 16,
        "not in the file": 11,
        "anywhere": None,
        "x {{[0-9]+}} y": 19,
    }  # the line with text after '}}' expects nothing


def test_regex_parts_and_literal_parts() -> None:
    (e,) = [e for e in read_expectations(TEXT) if e.text.startswith("x ")]
    assert e.matches("op: x 42 y")
    assert not e.matches("op: x 4a y")
    (plain,) = read_expectations("// expected-error {{a.b [0]}}")
    assert plain.matches("1 a.b [0] 2") and not plain.matches("axb 0")


def test_matching_order_and_messages() -> None:
    source = "x\n// expected-error @-1 {{boom}}\n// expected-error @-2 {{boom}}\n// expected-warning @-3 {{w}}\n"
    checker = ExpectedDiagnostics("f.mlir", source)
    checker.add_chunk(source, 0)
    assert checker.check(Diagnostic("error", "a boom here", 1, 1)) == []
    assert checker.check(Diagnostic("error", "w", 1, 1)) == [
        "f.mlir:4:4: error: 'error' diagnostic emitted when expecting a 'warning'\n"
        "// expected-warning @-3 {{w}}\n   ^"
    ]
    assert checker.check(Diagnostic("remark", "other", 1, 1)) == [
        "f.mlir:1:1: error: unexpected remark: other\nx\n^"
    ]
    # the first of two identical expectations matched; the second is reported, caret over its text
    assert checker.finish() == [
        'f.mlir:3:4: error: expected error "boom" was not produced\n// expected-error @-2 {{boom}}\n   ^~~~',
        'f.mlir:4:4: error: expected warning "w" was not produced\n// expected-warning @-3 {{w}}\n   ^',
    ]
    assert checker.failed


def test_only_expected_ignores_the_unexpected() -> None:
    checker = ExpectedDiagnostics("f.mlir", "x\n", only_expected=True)
    checker.add_chunk("x\n", 0)
    assert checker.check(Diagnostic("error", "anything", 1, 1)) == []
    assert checker.finish() == [] and not checker.failed


def test_bad_regex_is_a_user_error() -> None:
    with pytest.raises(ValueError, match=r"line 1: invalid regex in expected-error-re"):
        read_expectations("// expected-error-re {{a {{[}} b}}")
