"""reorder-workgroups: the IR it emits, evaluated op by op, equals wgdist.reorder; diagnostics."""

from __future__ import annotations

import pytest
from xdsl.dialects import arith, func
from xdsl.ir import Operation

import wgdist
from wgdist.dialects import gpu
from wgdist.ir.diagnostics import OpError
from wgdist.passes.reorder_workgroups import ReorderWorkgroupsPass
from wgdist.reorder import remap_all, resolve

MASK = (1 << 64) - 1

KERNEL = """
func.func @k() -> (index, index) {
  %x = gpu.block_id x
  %y = gpu.block_id y
  return %x, %y : index, index
}
"""

_BIN = {
    arith.AddiOp: lambda a, b: (a + b) & MASK,
    arith.SubiOp: lambda a, b: (a - b) & MASK,
    arith.MuliOp: lambda a, b: (a * b) & MASK,
    arith.DivUIOp: lambda a, b: a // b,
    arith.RemUIOp: lambda a, b: a % b,
    arith.ShRUIOp: lambda a, b: a >> b,
    arith.AndIOp: lambda a, b: a & b,
    arith.MinUIOp: min,
    arith.MaxUIOp: max,
}


def run_kernel(fn: Operation, bx: int, by: int, nx: int, ny: int) -> tuple[int, ...]:
    """Evaluate the straight-line body of ``fn`` (only the ops the pass may emit)."""
    env = {"x": (bx, nx), "y": (by, ny)}
    vals: dict = {}
    for op in fn.regions[0].blocks[0].ops:
        if isinstance(op, gpu.BlockIdOp):
            vals[op.result] = env[op.dimension.data][0]
        elif isinstance(op, gpu.GridDimOp):
            vals[op.result] = env[op.dimension.data][1]
        elif isinstance(op, arith.ConstantOp):
            vals[op.result] = op.value.value.data  # type: ignore[attr-defined]
        elif type(op) in _BIN:
            a, b = (vals[o] for o in op.operands)
            if isinstance(op, arith.DivUIOp | arith.RemUIOp):
                assert b != 0, f"division by zero at ({bx}, {by})"
            vals[op.results[0]] = _BIN[type(op)](a, b)
        elif isinstance(op, arith.CmpiOp):
            assert op.predicate.value.data == 6, "only ult is expected"
            vals[op.result] = vals[op.lhs] < vals[op.rhs]
        elif isinstance(op, arith.SelectOp):
            vals[op.result] = vals[op.operands[1]] if vals[op.cond] else vals[op.operands[2]]
        elif isinstance(op, func.ReturnOp | gpu.ReturnOp):
            return tuple(vals[o] for o in op.operands)
        else:
            raise AssertionError(f"unexpected op {op.name}")
    raise AssertionError("no return")


def apply(text: str, **options) -> Operation:
    module = wgdist.parse(text)
    ReorderWorkgroupsPass(**options).apply(wgdist.context(), module)
    module.verify()
    return module


def kernel_fn(module: Operation) -> Operation:
    return next(op for op in module.walk() if isinstance(op, func.FuncOp | gpu.FuncOp))


SCHEMES = [
    {"scheme": "row-major"},
    {"scheme": "triton", "group_size": 3},
    {"scheme": "wave", "group_size": 2, "num_xcds": 8},
    {"scheme": "wave", "group_size": 3, "num_xcds": 3},
    {"scheme": "rocroller", "group_size": 4, "group_dim": 1, "num_xcds": 8},
    {"scheme": "tensile", "group_size": 3},
    {"scheme": "wave", "xcd_remap": "tail", "num_xcds": 4, "group_size": 2},
    {"scheme": "wave", "xcd_remap": "chunked", "num_xcds": 2, "chunk": 3, "group_size": 4},
    {"scheme": "identity", "xcd_remap": "balanced", "num_xcds": 4},
    {"scheme": "triton", "group_size": 16},
]
GRIDS = [(8, 8), (6, 8), (7, 5), (5, 3), (1, 13), (13, 1), (16, 4), (3, 2)]


def ids(opts: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in opts.items())


@pytest.mark.parametrize("opts", SCHEMES, ids=ids)
@pytest.mark.parametrize("nx,ny", GRIDS)
def test_static_ir_equals_model(opts: dict, nx: int, ny: int) -> None:
    module = apply(KERNEL, grid=(nx, ny), **opts)
    fn = kernel_fn(module)
    assert not any(isinstance(op, gpu.GridDimOp) for op in module.walk())
    s = resolve(**opts)
    want_x, want_y = remap_all(s, nx, ny)
    for f in range(nx * ny):
        got = run_kernel(fn, f % nx, f // nx, 0, 0)
        assert got == (int(want_x[f]), int(want_y[f])), (f, got)


@pytest.mark.parametrize("opts", SCHEMES, ids=ids)
def test_dynamic_ir_equals_model_on_every_grid(opts: dict) -> None:
    module = apply(KERNEL, **opts)
    fn = kernel_fn(module)
    assert sum(isinstance(op, gpu.GridDimOp) for op in module.walk()) == 2
    s = resolve(**opts)
    for nx, ny in GRIDS + [(2, 9), (9, 9)]:
        want_x, want_y = remap_all(s, nx, ny)
        for f in range(nx * ny):
            got = run_kernel(fn, f % nx, f // nx, nx, ny)
            assert got == (int(want_x[f]), int(want_y[f])), (nx, ny, f)


def test_auto_ir_equals_its_choice(capsys: pytest.CaptureFixture[str]) -> None:
    from wgdist.reorder import choose_auto

    module = apply(KERNEL, scheme="auto", grid=(8, 8), num_xcds=8, window=8, k_blocks=1)
    err = capsys.readouterr().err
    choice = choose_auto(8, 8, num_xcds=8, window=8, k_blocks=1)
    assert (
        f"scheme=auto chose {choice.scheme.describe()} ({choice.scheme.spec()})" in err
        and "48 vs 72 blocks for identity" in err
    )
    want_x, want_y = remap_all(choice.scheme, 8, 8)
    fn = kernel_fn(module)
    for f in range(64):
        assert run_kernel(fn, f % 8, f // 8, 0, 0) == (int(want_x[f]), int(want_y[f]))


NESTED = """
func.func @k(%m: memref<64x64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 1.0 : f32
  %x = gpu.block_id x
  scf.for %i = %c0 to %n step %c1 {
    %y = gpu.block_id y
    %x2 = gpu.block_id x
    %ok = arith.cmpi ult, %y, %n : index
    scf.if %ok {
      memref.store %v, %m[%x2, %y] : memref<64x64xf32>
    }
    memref.store %v, %m[%x, %i] : memref<64x64xf32>
  }
  %z = gpu.block_id z
  memref.store %v, %m[%z, %z] : memref<64x64xf32>
  return
}
"""


def test_every_use_sees_the_new_ids() -> None:
    module = apply(NESTED, scheme="wave", group_size=2, grid=(8, 8))
    fn = kernel_fn(module)
    block_ids = [op for op in module.walk() if isinstance(op, gpu.BlockIdOp)]
    # the two new ones at entry (before the old first op) and the untouched z
    assert [b.dimension.data for b in block_ids] == ["x", "y", "z"]
    entry = list(fn.regions[0].blocks[0].ops)
    assert entry[0] is block_ids[0] and entry[1] is block_ids[1]
    stores = [op for op in module.walk() if op.name == "memref.store"]
    new_x = next(op for op in entry if op.results and op.results[0].name_hint == "wg_x")
    new_y = next(op for op in entry if op.results and op.results[0].name_hint == "wg_y")
    assert stores[0].operands[2:] == (new_x.results[0], new_y.results[0])  # masked store
    assert stores[1].operands[2] == new_x.results[0]  # address offset in the loop
    cmp = next(
        op for op in module.walk() if isinstance(op, arith.CmpiOp) and op.rhs.name_hint == "n"
    )
    assert cmp.lhs == new_y.results[0]  # the bound sees the new id
    assert stores[2].operands[2] == block_ids[2].result


GPU_KERNEL = """
gpu.module @m {
  gpu.func @k() -> (index, index) attributes {known_grid_size = array<i32: 6, 8, 1>} {
    %x = gpu.block_id x
    %y = gpu.block_id y
    gpu.return %x, %y : index, index
  }
  gpu.func @no_ids() kernel {
    gpu.return
  }
}
"""


def test_known_grid_size_is_used_and_kernel_without_ids_is_left_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    module = apply(GPU_KERNEL, scheme="rocroller", group_size=4)
    assert "@no_ids has no gpu.block_id x/y: left unchanged" in capsys.readouterr().err
    fns = [op for op in module.walk() if isinstance(op, gpu.FuncOp)]
    assert len(list(fns[1].regions[0].blocks[0].ops)) == 1
    table = [[0] * 8 for _ in range(6)]
    for f in range(48):
        m, n = run_kernel(fns[0], f % 6, f // 6, 0, 0)
        table[m][n] = f
    assert table[4] == [32, 34, 36, 38, 40, 42, 44, 46]  # seed 001, cell by cell
    assert table[0] == [0, 4, 8, 12, 16, 20, 24, 28]


def test_identity_leaves_the_kernel_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    before = str(wgdist.parse(KERNEL))
    assert str(apply(KERNEL, scheme="identity")) == before
    assert "is the identity: left unchanged" in capsys.readouterr().err
    # a one-tile group on a 1-D grid is the identity too once the grid is known
    assert str(apply(KERNEL, scheme="wave", grid=(1, 9))) == before


@pytest.mark.parametrize(
    "text,options,needle",
    [
        (GPU_KERNEL, {"grid": (8, 6)}, "grid=8,6 disagrees with known_grid_size 6x8"),
        (
            GPU_KERNEL.replace("array<i32: 6, 8, 1>", "array<i32: 6, 0, 1>"),
            {},
            "known_grid_size must hold 1 to 3 sizes >= 1, got [6, 0, 1]",
        ),
    ],
)
def test_user_errors_name_the_op_and_numbers(text: str, options: dict, needle: str) -> None:
    with pytest.raises(OpError) as e:
        apply(text, **options)
    assert needle in str(e.value)
    assert "'func.func' op" in str(e.value) or "'gpu.func' op" in str(e.value)


def test_block_id_in_gpu_launch_is_refused() -> None:
    text = """
    func.func @host(%n: index) {
      "gpu.launch"(%n, %n, %n, %n, %n, %n) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0>}> ({
      ^bb0(%a: index, %b: index, %c: index, %d: index, %e: index, %f: index, %g: index, %h: index, %i: index, %j: index, %k: index, %l: index):
        %x = gpu.block_id x
        "gpu.terminator"() : () -> ()
      }) : (index, index, index, index, index, index) -> ()
      return
    }
    """
    with pytest.raises(OpError, match="gpu.launch bodies are not handled"):
        apply(text)


@pytest.mark.parametrize(
    "options,needle",
    [
        ({"scheme": "bogus"}, "scheme='bogus' is not one of identity, row-major"),
        ({"group_size": 0}, "group-size must be >= 1, got 0"),
        ({"group_dim": 3}, "group-dim must be 0 or 1, got 3"),
        ({"xcd_remap": "naive"}, "xcd-remap='naive' is not one of none, balanced"),
        ({"group_style": "x"}, "group-style='x' is not one of wave, triton"),
        ({"grid": (4,)}, "grid must be two sizes >= 1 (grid=NX,NY), got grid=4"),
        ({"num_xcds": 0}, "num-xcds must be >= 1, got 0"),
        ({"scheme": "auto", "group_size": 4}, "scheme=auto chooses group-size itself"),
        ({"window": 0}, "window must be >= 1, got 0"),
    ],
)
def test_bad_options_are_clear(options: dict, needle: str) -> None:
    with pytest.raises(ValueError) as e:
        ReorderWorkgroupsPass(**options)
    assert str(e.value).startswith("reorder-workgroups: ") and needle in str(e.value)


def test_non_bijective_mapping_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The enumeration proof is a real check: feed it the naive XCD remap (7x5, 8 XCDs)."""
    import wgdist.passes.reorder_workgroups as mod
    from wgdist.reorder import grid_vars

    def naive(s, nx, ny):  # type: ignore[no-untyped-def]
        bx, by, nxe, nye = grid_vars(nx, ny)
        f = bx + by * nxe
        i = (f % 8) * ((nxe * nye) // 8) + f // 8
        return i % nxe, i // nxe

    monkeypatch.setattr(mod, "mapping_exprs", naive)
    with pytest.raises(
        OpError, match=r"is not a bijection of the 7x5 grid: dispatch ids \d+ and \d+"
    ):
        apply(KERNEL, grid=(7, 5))


def test_modules_built_with_xdsl_gpu_classes_work_too() -> None:
    from xdsl.builder import ImplicitBuilder
    from xdsl.dialects import builtin
    from xdsl.dialects import gpu as xgpu

    module = builtin.ModuleOp([])
    with ImplicitBuilder(module.body):
        fn = func.FuncOp("k", ((), (builtin.IndexType(), builtin.IndexType())))
    with ImplicitBuilder(fn.body):
        x = xgpu.BlockIdOp(xgpu.DimensionAttr(xgpu.DimensionEnum.X))
        y = xgpu.BlockIdOp(xgpu.DimensionAttr(xgpu.DimensionEnum.Y))
        func.ReturnOp(x, y)
    ReorderWorkgroupsPass(scheme="tensile", group_size=2, grid=(3, 5)).apply(
        wgdist.context(), module
    )
    assert not any(isinstance(op, xgpu.BlockIdOp) for op in module.walk())
    want_x, want_y = remap_all(resolve("tensile", group_size=2), 3, 5)
    for f in range(15):
        assert run_kernel(fn, f % 3, f // 3, 0, 0) == (int(want_x[f]), int(want_y[f]))


def test_module_without_block_ids_gets_a_remark(capsys: pytest.CaptureFixture[str]) -> None:
    text = "func.func @h(%a: index) -> index {\n  return %a : index\n}\n"
    before = str(wgdist.parse(text))
    assert str(apply(text)) == before
    assert "has no gpu.block_id x/y in any function: left unchanged" in capsys.readouterr().err
