"""The wheel carries every Python package of the source tree (an editable install hides a gap)."""

from __future__ import annotations

import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[3]
INSTALLED_AS = {"wgdist": "wgdist", "dialects": "wgdist.dialects", "passes": "wgdist.passes",
                "tools": "wgdist.tools"}


def source_packages() -> set[str]:
    found = set()
    for folder, name in INSTALLED_AS.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder).parts
            found.add(".".join((name, *rel)))
    return found


def test_every_source_package_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    assert source_packages() - listed == set(), "packages missing from pyproject.toml"
    assert listed - source_packages() == set(), "pyproject.toml lists packages that do not exist"
    for name, folder in config["package-dir"].items():
        assert INSTALLED_AS[folder] == name


def test_py_typed_is_shipped():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "py.typed" in config["package-data"]["wgdist"]
    assert (ROOT / "wgdist" / "py.typed").exists()
