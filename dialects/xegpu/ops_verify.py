"""Verifier pieces shared by the XeGPU ops (messages keep LLVM 22's wording and add numbers).

All layout arithmetic is :mod:`wgdist.layout`'s; this module only words the results.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from math import prod

from xdsl.dialects.builtin import IntegerAttr, IntegerType, MemRefType, NoneAttr, VectorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.utils.exceptions import VerifyException

from wgdist.dialects.xegpu.attrs import CachePolicy, CachePolicyAttr, MemorySpace, MemorySpaceAttr
from wgdist.dialects.xegpu.layout_attrs import DISTRIBUTE_LAYOUT_TYPES
from wgdist.dialects.xegpu.offsets import static_values
from wgdist.dialects.xegpu.types import TensorDescType
from wgdist.ir.diagnostics import emit
from wgdist.layout import distribution_errors


def check_scattered(tdesc: TensorDescType, scattered: bool) -> None:
    """``tdesc`` is a scattered (or, with ``scattered=False``, a block) descriptor."""
    if tdesc.is_scattered != scattered:
        raise VerifyException(f"Expects a {'' if scattered else 'non-'}scattered TensorDesc. (got {tdesc})")


_SPACE_NUMBER = {MemorySpace.GLOBAL: 0, MemorySpace.SLM: 3}


def check_memory_space(source: Attribute, tdesc: TensorDescType) -> None:
    """create_nd_tdesc/create_tdesc: the source's memory space is the descriptor's (LLVM 22:
    a memref's integer space, or an ``#xegpu`` memory space, else 0; an integer address is
    global; the descriptor's is 0, or 3 for ``slm``)."""
    src = 0
    if isinstance(source, MemRefType):
        ms = source.memory_space
        if isinstance(ms, IntegerAttr):
            src = ms.value.data
        elif isinstance(ms, MemorySpaceAttr):
            src = _SPACE_NUMBER[ms.data]
    dst = _SPACE_NUMBER[tdesc.memory_space]
    if src != dst:
        raise VerifyException(f"Memory space mismatch. Source: {src}, TensorDesc: {dst} (source {source})")


_WRITE_ONLY_HINTS = frozenset({CachePolicy.WRITE_BACK, CachePolicy.WRITE_THROUGH})
_READ_ONLY_HINTS = frozenset({CachePolicy.STREAMING, CachePolicy.READ_INVALIDATE})


def check_cache_hints(op: Operation, *, store: bool) -> None:
    """LLVM 22's per-op hint rule: reads (load_nd, prefetch_nd, load, prefetch) reject
    ``write_back``/``write_through``, writes (store_nd, store) ``streaming``/``read_invalidate``;
    l1, then l2, then l3 (mlir-opt's wording, ``invalid l1_hint: #xegpu.cache_hint<..>``)."""
    banned = _READ_ONLY_HINTS if store else _WRITE_ONLY_HINTS
    for level in ("l1_hint", "l2_hint", "l3_hint"):
        hint = op.properties.get(level)
        if isinstance(hint, CachePolicyAttr) and hint.data in banned:
            kind = "a store" if store else "a load or prefetch"
            raise VerifyException(f"invalid {level}: {hint} ({hint.data.value} is not a hint for {kind})")


def check_offsets_rank(n_offsets: int, tdesc: TensorDescType) -> None:
    if n_offsets != tdesc.get_rank():
        raise VerifyException(
            f"Mismatched ranks between offsets and tensor descriptor: {n_offsets} offsets for a "
            f"rank-{tdesc.get_rank()} tensor_desc {tdesc}"
        )


_WARNED: weakref.WeakKeyDictionary[Operation, set[str]] = weakref.WeakKeyDictionary()


def warn_once(op: Operation, message: str) -> None:
    """A ``warning`` on ``op`` as LLVM 22's verifier emits it, once per op however often the op
    is verified (wgdist verifies after parsing and again around passes)."""
    seen = _WARNED.setdefault(op, set())
    if message not in seen:
        seen.add(message)
        emit(op, message, "warning")


def expected_block_shape(op: Operation, value_shape: Sequence[int], tdesc: TensorDescType) -> list[int]:
    """The vector shape a block access of ``tdesc`` moves, after transpose, packed and
    array_length (LLVM 22's rule)."""
    shape = list(tdesc.get_shape())
    transpose = op.properties.get("transpose")
    if transpose is not None:
        perm = static_values(transpose) or []
        if any(not 0 <= p < len(shape) for p in perm):
            # LLVM 22 ignores such a transpose, with a warning
            warn_once(op, f"Invalid transpose attr. It is ignored. (transpose {perm}, tensor_desc "
                      f"rank {len(shape)})")
        elif sorted(perm) != list(range(len(shape))):
            raise VerifyException(
                f"transpose {perm} is not a permutation of the {len(shape)} tensor_desc dims"
            )
        else:
            shape = [shape[p] for p in perm]
    if "packed" in op.properties and len(shape) != 2:
        # LLVM 22 ignores packed on a 1-D descriptor, with a warning
        warn_once(op, f"Invalid Packed Attr. It is ignored (available for 2D TensorDesc only). "
                  f"(tensor_desc rank {len(shape)})")
    if "packed" in op.properties and len(shape) == 2 and value_shape:
        vnni = value_shape[-1]
        if vnni <= 0 or shape[0] % vnni:
            raise VerifyException(
                f"packed: dim 0 of the tensor_desc ({shape[0]}) is not a multiple of the packing "
                f"factor {vnni} (the last dim of the result)"
            )
        shape = [shape[0] // vnni, shape[1], vnni]
    if tdesc.array_length > 1:
        shape = [tdesc.array_length, *shape]
    return shape


def check_value_shape(op: Operation, what: str, value: SSAValue, tdesc: TensorDescType) -> None:
    """load_nd/store_nd: the vector agrees with the descriptor (SIMD), or is one lane's even
    share of it (SIMT, 8 or 16 lanes, no layout on the descriptor)."""
    vt = value.type
    assert isinstance(vt, VectorType)
    if vt.element_type != tdesc.element_type:
        raise VerifyException(
            f"{'Value' if what == 'Value' else 'Result'} should have the same element type as "
            f"TensorDesc. ({vt.element_type} vs {tdesc.element_type})"
        )
    vshape = list(vt.get_shape())
    n_desc, n_val = prod(tdesc.get_shape()), prod(vshape)
    if len(vshape) == 1 and n_val < n_desc:
        if not _is_none(tdesc.layout):
            raise VerifyException(
                f"TensorDesc doesn't need LayoutAttr for SIMT code (a rank-1 {vt} from {tdesc})"
            )
        total = n_desc * tdesc.array_length
        lanes = total // n_val if total % n_val == 0 else -1
        if lanes not in (8, 16):
            raise VerifyException(
                f"{what} shape {vshape} is not a valid distribution for tensor descriptor {tdesc} "
                f"({total} elements over {n_val} per lane; 8 or 16 lanes expected)"
            )
        return
    expected = expected_block_shape(op, vshape, tdesc)
    if expected != vshape:
        raise VerifyException(
            f"{what} shape {vshape} is not consistent with tensor descriptor {tdesc} "
            f"(expected {expected})"
        )


def _is_none(a: Attribute) -> bool:
    return not isinstance(a, DISTRIBUTE_LAYOUT_TYPES)


def check_anchor_layout(what: str, layout: Attribute, shape: Sequence[int]) -> None:
    """An op's anchor layout (``layout``, ``layout_a``, ...): a workgroup layout (one with
    ``sg_layout``) must fit and distribute ``shape`` (:func:`check_layout_for`). A subgroup-level
    layout (only ``inst_data``/``lane_*``) is accepted as LLVM 22 accepts it, unchecked: mlir-opt
    22 emits such anchors (e.g. ``inst_data = [8, 16]`` on a ``1x32`` load) and reads them back."""
    assert isinstance(layout, DISTRIBUTE_LAYOUT_TYPES)
    if layout.to_model().is_wg:
        check_layout_for(what, layout, shape)


def check_layout_for(what: str, layout: Attribute, shape: Sequence[int]) -> None:
    """``layout`` (a layout attribute) must have ``shape``'s rank and distribute it; a layout
    that shares data is valid on every op, stores included (layouts-spec 1.3 rule 5: sharing
    subgroups hold the same values, and the distributed store writes each element once)."""
    assert isinstance(layout, DISTRIBUTE_LAYOUT_TYPES)
    model = layout.to_model()
    if model.rank != len(shape):
        raise VerifyException(
            f"expected {what} rank {model.rank} to match the rank {len(shape)} of shape {list(shape)}"
        )
    errs = distribution_errors(shape, model)
    if errs:
        raise VerifyException(f"{what} {layout} cannot distribute {list(shape)}: {'; '.join(errs)}")


def check_value_layout(
    op: Operation,
    layout: Attribute | None,
    value: SSAValue | None,
    tdesc: TensorDescType,
    *,
    store: bool,
) -> None:
    """The anchor ``layout`` of an nd access fits the data it describes (on a store, the
    descriptor's layout too when the op has none). Layouts that share data are valid on
    stores as LLVM 22 accepts them (layouts-spec 1.3 rule 5)."""
    shape = list(tdesc.get_shape())
    if value is not None and isinstance(value.type, VectorType):
        vshape = list(value.type.get_shape())
        if isinstance(layout, DISTRIBUTE_LAYOUT_TYPES) and len(vshape) == layout.to_model().rank:
            shape = vshape
    if layout is not None:
        check_anchor_layout("layout", layout, shape)
    elif store and not _is_none(tdesc.layout):
        check_layout_for("tensor_desc layout", tdesc.layout, tdesc.get_shape())


def check_value_layout_attrs(op: Operation) -> None:
    """The discardable ``layout_result_N`` / ``layout_operand_N`` layouts of any op describe a
    value that exists and have its vector's rank (mlir-opt 22 checks neither). Scalars and
    non-layout values are left alone.

    Distributability is deliberately not checked here: the passes report it with the value's
    name, and propagated IR legitimately carries layouts wgdist's per-dimension rule rejects
    (LLVM's propagation gives ``vector.shape_cast`` to ``256x1`` the source's ``sg_data = [8, 128]``,
    which LLVM's rule accepts as sharing on the unit dimension)."""
    for name, attr in op.attributes.items():
        kind, _, index = name.removeprefix("layout_").rpartition("_")
        if not name.startswith("layout_") or kind not in ("result", "operand") or not index.isdigit():
            continue
        if not isinstance(attr, DISTRIBUTE_LAYOUT_TYPES):
            continue
        values = op.results if kind == "result" else op.operands
        i = int(index)
        if i >= len(values):
            raise VerifyException(
                f"{name} describes {kind} #{i}, but the op has {len(values)} {kind}"
                f"{'' if len(values) == 1 else 's'}"
            )
        t = values[i].type
        rank = attr.to_model().rank
        if isinstance(t, VectorType) and rank != t.get_num_dims():
            raise VerifyException(
                f"{name} {attr} has rank {rank}, but {kind} #{i} is a rank-{t.get_num_dims()} {t}"
            )


def shape_of(t: Attribute) -> list[int]:
    """A vector type's shape; ``[]`` for a scalar."""
    return list(t.get_shape()) if isinstance(t, VectorType) else []


def _numel(t: Attribute) -> int:
    return prod(shape_of(t))


def check_scatter_source(source: SSAValue) -> TensorDescType | None:
    """The source of a gather/scatter: a scattered descriptor (returned), a 1-D memref or an address."""
    t = source.type
    if isinstance(t, TensorDescType):
        check_scattered(t, True)
        return t
    if isinstance(t, MemRefType) and t.get_num_dims() != 1:
        raise VerifyException(
            f"Expecting the source is a 1D memref or pointer (uint64_t). (got a rank-{t.get_num_dims()} {t})"
        )
    if isinstance(t, IntegerType) and t.width.data not in (32, 64):
        raise VerifyException(f"expected a 32- or 64-bit integer address as source, got {t}")
    return None


def check_gather_scatter(
    what: str, value_t: Attribute, mask_t: Attribute, tdesc: TensorDescType | None,
    offsets_t: Attribute | None, chunk: int,
) -> None:  # fmt: skip
    """LLVM 22's shape rules for gathers/scatters (descriptor and buffer forms)."""
    if tdesc is not None:
        chunk = tdesc.chunk_size
        elt = value_t.element_type if isinstance(value_t, VectorType) else value_t
        if elt != tdesc.element_type:
            raise VerifyException(
                f"{what} should have the same element type as TensorDesc. ({elt} vs {tdesc.element_type})"
            )
        vshape = shape_of(value_t)
        if len(vshape) == 1 and vshape[0] == chunk:  # SIMT: one lane's chunk
            if not isinstance(tdesc.layout, NoneAttr):
                raise VerifyException("TensorDesc doesn't need LayoutAttr for SIMT code")
            return
        tshape = list(tdesc.get_shape())
        if vshape != tshape:
            raise VerifyException(
                f"{what} shape {vshape} is neither a valid distribution for SIMT nor consistent with "
                f"the tensor descriptor for SIMD {tdesc}"
            )
        expected_mask = tshape[:-1] if chunk > 1 else tshape
        if shape_of(mask_t) != expected_mask:
            raise VerifyException(
                f"Mask should match TensorDesc except the chunk size dim. (mask {shape_of(mask_t)}, "
                f"expected {expected_mask})"
            )
        return
    if not isinstance(value_t, VectorType):
        if chunk > 1:
            raise VerifyException(f"Expecting chunk size == 1 for scalar result (chunk_size {chunk})")
        if isinstance(mask_t, VectorType) or isinstance(offsets_t, VectorType):
            raise VerifyException("Expecting scalar mask and offsets.")
        return
    n_val = _numel(value_t)
    if not isinstance(mask_t, VectorType) and not isinstance(offsets_t, VectorType):
        if n_val != chunk:
            raise VerifyException(f"value elements must match chunk size {chunk} (value has {n_val})")
        return
    if not isinstance(mask_t, VectorType):
        raise VerifyException("Expecting a vector type mask.")
    n_mask = _numel(mask_t)
    if chunk > 1:
        if value_t.get_num_dims() == 1 and n_val != chunk:
            raise VerifyException(f"value elements must match chunk size {chunk} (value has {n_val})")
        if value_t.get_num_dims() > 1 and shape_of(value_t)[-1] != chunk:
            raise VerifyException(
                f"expected the last dim of the value {shape_of(value_t)} to be the chunk size {chunk}"
            )
    elif n_val != n_mask:
        raise VerifyException(
            f"Mask should match value except the chunk size dim. (mask {shape_of(mask_t)}, value {shape_of(value_t)})"
        )
    if n_mask == 1:
        return
    expected = shape_of(value_t)[:-1] if chunk > 1 else shape_of(value_t)
    if shape_of(mask_t) != expected:
        raise VerifyException(
            f"Mask should match value except the chunk size dim. (mask {shape_of(mask_t)}, expected {expected})"
        )
    if isinstance(offsets_t, VectorType) and shape_of(offsets_t) != shape_of(mask_t):
        raise VerifyException(
            f"expected offsets {shape_of(offsets_t)} to have the shape of the mask {shape_of(mask_t)}"
        )
