"""xDSL's ``xdsl-opt`` driver class (``xDSLOptMain``), imported without paying for
``importlib.metadata`` at start-up.

``xdsl.xdsl_opt_main`` runs ``from importlib.metadata import version`` for ``--version`` alone;
importing ``importlib.metadata`` loads email, zipfile and csv, about 13 ms of every
``wgdist-opt`` start-up. While the driver is imported, ``importlib.metadata`` is a stand-in whose
``version`` imports the real module when it is called; the stand-in is gone afterwards, so any
later ``import importlib.metadata`` gets the real module.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import TYPE_CHECKING


def _version(distribution: str) -> str:
    from importlib.metadata import version

    return version(distribution)


def _import_xdsl_driver() -> ModuleType:
    if "importlib.metadata" in sys.modules:
        import xdsl.xdsl_opt_main

        return xdsl.xdsl_opt_main
    stand_in = ModuleType("importlib.metadata")
    stand_in.version = _version  # type: ignore[attr-defined]
    sys.modules["importlib.metadata"] = stand_in
    try:
        import xdsl.xdsl_opt_main
    finally:
        if sys.modules.get("importlib.metadata") is stand_in:
            del sys.modules["importlib.metadata"]
    return xdsl.xdsl_opt_main


if TYPE_CHECKING:
    from xdsl.xdsl_opt_main import xDSLOptMain
else:
    xDSLOptMain = _import_xdsl_driver().xDSLOptMain

__all__ = ["xDSLOptMain"]
