"""The road to SPIR-V: run a workgroup kernel through mlir-opt 22's XeVM pipeline, with and
without wgdist's distribution in front, and validate the SPIR-V with spirv-val.

* :func:`kernels`: every example and every chunk of the distribution pass's FileCheck inputs
  that wgdist distributes (not the files whose RUN line expects a failure);
* :func:`wrap`: a chunk's ``func.func`` kernels as ``gpu.func ... kernel`` in a ``gpu.module``
  (the XeVM pipeline compiles gpu.modules only);
* :func:`lower`: ``mlir-opt-22 --gpu-lower-to-xevm-pipeline="xegpu-op-level=workgroup
  binary-format=bin"``: ``("binary", spirv bytes)`` or ``(first error line, None)``;
* :func:`spirv_val`: spirv-val's verdict on the bytes (``None`` without spirv-val).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.support.footprint import mlir_opt

ROOT = Path(__file__).resolve().parents[3]
PIPELINE = "xegpu-op-level=workgroup binary-format=bin"
WGDIST_PASSES = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"


def kernels() -> list[tuple[str, str, str]]:
    """``(name, text, wgdist passes)`` for every example (propagation and distribution) and every
    chunk of a positive distribution test (distribution, as its RUN line)."""
    found = [
        (f"examples/{p.name}", p.read_text(), WGDIST_PASSES) for p in sorted((ROOT / "examples").glob("*.mlir"))
    ]
    for p in sorted((ROOT / "tests/filecheck/passes").glob("xegpu-wg-to-sg-distribute*.mlir")):
        text = p.read_text()
        if re.search(r"^// RUN: not ", text, flags=re.M):
            continue
        for i, chunk in enumerate(re.split(r"^// -----\s*$", text, flags=re.M)):
            if re.search(r"^\s*(func\.func|gpu\.func)", chunk, flags=re.M):
                found.append((f"{p.name}#{i}", chunk, "xegpu-wg-to-sg-distribute"))
    return found


_FUNC = re.compile(r"^(\s*)func\.func (@[\w$.]+)(\([^)]*\))(\s*(?:attributes \{[^}]*\})?\s*)\{\s*$", re.M)


def wrap(text: str) -> str:
    """Kernels without results become ``gpu.func`` kernels of ``gpu.module @wrapped``; aliases
    stay at the top; a text with a gpu.module already is returned unchanged."""
    if "gpu.module" in text:
        return text
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("//")]
    aliases = [line for line in lines if line.startswith("#")]
    body = "\n".join(line for line in lines if not line.startswith("#"))
    body = _FUNC.sub(lambda m: f"{m.group(1)}gpu.func {m.group(2)}{m.group(3)} kernel{m.group(4)}{{", body)
    body = re.sub(r"\b(func\.)?return\b(?=\s*$)", "gpu.return", body, flags=re.M)
    return "\n".join([*aliases, "gpu.module @wrapped {", body, "}", ""])


def lower(text: str) -> tuple[str, bytes | None]:
    """The XeVM pipeline on ``text``: ``("binary", bytes)`` or ``(why not, None)``."""
    tool = mlir_opt()
    assert tool is not None
    proc = subprocess.run(
        [tool, f"--gpu-lower-to-xevm-pipeline={PIPELINE}"],
        input=text.encode(),
        capture_output=True,
        timeout=120,
    )
    err = proc.stderr.decode(errors="replace")
    if proc.returncode != 0:
        if proc.returncode < 0 or "Stack dump" in err:
            return ("crash", None)
        first = next((line for line in err.splitlines() if "error:" in line), err.strip()[:200])
        return (re.sub(r"^<stdin>:\d+:\d+: ", "", first), None)
    found = re.search(rb'bin = "((?:[^"\\]|\\.)*)"', proc.stdout)
    if found is None:
        return ("no gpu.binary in the output", None)
    return ("binary", _unescape(found.group(1)))


def _unescape(data: bytes) -> bytes:
    """MLIR's string escapes: ``\\XX`` hex bytes, ``\\\\`` and ``\\"``."""
    out = bytearray()
    i = 0
    while i < len(data):
        if data[i : i + 1] == b"\\":
            nxt = data[i + 1 : i + 3]
            if re.fullmatch(rb"[0-9A-Fa-f]{2}", nxt):
                out.append(int(nxt, 16))
                i += 3
                continue
            out += data[i + 1 : i + 2]
            i += 2
            continue
        out += data[i : i + 1]
        i += 1
    return bytes(out)


def spirv_val(binary: bytes) -> str | None:
    """``""`` when spirv-val accepts the module, its message otherwise, ``None`` without it."""
    tool = shutil.which("spirv-val")
    if tool is None:
        return None
    with tempfile.NamedTemporaryFile(suffix=".spv") as f:
        f.write(binary)
        f.flush()
        proc = subprocess.run([tool, f.name], capture_output=True, text=True, timeout=60)
    return "" if proc.returncode == 0 else (proc.stdout + proc.stderr).strip()
