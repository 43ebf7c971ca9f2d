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


def window_kernel(grid: tuple[int, int], data: tuple[int, int], offsets: tuple[int, int], size: tuple[int, int]) -> str:
    lay = f"#xegpu.layout<sg_layout = [{grid[0]}, {grid[1]}], sg_data = [{data[0]}, {data[1]}]>"
    win = f"vector<{size[0]}x{size[1]}xf32>"
    return f"""
gpu.module @k {{
gpu.func @window(%m: memref<64x64xf32>, %o: memref<{size[0]}x{size[1]}xf32>) kernel attributes {{known_block_size = array<i32: {16 * grid[0] * grid[1]}, 1, 1>}} {{
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32>
  %v = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<64x64xf32> -> vector<64x64xf32>
  %e = math.exp %v : vector<64x64xf32>
  %w = vector.extract_strided_slice %e {{offsets = [{offsets[0]}, {offsets[1]}], sizes = [{size[0]}, {size[1]}], strides = [1, 1]}} : vector<64x64xf32> to {win}
  %u = xegpu.create_nd_tdesc %o : memref<{size[0]}x{size[1]}xf32> -> !xegpu.tensor_desc<{size[0]}x{size[1]}xf32, {lay}>
  xegpu.store_nd %w, %u[0, 0] : {win}, !xegpu.tensor_desc<{size[0]}x{size[1]}xf32, {lay}>
  gpu.return
}}
}}"""


@settings(max_examples=8, deadline=None)
@given(
    grid=st.sampled_from([(2, 2), (4, 1), (1, 4), (2, 1)]),
    data=st.sampled_from([(8, 8), (16, 16), (8, 16)]),
    offsets=st.tuples(st.sampled_from([0, 4, 8, 16, 32]), st.sampled_from([0, 8, 16, 32])),
    size=st.sampled_from([(32, 32), (16, 32), (32, 16)]),
)
def test_strided_windows_at_any_offset_distribute(
    grid: tuple[int, int], data: tuple[int, int], offsets: tuple[int, int], size: tuple[int, int]
) -> None:
    """A window off the tile grid is not refused: every subgroup holds the whole window (cut from
    the whole source) and the store's layout is a local conversion away."""
    _agree(window_kernel(grid, data, offsets, size))


def broadcast_across_kernel(grid: tuple[int, int], data: tuple[int, int], dim: int, loop: bool) -> str:
    lay = f"#xegpu.layout<sg_layout = [{grid[0]}, {grid[1]}], sg_data = [{data[0]}, {data[1]}]>"
    body = """    %b = vector.broadcast %s : vector<32xf32> to vector<32x32xf32>
    %n = arith.addf %acc, %b : vector<32x32xf32>"""
    if loop:
        compute = f"""  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %init) -> (vector<32x32xf32>) {{
{body}
    scf.yield %n : vector<32x32xf32>
  }}"""
    else:
        compute = body.replace("%acc", "%init").replace("%n =", "%r =")
    return f"""
gpu.module @k {{
gpu.func @across(%m: memref<32x32xf32>, %o: memref<32x32xf32>) kernel attributes {{known_block_size = array<i32: {16 * grid[0] * grid[1]}, 1, 1>}} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %t = xegpu.create_nd_tdesc %m : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32>
  %x = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<32x32xf32> -> vector<32x32xf32>
  %z = arith.constant dense<0.0> : vector<32xf32>
  %s = vector.multi_reduction <add>, %x, %z [{dim}] : vector<32x32xf32> to vector<32xf32>
  %init = arith.constant dense<1.0> : vector<32x32xf32>
{compute}
  %u = xegpu.create_nd_tdesc %o : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, {lay}>
  xegpu.store_nd %r, %u[0, 0] : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, {lay}>
  gpu.return
}}
}}"""


@settings(max_examples=8, deadline=None)
@given(
    grid=st.sampled_from([(2, 2), (4, 1), (1, 4), (2, 4)]),
    data=st.sampled_from([(8, 8), (16, 8), (4, 16)]),
    dim=st.sampled_from([0, 1]),
    loop=st.booleans(),
)
def test_reduction_then_broadcast_across_converts_the_reduced_vector(
    grid: tuple[int, int], data: tuple[int, int], dim: int, loop: bool
) -> None:
    """The broadcast needs the reduced vector along dim 1 of its result (a slice on dims [0], or
    its plain equivalent when the dropped dim has one subgroup): a reduction over dim 1 that
    cannot give it produces the slice on dims [1] and only its 32-element result converts,
    before the loop (a grid with one subgroup along dim 0 needs none); a reduction over dim 0
    needs no conversion."""
    src = broadcast_across_kernel(grid, data, dim, loop)
    out = wgdist.print_module(wgdist.run_pipeline(src, "xegpu-propagate-layout"))
    converts = [ln for ln in out.splitlines() if "xegpu.convert_layout" in ln]
    if dim == 1 and grid[0] > 1:
        assert len(converts) == 1 and "convert_layout %s " in converts[0], out
        assert out.index("xegpu.convert_layout") < out.index("vector.broadcast"), out
        assert not loop or out.index("xegpu.convert_layout") < out.index("scf.for"), out
    else:
        assert converts == [], out
    _agree(src)
