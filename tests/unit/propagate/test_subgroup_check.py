"""At layout-kind=subgroup, kernels whose scatter/gather offsets and masks get their layouts from
propagation (vector.step, arithmetic on offsets, constant masks, vector.create_mask; chunked and
not) and kernels with strided slices go on through xegpu-wg-to-sg-distribute and compute what
the workgroup program computes (``wgdist.check`` on random inputs)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import wgdist

PIPELINE = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"


def _agree(src: str) -> None:
    r = wgdist.check(src, PIPELINE, seed=0)
    assert r.ok, src + "\n" + r.report
    assert r.written > 0, r.report


def scatter_kernel(sgs: int, rows: int, chunk: int, mask: str) -> str:
    n = sgs * rows
    size = n * chunk
    data = f"vector<{n}x{chunk}xf32>" if chunk > 1 else f"vector<{n}xf32>"
    lay = (
        f"#xegpu.layout<sg_layout = [{sgs}, 1], sg_data = [{rows}, {chunk}]>"
        if chunk > 1
        else f"#xegpu.layout<sg_layout = [{sgs}], sg_data = [{rows}]>"
    )
    attrs = f"chunk_size = {chunk}, " if chunk > 1 else ""
    load_attrs = f" <{{chunk_size = {chunk}}}>" if chunk > 1 else ""
    masks = {
        "constant": f"%mask = arith.constant dense<true> : vector<{n}xi1>",
        "create_mask": f"%k = arith.constant {n - 3} : index\n  %mask = vector.create_mask %k : vector<{n}xi1>",
    }
    return f"""
gpu.module @k {{
gpu.func @scatter(%m: memref<{size}xf32>, %o: memref<{size}xf32>) kernel attributes {{known_block_size = array<i32: {16 * sgs}, 1, 1>}} {{
  %s = vector.step : vector<{n}xindex>
  %c = arith.constant dense<{chunk}> : vector<{n}xindex>
  %off = arith.muli %s, %c : vector<{n}xindex>
  {masks[mask]}
  %v = xegpu.load %m[%off], %mask{load_attrs} : memref<{size}xf32>, vector<{n}xindex>, vector<{n}xi1> -> {data}
  %e = math.exp %v : {data}
  xegpu.store %e, %o[%off], %mask <{{{attrs}layout = {lay}}}> : {data}, memref<{size}xf32>, vector<{n}xindex>, vector<{n}xi1>
  gpu.return
}}
}}"""


@settings(max_examples=6, deadline=None)
@given(
    sgs=st.sampled_from([2, 4]),
    rows=st.sampled_from([8, 16]),
    chunk=st.sampled_from([1, 2, 4, 8]),
    mask=st.sampled_from(["constant", "create_mask"]),
)
def test_scatter_offsets_and_masks_propagate_and_distribute(sgs: int, rows: int, chunk: int, mask: str) -> None:
    src = scatter_kernel(sgs, rows, chunk, mask)
    out = wgdist.print_module(wgdist.run_pipeline(src, "xegpu-propagate-layout"))
    step = next(ln for ln in out.splitlines() if "vector.step" in ln)
    assert f"sg_layout = [{sgs}], sg_data = [{rows}]" in step, out  # the rows the data gives
    _agree(src)


def test_insert_strided_slice_propagates_and_distributes() -> None:
    lay = "#xegpu.layout<sg_layout = [4, 1], sg_data = [8, 32]>"
    _agree(f"""
gpu.module @k {{
gpu.func @ins(%m: memref<32x32xf32>, %o: memref<64x32xf32>) kernel attributes {{known_block_size = array<i32: 64, 1, 1>}} {{
  %t = xegpu.create_nd_tdesc %m : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32>
  %v = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<32x32xf32> -> vector<32x32xf32>
  %e = math.exp %v : vector<32x32xf32>
  %z = arith.constant dense<1.0> : vector<64x32xf32>
  %w = vector.insert_strided_slice %e, %z {{offsets = [32, 0], strides = [1, 1]}} : vector<32x32xf32> into vector<64x32xf32>
  %u = xegpu.create_nd_tdesc %o : memref<64x32xf32> -> !xegpu.tensor_desc<64x32xf32, {lay}>
  xegpu.store_nd %w, %u[0, 0] : vector<64x32xf32>, !xegpu.tensor_desc<64x32xf32, {lay}>
  gpu.return
}}
}}""")


def test_nested_reductions_under_a_slice_of_a_slice_distribute() -> None:
    """The store anchor is a slice of a slice; both reductions are derived from it."""
    path = Path(__file__).parents[2] / "filecheck" / "passes" / "xegpu-propagate-layout-reduction-nested.mlir"
    _agree(path.read_text())
