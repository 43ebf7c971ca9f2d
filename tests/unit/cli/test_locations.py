"""Op locations from the parser's line table (issue 14): the same ``file:line:col`` that
counting newlines from the start of the file gives, on the first and last line, after ops
written over several lines, in large files and in ``--split-input-file`` chunks, and the
diagnostics that print them. An op is located at its name, after its results
(``%0 = arith.addi`` at ``arith``), as mlir-opt 22 locates it."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import FileLineColLoc
from xdsl.utils.exceptions import ParseError

from wgdist import context
from wgdist.ir.parser import parse


def _locations(text: str, **kwargs: object) -> list[tuple[str, int, int]]:
    module = parse(text, context(), "in.mlir", **kwargs)  # type: ignore[arg-type]
    out = []
    for op in module.walk():
        if op is module:
            continue
        loc = op.location
        assert isinstance(loc, FileLineColLoc), (op.name, loc)
        out.append((op.name, loc.line.data, loc.column.data))
    return out


def _brute_force(text: str, marker: str) -> list[tuple[int, int]]:
    """Line and column of each ``marker`` in ``text``, by counting from the start of the file."""
    found, pos = [], text.find(marker)
    while pos >= 0:
        line_start = text.rfind("\n", 0, pos) + 1
        found.append((text.count("\n", 0, line_start) + 1, pos - line_start + 1))
        pos = text.find(marker, pos + 1)
    return found


def test_first_and_last_line_without_a_final_newline():
    text = "%a = arith.constant 0 : index\n\n  %b = arith.constant 1 : index\n    %c = arith.addi %a, %b : index"
    assert _locations(text) == [("arith.constant", 1, 6), ("arith.constant", 3, 8), ("arith.addi", 4, 10)]


def test_ops_after_an_op_written_over_several_lines():
    text = """func.func @f(%a: index,
             %b: index) -> index {
  %s = arith.addi %a,
         %b : index
  %t = arith.muli %s, %s
         {overflowFlags = #arith.overflow<none>}
         : index
  func.return %t : index
}
"""
    assert _locations(text) == [
        ("func.func", 1, 1),
        ("arith.addi", 3, 8),
        ("arith.muli", 5, 8),
        ("func.return", 8, 3),
    ]


def test_a_large_file_matches_counting_newlines():
    body = "".join(
        f"  %v{i} = arith.addi %a, %a : index // {'x' * (i % 7)}\n" + ("\n" if i % 3 == 0 else "")
        for i in range(3000)
    )
    text = f"func.func @f(%a: index) {{\n{body}  func.return\n}}"
    got = [(line, col) for name, line, col in _locations(text) if name == "arith.addi"]
    assert got == _brute_force(text, "arith.addi")
    assert _locations(text)[-1] == ("func.return", text.count("\n"), 3)


def test_line_offset_shifts_lines_not_columns():
    text = "\n  %c = arith.constant 0 : index\n"
    assert _locations(text, line_offset=10) == [("arith.constant", 12, 8)]


def test_an_error_on_the_last_line_of_a_large_file_names_that_line():
    lines = [f"%c{i} = arith.constant {i} : index" for i in range(2000)]
    lines.append("%bad = arith.addi %c0, %c1 : i32")
    with pytest.raises(ParseError) as e:
        parse("\n".join(lines), context(), "in.mlir")
    assert e.value.span.get_location().line == 2001


def test_a_located_op_error_after_multi_line_ops_names_its_line():
    text = """func.func @f(%a: vector<4xf32>,
             %b: vector<4xf32>) {
  %s = arith.addf %a,
       %b : vector<4xf32>
  %r = vector.reduction <add>, %s : vector<4xf32> into f32
  %bad = vector.extract %s[7] : f32 from vector<4xf32>
  func.return
}
"""
    with pytest.raises(ParseError) as e:
        parse(text, context(), "in.mlir")
    assert str(e.value).startswith("in.mlir:6:10\n  %bad = vector.extract"), str(e.value)
