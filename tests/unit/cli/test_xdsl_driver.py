"""wgdist-opt imports xDSL's driver without importlib.metadata (start-up, issue 14), and
--version still names xDSL's version."""

from __future__ import annotations

import subprocess
import sys


def test_the_driver_loads_without_importlib_metadata_and_version_still_works() -> None:
    code = (
        "import sys\n"
        "from wgdist.tools.wgdist_opt import main\n"
        "print('importlib.metadata' in sys.modules)\n"
        "from importlib.metadata import version\n"
        "print(version('xdsl'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out[0] == "False", out
    assert out[1] == "0.74.0", out
    proc = subprocess.run([sys.executable, "-m", "wgdist.tools.wgdist_opt", "--version"], capture_output=True, text=True)
    assert proc.returncode == 0 and "xdsl 0.74.0" in proc.stdout, proc
