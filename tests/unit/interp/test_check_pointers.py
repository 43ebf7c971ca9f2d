"""Pointer (``ui64``) and vector parameters: the check gives them inputs and compares what the
kernel does with them (pointer buffers like memref arguments, sized from the kernel's shapes)."""

from __future__ import annotations

import re

import pytest

import wgdist
from wgdist.checker import check
from wgdist.interp import InterpError
from wgdist.interp.kernel_inputs import scalar_parameters
from wgdist.interp.launch import find_function
from wgdist.interp.pointers import POINTER_BASE, descriptor_defaults, pointer_parameters

BLOCK = """
#nui = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], inst_data = [8, 16]>
func.func @ui64_source(%p: ui64, %h: index, %w: index, %x: index) {
  %c1 = arith.constant 1 : index
  %t = xegpu.create_nd_tdesc %p[%x, 0], shape : [%h, %w], strides : [%w, %c1] : ui64 -> !xegpu.tensor_desc<128x64xf32, #nui>
  %v = xegpu.load_nd %t <{layout = #nui}> : !xegpu.tensor_desc<128x64xf32, #nui> -> vector<128x64xf32>
  %q = xegpu.create_nd_tdesc %p, shape : [%h, %w], strides : [%w, %c1] : ui64 -> !xegpu.tensor_desc<128x64xf32, #nui>
  xegpu.store_nd %v, %q[%x, 0] <{layout = #nui}> : vector<128x64xf32>, !xegpu.tensor_desc<128x64xf32, #nui>
  func.return
}
"""


def test_a_block_descriptor_on_a_pointer_runs_on_a_buffer_sized_by_its_shape_and_strides() -> None:
    f = find_function(wgdist.parse(BLOCK), None)
    assert list(pointer_parameters(f)) == [0]
    assert [n for _, n, _ in scalar_parameters(f)] == ["h", "w", "x"]
    assert descriptor_defaults(f) == {1: 128, 2: 64}  # %h the rows, %w the columns (and row stride)
    r = check(BLOCK, "xegpu-wg-to-sg-distribute")
    assert r.ok, r.report
    assert "%p [8192] float32: " in r.report and r.written > 0
    assert "sample 0: %h=128, %w=64, %x=1: agree" in r.report
    assert (
        "note: pointer parameter %p (ui64) addresses a buffer of 8192 f32 element(s), sized from the "
        "shape and strides of 'xegpu.create_nd_tdesc' at <string>:5:8"
    ) in r.report
    assert "values: 1 of the 1 distributed workgroup value(s) compared" in r.report


def test_a_wrong_store_offset_through_a_pointer_is_caught() -> None:
    sg = wgdist.print_module(wgdist.run_pipeline(BLOCK, "xegpu-wg-to-sg-distribute"))
    stores = list(re.finditer(r"xegpu\.store_nd (%\w+), (%\w+)\[(%\w+), (%\w+)\]", sg))
    m = stores[1]  # the second tile of each subgroup stored over the first
    bug = sg[: m.start()] + f"xegpu.store_nd {m[1]}, {m[2]}[{stores[0][3]}, {m[4]}]" + sg[m.end():]
    r = check(BLOCK, against=bug, schedules=1)
    assert not r.ok and {"value", "write count"} & set(r.comparison.counts), r.report
    assert any(d.buffer == "%p" for d in r.comparison.differences)


GATHER = """
func.func @gather(%p: ui64, %q: ui64) {
  %c = arith.constant dense<[0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]> : vector<16xindex>
  %m = arith.constant dense<true> : vector<16xi1>
  %v = xegpu.load %p[%c], %m : ui64, vector<16xindex>, vector<16xi1> -> vector<16xf32>
  xegpu.store %v, %q[%c], %m : vector<16xf32>, ui64, vector<16xindex>, vector<16xi1>
  func.return
}
"""


def test_gathers_and_scatters_through_pointers() -> None:
    r = check(GATHER, against=GATHER, subgroups=1)
    assert r.ok and r.written == 16, r.report
    assert "sized from the constant offsets of 'xegpu.load' at <string>:5:8" in r.report
    assert "%q [31] float32: 16 element(s) written" in r.report
    r = check(GATHER, against=GATHER.replace("%q[%c]", "%p[%c]"), subgroups=1)
    assert not r.ok and r.comparison.counts == {"unwritten": 16, "extra write": 16}


def test_an_access_outside_a_pointer_buffer_is_a_located_error() -> None:
    far = GATHER.replace("%p[%c]", "%p[%e]").replace(
        "  %m = ", "  %e = arith.addi %c, %c : vector<16xindex>\n  %m = "
    )  # offsets that are not constants: %p is sized by the kernel's largest shape, 16
    with pytest.raises(InterpError, match=(
        r"^<string>:6:8: error: 'xegpu.load' op lane \[4\] accesses element 16 outside memref '%p' of shape \[16\]"
    )):
        check(far, against=far, subgroups=1)


def test_pointer_addresses_are_far_apart() -> None:
    assert POINTER_BASE >= 2**32  # a buffer of up to 4 GiB never reaches the next one


VECTOR = """
#l = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>
func.func @vec(%bias: vector<16xf32>, %a: memref<32x32xf32>, %b: memref<32x32xf32>) {
  %da = xegpu.create_nd_tdesc %a : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #l>
  %db = xegpu.create_nd_tdesc %b : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #l>
  %x = xegpu.load_nd %da[0, 0] : !xegpu.tensor_desc<32x32xf32, #l> -> vector<32x32xf32>
  %s = vector.extract %bias[3] : f32 from vector<16xf32>
  %v = vector.broadcast %s {layout_result_0 = #l} : f32 to vector<32x32xf32>
  %y = arith.addf %x, %v {layout_result_0 = #l} : vector<32x32xf32>
  xegpu.store_nd %y, %db[0, 0] : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #l>
  func.return
}
"""


def test_a_vector_parameter_gets_random_contents_and_its_uses_are_compared() -> None:
    r = check(VECTOR, "xegpu-wg-to-sg-distribute")
    assert r.ok and "note: vector parameter %bias: random contents" in r.report, r.report
    sg = wgdist.print_module(wgdist.run_pipeline(VECTOR, "xegpu-wg-to-sg-distribute"))
    r = check(VECTOR, against=sg.replace("%bias[3]", "%bias[4]"), schedules=1)
    assert not r.ok
    assert r.comparison.differences[0].message.startswith(
        "first op whose value differs: 'vector.broadcast' at <string>:8:8 in subgroup 0"
    ), r.report
