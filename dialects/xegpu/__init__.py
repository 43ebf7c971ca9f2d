"""The ``xegpu`` dialect: LLVM 22's XeGPU, plus the RFC's ``wg_map``/``sg_map`` spellings.

Every op, attribute and type class of the dialect is importable from here, as from xDSL's
dialect modules::

    from wgdist.dialects.xegpu import CreateNdTdescOp, DpasOp, LayoutAttr, LoadNdOp, TensorDescType

:data:`XeGPU` lists them once. Where each class lives (modules depend on the ones above them):

==================  =================================================================
``layout_attrs``    ``#xegpu.layout``, ``#xegpu.wg_map``, ``#xegpu.sg_map``, ``#xegpu.slice``
``attrs``           the other attributes (cache hints, memory space, fence scope, range,
                    descriptor encodings, mem_layout) and their enums
``types``           ``!xegpu.tensor_desc``, ``!xegpu.mem_desc``, ``!xegpu.nbarrier``
``offsets``         mixed static/dynamic index lists (``%t[%i, 0]``)
``ops_common``      property dictionaries, their mlir-opt printing, IRDL constraints
``ops_verify``      verifier pieces shared by the ops (LLVM 22's wording)
``access``          the shared text of offset-addressed accesses (``%t[offsets]``)
``ops_nd``          create_nd_tdesc, load_nd, store_nd, prefetch_nd, update_nd_offset
``ops_scatter``     create_tdesc, update_offset, load, store, prefetch, atomic_rmw
``ops_matrix``      create_mem_desc, load_matrix, store_matrix
``ops_sync``        alloc_nbarrier, init_nbarrier, nbarrier_arrive, nbarrier_wait, fence
``ops_compute``     dpas, convert_layout
``layout_access``   where each op keeps its layouts (read and written by the passes)
==================  =================================================================
"""

from xdsl.ir import Dialect

from wgdist.dialects.xegpu.attrs import (
    ATOMIC_RMW_KINDS,
    BlockTensorDescAttr,
    CachePolicy,
    CachePolicyAttr,
    FenceScope,
    FenceScopeAttr,
    MemLayoutAttr,
    MemorySpace,
    MemorySpaceAttr,
    RangeAttr,
    ScatterTensorDescAttr,
)
from wgdist.dialects.xegpu.layout_attrs import (
    DISTRIBUTE_LAYOUT_TYPES,
    DistributeLayoutAttr,
    LayoutAttr,
    PlainLayoutAttr,
    SgMapAttr,
    SliceAttr,
    WgMapAttr,
)
from wgdist.dialects.xegpu.ops_compute import ConvertLayoutOp, DpasOp
from wgdist.dialects.xegpu.ops_matrix import CreateMemDescOp, LoadMatrixOp, StoreMatrixOp
from wgdist.dialects.xegpu.ops_nd import (
    CreateNdTdescOp,
    LoadNdOp,
    PrefetchNdOp,
    StoreNdOp,
    UpdateNdOffsetOp,
)
from wgdist.dialects.xegpu.ops_scatter import (
    AtomicRMWOp,
    CreateTdescOp,
    LoadGatherOp,
    PrefetchOp,
    StoreScatterOp,
    UpdateOffsetOp,
)
from wgdist.dialects.xegpu.ops_sync import (
    AllocNbarrierOp,
    FenceOp,
    InitNbarrierOp,
    NbarrierArriveOp,
    NbarrierWaitOp,
)
from wgdist.dialects.xegpu.types import MemDescType, NbarrierType, TensorDescType

XeGPU = Dialect(
    "xegpu",
    [
        # ops_nd
        CreateNdTdescOp,
        LoadNdOp,
        StoreNdOp,
        PrefetchNdOp,
        UpdateNdOffsetOp,
        # ops_scatter
        CreateTdescOp,
        UpdateOffsetOp,
        LoadGatherOp,
        StoreScatterOp,
        PrefetchOp,
        AtomicRMWOp,
        # ops_matrix
        CreateMemDescOp,
        LoadMatrixOp,
        StoreMatrixOp,
        # ops_sync
        AllocNbarrierOp,
        InitNbarrierOp,
        NbarrierArriveOp,
        NbarrierWaitOp,
        FenceOp,
        # ops_compute
        DpasOp,
        ConvertLayoutOp,
    ],
    [
        # layout_attrs
        LayoutAttr,
        WgMapAttr,
        SgMapAttr,
        SliceAttr,
        # attrs
        CachePolicyAttr,
        MemorySpaceAttr,
        FenceScopeAttr,
        RangeAttr,
        BlockTensorDescAttr,
        ScatterTensorDescAttr,
        MemLayoutAttr,
        # types
        TensorDescType,
        MemDescType,
        NbarrierType,
    ],
)

__all__ = [
    "ATOMIC_RMW_KINDS",
    "DISTRIBUTE_LAYOUT_TYPES",
    "AllocNbarrierOp",
    "AtomicRMWOp",
    "BlockTensorDescAttr",
    "CachePolicy",
    "CachePolicyAttr",
    "ConvertLayoutOp",
    "CreateMemDescOp",
    "CreateNdTdescOp",
    "CreateTdescOp",
    "DistributeLayoutAttr",
    "DpasOp",
    "FenceOp",
    "FenceScope",
    "FenceScopeAttr",
    "InitNbarrierOp",
    "LayoutAttr",
    "LoadGatherOp",
    "LoadMatrixOp",
    "LoadNdOp",
    "MemDescType",
    "MemLayoutAttr",
    "MemorySpace",
    "MemorySpaceAttr",
    "NbarrierArriveOp",
    "NbarrierType",
    "NbarrierWaitOp",
    "PlainLayoutAttr",
    "PrefetchNdOp",
    "PrefetchOp",
    "RangeAttr",
    "ScatterTensorDescAttr",
    "SgMapAttr",
    "SliceAttr",
    "StoreMatrixOp",
    "StoreNdOp",
    "StoreScatterOp",
    "TensorDescType",
    "UpdateNdOffsetOp",
    "UpdateOffsetOp",
    "WgMapAttr",
    "XeGPU",
]
