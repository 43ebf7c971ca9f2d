"""The examples and the passes' FileCheck inputs through the pipelines their RUN lines imply:
every checked function's distributed program agrees with its workgroup program.

Each positive RUN line (not ``not wgdist-opt``, not ``--verify-diagnostics``) of the
workgroup-level passes (:data:`WORKGROUP_PASSES`) names a pipeline and an input (``%s`` or an
example). The checking pipeline is that pipeline, ending in ``xegpu-wg-to-sg-distribute`` for
the xegpu passes (``print-only`` dropped: it derives the same layouts; a kernel without
sg_layout runs with the subgroup count of the layouts the pipeline's passes before the
distribution assign, e.g. ``xegpu-propagate-layout{num-subgroups=8}``); reorder-workgroups
kernels (no layouts) are checked as one-subgroup launches on the RUN line's ``grid=`` (else the
kernel's ``known_grid_size``, else a 5x7 grid), their dynamic ``memref<?x?x..>`` made static to
that grid. Every function of every chunk is checked on its own (the others removed); scalar,
vector and pointer parameters get the values the check draws (several samples), and the
subgroups run in the check's default schedules (in order, reversed, random). Memory and every
distributed value are compared. A function the pipeline rejects, that takes descriptor
arguments, whose layouts disagree on the subgroup count or that the interpreter does not
support is counted, not checked. Each file must contribute a checked function that writes
something, unless :data:`SILENT` says why it cannot (a file of kernels that store nothing must
contribute one judged by its values), so that the test cannot pass vacuously.
"""

from __future__ import annotations

import re
import shlex
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from xdsl.dialects.builtin import IndexType, IntegerType, MemRefType, ModuleOp, VectorType
from xdsl.ir import Operation
from xdsl.utils.exceptions import DiagnosticException

import wgdist
from wgdist.checker import check, infer_subgroups
from wgdist.interp import InterpError, UnsupportedOpError
from wgdist.interp.elements import is_float
from wgdist.interp.kernel_inputs import has_sg_layout
from wgdist.interp.launch import kernel_functions, known_grid

ROOT = Path(__file__).resolve().parents[3]
PASSES = ROOT / "tests" / "filecheck" / "passes"
PIPELINE = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute,reorder-workgroups"
EXAMPLES = sorted((ROOT / "examples").glob("*.mlir"))
CORPUS = sorted(PASSES.glob("xegpu-*.mlir")) + sorted(PASSES.glob("reorder-workgroups*.mlir"))
WORKGROUP_PASSES = {
    "xegpu-propagate-layout", "xegpu-wg-to-sg-distribute", "xegpu-upgrade-layouts", "reorder-workgroups",
}
"""Passes whose input is a workgroup-level program (RUN lines with any other pass are not checked)."""
SUBGROUP_LEVEL = "subgroup-level kernels (read gpu.subgroup_id outside sg_id_range)"
REORDER_GRID = (5, 7)  # reorder RUN lines without a static grid (gpu.grid_dim is read)

# Files with positive RUN lines that cannot contribute a checked function writing something.
SILENT = {
    "xegpu-propagate-layout-scatter.mlir": "its function's vector parameter feeds distributed ops: the pipeline rejects it",
    "xegpu-propagate-layout-shape-cast.mlir": "their vector parameters feed distributed ops: the pipeline rejects them",
    "xegpu-upgrade-layouts.mlir": "its function takes a descriptor argument",
    "xegpu-wg-to-sg-distribute-3d.mlir": "its kernels compute but store nothing",
    "xegpu-wg-to-sg-distribute-slm.mlir": "its kernels compute but store nothing (or return a scalar)",
}


@dataclass(frozen=True)
class Run:
    pipeline: str  # the checking pipeline
    source: Path
    split: bool
    grid: tuple[int, int] | None
    reorder: bool


def split_passes(text: str) -> list[str]:
    """``a,b{x=1,2},c`` -> ``["a", "b{x=1,2}", "c"]``."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        depth += (ch == "{") - (ch == "}")
        cur += ch
    return [*out, cur]


def positive_runs(path: Path) -> list[Run]:
    runs: list[Run] = []
    for line in path.read_text().splitlines():
        m = re.match(r"//\s*RUN:\s*(.*)", line)
        if not m:
            continue
        words = shlex.split(m.group(1).split("|")[0])
        if words[0] != "wgdist-opt" or {"--verify-diagnostics", "--print-diagnostics"} & set(words):
            continue  # ``not wgdist-opt``: a diagnostic test
        passes = split_passes(words[words.index("-p") + 1])
        names = [p.split("{")[0] for p in passes]
        grid = None
        for p in passes:
            if g := re.search(r"grid=(\d+),(\d+)", p):
                grid = (int(g[1]), int(g[2]))
        if not set(names) <= WORKGROUP_PASSES:
            continue  # a pass on subgroup-level code (schedules, barrier checks): its own tests judge it
        passes = [p.replace("{print-only=true}", "") for p in passes]
        reorder = "reorder-workgroups" in names
        if not reorder and "xegpu-wg-to-sg-distribute" not in names:
            passes.append("xegpu-wg-to-sg-distribute")
        inp = next(w for w in words[1:] if w.startswith("%"))
        source = path if inp == "%s" else ROOT / "examples" / inp.split("/", 1)[1]
        runs.append(Run(",".join(passes), source, "--split-input-file" in words, grid, reorder))
    return list(dict.fromkeys(runs))


def isolate(module: ModuleOp, name: str) -> ModuleOp:
    """A copy of ``module`` with only function @name (and everything else that is not a function)."""
    copy = module.clone()
    for f in kernel_functions(copy):
        if f.sym_name.data != name:  # type: ignore[attr-defined]
            f.detach()
            f.erase()
    return copy


def takes_only_scalars_and_memrefs(func: Operation) -> bool:
    """Whether the check can give every parameter a value by itself (no vector, descriptor or
    dynamic memref parameter): integers, indices and floats are drawn, memrefs filled."""
    for t in func.function_type.inputs.data:  # type: ignore[attr-defined]
        if isinstance(t, MemRefType):
            if any(d < 0 for d in t.get_shape()):
                return False
        elif not (isinstance(t, IndexType | IntegerType | VectorType) or is_float(t)):
            return False
    return True


def check_file(path: Path) -> tuple[Counter[str], list[str]]:
    """Check every function of every chunk for each positive RUN line: per-file counts and the
    reports of disagreements."""
    counts: Counter[str] = Counter()
    failures: list[str] = []
    for run in positive_runs(path):
        text = run.source.read_text()
        for i, chunk in enumerate(text.split("// -----") if run.split else [text]):
            grid = run.grid
            if run.reorder:
                static = grid or REORDER_GRID
                chunk = chunk.replace("memref<?x?x", f"memref<{static[0]}x{static[1]}x")
            module = wgdist.parse(chunk)
            for f in kernel_functions(module):
                name = f.sym_name.data  # type: ignore[attr-defined]
                where = f"{run.source.name}#{i} @{name} [{run.pipeline}]"
                if not takes_only_scalars_and_memrefs(f):
                    counts["vector or descriptor arguments"] += 1
                    continue
                wg = isolate(module, name)
                try:
                    wgdist.run_pipeline(wg.clone(), run.pipeline)
                except DiagnosticException:
                    counts["rejected by the pipeline"] += 1
                    continue
                if has_sg_layout(f):
                    try:
                        infer_subgroups(f)
                    except ValueError:
                        counts["layouts disagree on the subgroup count"] += 1
                        continue
                if run.reorder and grid is None and known_grid(f) is None:
                    grid = REORDER_GRID
                try:
                    # the pipeline, not its output: without sg_layout the check takes the
                    # subgroup count from the layouts the pipeline's layout passes assign
                    r = check(wg, run.pipeline, func=name, grid=grid, seed=2)
                except UnsupportedOpError:
                    counts["unsupported by the interpreter"] += 1
                    continue
                except InterpError as e:
                    if not (e.op.name == "gpu.subgroup_id" and "has no value in workgroup mode" in str(e)):
                        raise
                    # a subgroup-level kernel (a subgroup-level pass's input): no workgroup program
                    counts[SUBGROUP_LEVEL] += 1
                    continue
                if not has_sg_layout(f):
                    # the check's default without sg_layout, or the layout passes' count
                    counts["one-subgroup launches" if r.subgroups == 1 else "subgroups from the layout passes"] += 1
                counts["checked"] += 1
                if not r.ok and any(d.kind == "op value" for d in r.comparison.differences):
                    failures.append(f"{where}\n{r.report}")  # a distributed value differs
                elif not r.wg.buffers and not r.values:
                    counts["checked, no memref arguments"] += 1
                elif r.written == 0 and r.values:
                    # judged by its values: the result stays in registers or SLM
                    counts["checked by values only, agreed"] += 1
                    assert r.ok, r.report
                elif r.written == 0:
                    counts["checked, wrote nothing"] += 1
                    assert "NOTHING COMPARED" in r.report and not r.ok
                elif any("does not read gpu.subgroup_id" in n for n in r.notes):
                    # an sg_id_range whose condition is uniform: every subgroup runs the region
                    # (the pass test shows only the rewriting); the check must catch it
                    assert not r.ok, r.report
                    counts["sg_id_range with a uniform condition, caught"] += 1
                elif r.ok:
                    counts["checked, wrote and agreed"] += 1
                else:
                    failures.append(f"{where}\n{r.report}")
    return counts, failures


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_agree(path: Path) -> None:
    r = check(path, PIPELINE, grid=(2, 2), seed=1)
    assert r.ok, r.report


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_pass_filecheck_inputs_agree(path: Path) -> None:
    counts, failures = check_file(path)
    print(f"{path.name}: {dict(counts)}")
    assert not failures, "\n\n".join(failures)
    if positive_runs(path) and path.name not in SILENT and not (counts[SUBGROUP_LEVEL] and not counts["checked"]):
        assert counts["checked, wrote and agreed"] >= 1, f"{path.name} contributes no checked kernel that writes: {dict(counts)}"
    if path.name in SILENT and "store nothing" in SILENT[path.name]:
        assert counts["checked by values only, agreed"] >= 1, f"{path.name}: no kernel judged by its values: {dict(counts)}"


def test_the_corpus_is_not_vacuous() -> None:
    names = {p.name for p in CORPUS}
    assert set(SILENT) <= names, f"SILENT names files that are gone: {set(SILENT) - names}"
    assert any(p.name.startswith("reorder-workgroups") for p in CORPUS)
    assert positive_runs(PASSES / "reorder-workgroups.mlir")[0].grid == (6, 8)
    runs = positive_runs(PASSES / "xegpu-propagate-layout-kernels.mlir")
    assert {r.source.name for r in runs} == {p.name for p in EXAMPLES}
