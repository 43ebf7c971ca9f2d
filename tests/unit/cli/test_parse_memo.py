"""The parser's reuse of what it already read (issue 14): an attribute or type spelled the same
way again is the object built the first time, and the module prints exactly as xDSL's own
parser's; region scopes restore the visible SSA names without copying them."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError

from wgdist import context
from wgdist.ir.parser import parse

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
from distribute_vs_mlir import kernel  # noqa: E402

A = "#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16]>"
B = "#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [16, 16]>"


def _text(module: object, debuginfo: bool = False) -> str:
    out = io.StringIO()
    Printer(stream=out, print_debuginfo=debuginfo).print_op(module)  # type: ignore[arg-type]
    return out.getvalue()


def _attrs(text: str) -> dict[str, list[object]]:
    module = parse(text, context())
    found: dict[str, list[object]] = {}
    for op in module.walk():
        for name, attr in op.attributes.items():
            found.setdefault(name, []).append(attr)
    return found


def test_the_generated_kernels_print_as_xdsls_parser_reads_them():
    text = kernel(3)
    ours = parse(text, context())
    theirs = Parser(context(), text).parse_module()
    assert _text(ours) == _text(theirs)


def test_the_same_spelling_is_one_attribute_and_a_different_one_is_not():
    text = f"""
%a = arith.constant {{l = {A}, t = vector<4xf32>}} 0 : index
%b = arith.constant {{l = {A}, t = vector<4xf32>}} 1 : index
%c = arith.constant {{l = {B}, t = vector<4xf16>}} 2 : index
%d = arith.constant {{l = {A.replace(", ", ",  ")}, t = vector<4 x f32>}} 3 : index
"""
    attrs = _attrs(text)
    first, second, other, spaced = attrs["l"]
    assert first is second
    assert other is not first and other != first
    assert spaced == first  # another spelling of the same layout: parsed, equal
    t0, t1, t2, t3 = attrs["t"]
    assert t0 is t1 and t2 != t0 and t3 == t0


def test_a_longer_text_starting_like_a_known_one_is_parsed_in_full():
    known = "#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>"
    longer = "#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16]>"
    attrs = _attrs(f"%a = arith.constant {{l = {known}}} 0 : index\n%b = arith.constant {{l = {longer}}} 0 : index\n")
    assert [str(a) for a in attrs["l"]] == [known, longer]


def test_aliases_and_inline_spellings_agree():
    text = f"#al = {A}\n%a = arith.constant {{l = #al}} 0 : index\n%b = arith.constant {{l = {A}}} 0 : index\n"
    first, second = _attrs(text)["l"]
    assert first == second


def test_an_invalid_spelling_is_an_error_each_time_it_is_met():
    bad = "#xegpu.layout<sg_layout = [8, 4], sg_data = [32]>"
    with pytest.raises(ParseError) as e:
        parse(f"%a = arith.constant {{l = {bad}}} 0 : index\n", context(), "in.mlir")
    assert str(e.value).startswith("in.mlir:1:")


def test_sibling_regions_may_reuse_names_and_inner_names_do_not_leak():
    loop = "scf.for %i = %c0 to %c4 step %c1 {{\n  %x = arith.addi %i, %i : index\n  {use}\n}}\n"
    head = "%c0 = arith.constant 0 : index\n%c1 = arith.constant 1 : index\n%c4 = arith.constant 4 : index\n"
    ok = head + loop.format(use="") + loop.format(use="%y = arith.addi %x, %c1 : index")
    assert sum(1 for o in parse(ok, context()).walk() if o.name == "arith.addi") == 3
    leaked = head + loop.format(use="") + "%z = arith.addi %x, %c1 : index\n"
    with pytest.raises(ParseError) as e:
        parse(leaked, context(), "in.mlir")
    assert "%x" in str(e.value)
    redefined = head + "%x = arith.addi %c0, %c1 : index\n" + loop.format(use="")
    with pytest.raises(ParseError, match="already defined"):
        parse(redefined, context(), "in.mlir")
