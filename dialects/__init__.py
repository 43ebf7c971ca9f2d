"""wgdist's dialects: ``xegpu``, the merged ``vector`` (xDSL's ops plus the ones it lacks), and
``gpu`` and ``arith`` with LLVM 22's syntax and vector handling; ``index``, ``xevm``'s
``#xevm.target`` and ``memref.extract_aligned_pointer_as_index`` (:mod:`.memref`), which
mlir-opt 22 writes into IR that wgdist reads back.

Each dialect module (:mod:`.xegpu`, :mod:`.vector`, :mod:`.gpu`, :mod:`.arith`) lists its
dialect's classes once and exports every op, attribute and type class by name, as xDSL's dialect
modules do (``from wgdist.dialects.xegpu import LoadNdOp, LayoutAttr``). :mod:`.elementwise` is
the one list of the ops that act lane by lane.

Registries are lazy: a factory imports its module only when the dialect is first needed, which is
what keeps ``import wgdist`` and ``wgdist-opt`` start-up short.
"""

from collections.abc import Callable

from xdsl.ir import Dialect


def get_xegpu() -> Dialect:
    from wgdist.dialects.xegpu import XeGPU

    return XeGPU


def get_gpu() -> Dialect:
    from wgdist.dialects.gpu import Gpu

    return Gpu


def get_vector() -> Dialect:
    from wgdist.dialects.vector import Vector

    return Vector


def get_arith() -> Dialect:
    from wgdist.dialects.arith import Arith

    return Arith


def get_memref() -> Dialect:
    from wgdist.dialects.memref import MemRef

    return MemRef


def get_xevm() -> Dialect:
    from wgdist.dialects.xevm import XeVM

    return XeVM


def get_index() -> Dialect:
    from wgdist.dialects.index import Index

    return Index


def get_new_dialects() -> dict[str, Callable[[], Dialect]]:
    """Dialects whose names xDSL does not have (safe to expose through ``xdsl.universe``):
    ``xegpu``, and what mlir-opt 22 writes around it: ``xevm`` (``#xevm.target``) and ``index``
    (``index.sub`` for ``sg_id_range``, ...)."""
    return {"xegpu": get_xegpu, "xevm": get_xevm, "index": get_index}


def get_replaced_dialects() -> dict[str, Callable[[], Dialect]]:
    """Dialects that replace xDSL's dialect of the same name inside wgdist's tools."""
    return {"vector": get_vector, "gpu": get_gpu, "arith": get_arith, "memref": get_memref}
