"""The dialect modules are the library surface: every registered class importable by its name.

A downstream compiler writes ``from wgdist.dialects.xegpu import LoadNdOp, LayoutAttr`` as it
would with xDSL's dialect modules. Each module lists its dialect's classes once (the
``Dialect``), and these tests fail when a class is defined but not registered, registered but
not importable, or when an op of xDSL's dialect of the same name is dropped.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import subprocess
import sys
from types import ModuleType

import pytest
from xdsl.dialects import arith as xdsl_arith
from xdsl.dialects import gpu as xdsl_gpu
from xdsl.dialects import vector as xdsl_vector
from xdsl.ir import Attribute, Dialect, Operation

from wgdist.dialects import arith, gpu, vector, xegpu

DIALECTS: list[tuple[ModuleType, Dialect]] = [
    (xegpu, xegpu.XeGPU),
    (vector, vector.Vector),
    (gpu, gpu.Gpu),
    (arith, arith.Arith),
]


def _submodules(package: str) -> list[str]:
    found = pkgutil.iter_modules(importlib.import_module(package).__path__, f"{package}.")
    return sorted(m.name for m in found)


# The modules that define the classes wgdist adds (each such class must be registered).
FAMILY_MODULES: dict[str, list[str]] = {
    "xegpu": _submodules("wgdist.dialects.xegpu"),
    "vector": _submodules("wgdist.dialects.vector_ops"),
    "gpu": ["wgdist.dialects.gpu"],
    "arith": ["wgdist.dialects.arith", "wgdist.dialects.arith_casts"],
}

DIALECTS_BY_NAME = {d.name: d for _, d in DIALECTS}
XDSL_DIALECTS = {"vector": xdsl_vector.Vector, "gpu": xdsl_gpu.GPU, "arith": xdsl_arith.Arith}


def _registered(dialect: Dialect) -> list[type[Operation] | type[Attribute]]:
    return [*dialect.operations, *dialect.attributes]


@pytest.mark.parametrize(("module", "dialect"), DIALECTS, ids=lambda x: getattr(x, "name", ""))
def test_every_registered_class_is_importable_by_name(module: ModuleType, dialect: Dialect) -> None:
    for cls in _registered(dialect):
        assert getattr(module, cls.__name__, None) is cls, f"{module.__name__}.{cls.__name__}"
        assert cls.__name__ in module.__all__, f"{cls.__name__} missing from {module.__name__}.__all__"
        exec(f"from {module.__name__} import {cls.__name__}", {})


@pytest.mark.parametrize("module", [m for m, _ in DIALECTS], ids=lambda m: m.__name__)
def test_all_lists_only_names_that_exist(module: ModuleType) -> None:
    assert len(set(module.__all__)) == len(module.__all__)
    for name in module.__all__:
        assert hasattr(module, name), f"{module.__name__}.__all__ names {name}, which is not there"


@pytest.mark.parametrize(("module", "dialect"), DIALECTS, ids=lambda x: getattr(x, "name", ""))
def test_every_defined_class_is_registered(module: ModuleType, dialect: Dialect) -> None:
    registered = set(_registered(dialect))
    names = {c.name for c in registered}
    assert len(names) == len(registered), "two registered classes share a name"
    for module_name in FAMILY_MODULES[dialect.name]:
        family = importlib.import_module(module_name)
        for cls in vars(family).values():
            if not inspect.isclass(cls) or cls.__module__ != module_name:
                continue
            if issubclass(cls, Operation | Attribute) and "name" in cls.__dict__:
                assert cls in registered, f"{module_name}.{cls.__name__} is not registered"


@pytest.mark.parametrize("name", sorted(XDSL_DIALECTS))
def test_replaced_dialects_keep_every_xdsl_op_and_attribute(name: str) -> None:
    ours = DIALECTS_BY_NAME[name]
    ops, attrs = {o.name for o in ours.operations}, {a.name for a in ours.attributes}
    for op in XDSL_DIALECTS[name].operations:
        assert op.name in ops, f"xDSL's {op.name} is missing from wgdist's {name}"
    for attr in XDSL_DIALECTS[name].attributes:
        assert attr.name in attrs, f"xDSL's {attr.name} is missing from wgdist's {name}"


def test_xegpu_exports_the_builder_names() -> None:
    from wgdist.dialects.xegpu import (  # noqa: F401 - the import is the test
        ConvertLayoutOp,
        CreateNdTdescOp,
        DpasOp,
        LayoutAttr,
        LoadNdOp,
        MemDescType,
        PrefetchNdOp,
        SliceAttr,
        StoreNdOp,
        TensorDescType,
        UpdateNdOffsetOp,
    )


def test_import_wgdist_loads_no_dialect() -> None:
    """The registries in wgdist.dialects are lazy: importing the package loads no dialect."""
    code = (
        "import sys, wgdist, wgdist.dialects; "
        "print(sorted(m for m in sys.modules if m.startswith('wgdist.dialects.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
