"""What a check runs a kernel with: random inputs for its memref parameters, the number of
subgroups its layouts describe (or, without sg_layout, the layouts a pipeline's layout passes
assign), and the size limits checked before anything is allocated or run
(``wgdist-check --max-bytes``, ``--max-subgroups``; the messages name those options)."""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterator, Mapping, Sequence

import numpy as np
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    IndexType,
    IntegerType,
    MemRefType,
    ModuleOp,
    VectorType,
)
from xdsl.dialects.memref import AllocaOp, AllocOp
from xdsl.ir import Attribute, Operation, ParametrizedAttribute
from xdsl.utils.arg_spec import parse_pipeline

from wgdist.dialects.gpu import SubgroupIdOp
from wgdist.interp.core import describe_op, symbol_name
from wgdist.interp.elements import (
    UnsupportedTypeError,
    array_converter,
    int_width,
    is_float,
    np_dtype,
)
from wgdist.interp.launch import find_function, function_type
from wgdist.interp.pointers import descriptor_defaults, pointer_elements, pointer_parameters
from wgdist.interp.scf import sg_id_range_size
from wgdist.interp.values import KernelError
from wgdist.passes.xegpu_wg_to_sg_distribute import XeGPUWgToSgDistributePass

# The interpreter keeps several copies of each argument buffer (inputs, one per mode, write
# tracking): 256 MiB of arguments take about 4.5 GB of memory and half a minute.
DEFAULT_MAX_BYTES = 256 * 2**20
# Subgroup programs run in one check (workgroups x subgroups per workgroup): a trivial kernel
# runs about 12000 of them a second.
DEFAULT_MAX_SUBGROUPS = 65536


def _layout_counts(attr: Attribute) -> Iterator[int]:
    to_model = getattr(attr, "to_model", None)
    if to_model is not None:
        model = to_model()
        if model.is_wg:
            yield model.num_subgroups
        return
    if isinstance(attr, ParametrizedAttribute):
        for p in attr.parameters:
            yield from _layout_counts(p)
    elif isinstance(attr, ArrayAttr):
        for p in attr.data:
            yield from _layout_counts(p)
    elif isinstance(attr, DictionaryAttr):
        for p in attr.data.values():
            yield from _layout_counts(p)


def _layout_sources(func: Operation) -> Iterator[tuple[int, Operation, str]]:
    """``(subgroups, op, what)`` for every workgroup layout of the kernel: on the ops of the body
    (their properties, attributes, operand and result types, block arguments) and in the types
    of the function's parameters. The function's own attribute dictionary is not the kernel's
    layouts (it may hold any attribute) and is skipped, and so are the ops inside an ``scf.if``
    with ``sg_id_range``: their layouts describe a workgroup of the range's size."""
    for i, t in enumerate(function_type(func).inputs.data):
        for n in _layout_counts(t):
            yield n, func, f"the type of parameter {i}"
    for op in func.walk():
        if op is func or _in_sg_id_range(op, func):
            continue
        named = [(f"attribute '{k}'", a) for k, a in op.properties.items()]
        named += [(f"attribute '{k}'", a) for k, a in op.attributes.items()]
        named += [(f"the type of result {i}", r.type) for i, r in enumerate(op.results)]
        named += [(f"the type of operand {i}", o.type) for i, o in enumerate(op.operands)]
        named += [
            (f"the type of block argument {a.index}", a.type)
            for region in op.regions for block in region.blocks for a in block.args
        ]
        for what, a in named:
            for n in _layout_counts(a):
                yield n, op, what


def _in_sg_id_range(op: Operation, func: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None and parent is not func:
        if sg_id_range_size(parent) is not None:
            return True
        parent = parent.parent_op()
    return False


def has_sg_layout(func: Operation) -> bool:
    """Whether any workgroup layout (one with ``sg_layout``) describes the kernel."""
    return next(_layout_sources(func), None) is not None


def infer_subgroups(func: Operation) -> int:
    """The subgroup count all workgroup layouts in ``func`` agree on (product of sg_layout)."""
    found: dict[int, tuple[Operation, str]] = {}
    for n, op, what in _layout_sources(func):
        found.setdefault(n, (op, what))
    if not found:
        raise KernelError(
            func,
            f"cannot infer the number of subgroups: no layout with sg_layout in @{symbol_name(func)}; "
            "pass --subgroups N",
        )
    if len(found) > 1:
        second = list(found.values())[1][0]  # the error points at the first op that disagrees
        desc = ", ".join(f"{n} in {what} of {describe_op(op)}" for n, (op, what) in found.items())
        raise KernelError(
            second,
            f"the kernel's layouts disagree on the number of subgroups: {desc}; pass "
            "--subgroups N to run with N anyway",
        )
    return next(iter(found))


def is_int(n: object) -> bool:
    """An integer that is not a bool."""
    return isinstance(n, numbers.Integral) and not isinstance(n, bool)


def param_names(func: Operation) -> list[str]:
    """The parameters' names (their SSA name hints, else ``argN``)."""
    args = func.regions[0].blocks[0].args
    return [a.name_hint or f"arg{i}" for i, a in enumerate(args)]


def scalar_parameters(func: Operation) -> list[tuple[int, str, Attribute]]:
    """``(index, name, type)`` of every parameter that takes a scalar value: not a memref, a
    vector or a pointer (:func:`~wgdist.interp.pointers.pointer_parameters`)."""
    names = param_names(func)
    pointers = pointer_parameters(func)
    return [
        (i, names[i], t) for i, t in enumerate(function_type(func).inputs.data)
        if not isinstance(t, MemRefType | VectorType) and i not in pointers
    ]  # fmt: skip


def array_parameters(func: Operation, scalars: Mapping[str, float]) -> dict[int, tuple[tuple[int, ...], Attribute, str]]:
    """The parameters the check fills with random contents, by index: ``(shape, element type,
    note)``: memrefs (no note), vectors, and pointers with their buffer's size and how it was
    found (:func:`~wgdist.interp.pointers.pointer_elements`; ``scalars`` gives the values of
    the parameters a descriptor's shape or strides read)."""
    names = param_names(func)
    by_index = {i: int(scalars[n]) for i, n in enumerate(names) if n in scalars and is_int(scalars[n])}
    pointers = pointer_parameters(func)
    out: dict[int, tuple[tuple[int, ...], Attribute, str]] = {}
    for i, t in enumerate(function_type(func).inputs.data):
        if isinstance(t, MemRefType):
            out[i] = (tuple(t.get_shape()), t.element_type, "")
        elif isinstance(t, VectorType):
            out[i] = (tuple(t.get_shape()), t.element_type, f"vector parameter %{names[i]}: random contents")
        elif i in pointers:
            n, how = pointer_elements(func, i, pointers[i], by_index)
            out[i] = ((n,), pointers[i].elt, (
                f"pointer parameter %{names[i]} ({t}) addresses a buffer of {n} {pointers[i].elt} "
                f"element(s), sized from {how}"
            ))  # fmt: skip
    return out


def draw_scalars(
    func: Operation, given: Mapping[str, float], sample: int, attempt: int, seed: int
) -> dict[str, float]:
    """Values for the scalar parameters of ``func`` that ``given`` leaves open, for sample
    number ``sample`` (``attempt`` counts redraws after the workgroup program failed on a draw).

    Integers and indices are small and positive, the kind of values offsets, sizes and trip
    counts take (sample 0: 1, sample 1: 2, then drawn in [1, 8]); an ``i1`` is 0 in even samples
    and 1 in odd ones; floats are finite, drawn in [-2, 2). Attempt 1 keeps the values (the
    caller redraws the memory contents); attempts 2 and 3 try integers 1, then 0, and flip i1s.
    An integer that is the shape or a stride of a block descriptor on a pointer takes the
    descriptor's shape or row-major stride instead
    (:func:`~wgdist.interp.pointers.descriptor_defaults`). A parameter of another type (a
    descriptor) is refused, naming it."""
    rng = np.random.default_rng((seed, sample, min(attempt, 1)))
    redraw = max(0, attempt - 1)
    out: dict[str, float] = {}
    sizes = descriptor_defaults(func)
    for i, name, t in scalar_parameters(func):
        if name in given:
            out[name] = given[name]
        elif i in sizes:
            out[name] = sizes[i]
        elif is_float(t):
            out[name] = float(np.round(rng.uniform(-2.0, 2.0), 3))
        elif isinstance(t, IntegerType | IndexType) and int_width(t) == 1:
            out[name] = (sample + redraw) % 2
        elif isinstance(t, IntegerType | IndexType):
            out[name] = (1, 0)[redraw - 1] if redraw else (1, 2)[sample] if sample < 2 else int(rng.integers(1, 9))
        else:
            raise KernelError(
                func,
                f"parameter {i} (%{name}) of @{symbol_name(func)} has type {t}; the check gives "
                "values to memref, vector, integer, index, float and pointer parameters only",
            )
    return out


def random_inputs(
    func: Operation, seed: int, scalars: Mapping[str, float] | None = None,
    *, max_bytes: int = DEFAULT_MAX_BYTES, positive: bool = False,
) -> list[np.ndarray]:
    """One random array per memref parameter (floats in [-1, 1), small integers, random
    booleans); scalar parameters take their value from ``scalars`` (by name, without ``%``).
    ``positive`` draws integers in [1, 7] instead of [-8, 8], so that shift amounts and divisors
    read from memory make the operation defined.

    The memref parameters may take at most ``max_bytes`` together (checked before anything is
    allocated)."""
    if not is_int(seed) or seed < 0:
        raise ValueError(f"--seed: expected a non-negative integer, got {seed!r}")
    name = symbol_name(func)
    names = param_names(func)
    scalars = dict(scalars or {})
    unknown = sorted(set(scalars) - set(names))
    if unknown:
        raise KernelError(
            func,
            f"@{name} has no parameter named {', '.join('%' + n for n in unknown)} "
            f"(--scalar; its parameters: {', '.join('%' + n for n in names) or 'none'})",
        )
    types = function_type(func).inputs.data
    arrays = array_parameters(func, scalars)
    for i, t in enumerate(types):
        if i not in arrays:
            if names[i] not in scalars:
                raise KernelError(
                    func,
                    f"parameter {i} (%{names[i]}) of @{name} has type {t} and no value: give its "
                    f"value (--scalar {names[i]}=VALUE)",
                )
        elif any(d < 0 for d in arrays[i][0]):
            raise KernelError(
                func, f"parameter {i} (%{names[i]}) of @{name} has the dynamic type {t}; give static shapes"
            )
    _check_argument_bytes(func, names, max_bytes, arrays)
    rng = np.random.default_rng(seed)
    out: list[np.ndarray] = []
    for i in range(len(types)):
        if i not in arrays:
            out.append(np.asarray(scalars[names[i]]))
            continue
        shape, et, _ = arrays[i]
        arr: np.ndarray
        try:
            if is_float(et):
                arr = rng.uniform(-1.0, 1.0, size=shape)
            elif int_width(et) == 1:
                arr = rng.random(size=shape) < 0.5
            elif positive:
                arr = rng.integers(1, 8, size=shape)
            else:
                arr = rng.integers(-8, 9, size=shape)
            out.append(np.asarray(array_converter(et)(arr)).astype(np_dtype(et)))
        except UnsupportedTypeError:
            raise KernelError(
                func,
                f"parameter {i} (%{names[i]}) of @{name} has the element type {et}, which the "
                "interpreter does not model (it runs i1, i8, i16, i32, i64, index, f16, bf16, f32 and f64)",
            ) from None
    return out


def _nbytes(shape: Sequence[int], elt: Attribute) -> int:
    """Bytes the interpreter holds for a static ``shape`` of ``elt`` (Python ints: no overflow)."""
    try:
        size = np_dtype(elt).itemsize
    except UnsupportedTypeError:  # an element type the interpreter rejects later, with its own message
        size = 8
    return math.prod(shape) * size


def _human(n: int) -> str:
    for unit, size in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= size:
            return f"{n / size:.4g} {unit}"
    return f"{n} B"


def _check_argument_bytes(
    func: Operation, names: Sequence[str], max_bytes: int, arrays: Mapping[int, tuple[tuple[int, ...], Attribute, str]],
) -> None:
    types = function_type(func).inputs.data
    sizes = [(i, types[i], _nbytes(shape, elt)) for i, (shape, elt, _) in arrays.items()]
    if not sizes:
        return
    total = sum(n for _, _, n in sizes)
    if total <= max_bytes:
        return
    name = symbol_name(func)
    i, t, n = max(sizes, key=lambda x: x[2])
    if len(sizes) == 1:
        what = f"parameter {i} (%{names[i]}) of @{name}, {t}, takes {total} bytes ({_human(total)})"
    else:
        what = (
            f"the memref parameters of @{name} take {total} bytes together "
            f"({_human(total)}; the largest is parameter {i} (%{names[i]}), {t}, with {n} bytes)"
        )
    raise KernelError(
        func,
        f"{what}, more than the limit of {max_bytes} bytes ({_human(max_bytes)}) on the buffers "
        "the check allocates (it holds several copies of each); raise it with --max-bytes",
    )


def check_value_bytes(module: Operation, max_bytes: int) -> None:
    """A vector value or a memref.alloc/alloca larger than ``max_bytes`` is refused before the
    run (the interpreter would try to allocate it)."""
    for op in module.walk():
        allocates = isinstance(op, AllocOp | AllocaOp)
        for i, r in enumerate(op.results):
            t = r.type
            if not isinstance(t, VectorType | MemRefType) or (isinstance(t, MemRefType) and not allocates):
                continue
            shape = t.get_shape()
            if any(d < 0 for d in shape):
                continue
            n = _nbytes(shape, t.element_type)
            if n > max_bytes:
                raise KernelError(
                    op,
                    f"result {i}, {t}, takes {n} bytes ({_human(n)}), more than the limit "
                    f"of {max_bytes} bytes ({_human(max_bytes)}) on the values the check "
                    "allocates; raise it with --max-bytes",
                )


def check_launch(grid: tuple[int, ...], grid_from: str, n_sg: int, sg_from: str, max_subgroups: int) -> None:
    """Refuse a launch that would run more than ``max_subgroups`` subgroup programs."""
    n_wg = math.prod(grid)
    total = n_wg * n_sg
    if total > max_subgroups:
        raise ValueError(
            f"the launch has {n_wg} workgroup(s) ({grid_from}) x {n_sg} subgroup(s) ({sg_from}) = "
            f"{total} subgroups to run, more than the limit of {max_subgroups}; raise it with "
            "--max-subgroups"
        )


# ---- the subgroup count of a workgroup program without sg_layout ------------------------------
def layout_passes(pipeline: str) -> str | None:
    """The passes of ``pipeline`` before its (last) ``xegpu-wg-to-sg-distribute``: those that
    can assign the layouts the distribution reads (``xegpu-propagate-layout{num-subgroups=8}``);
    None when the pipeline does not distribute or nothing comes before the distribution."""
    specs = list(parse_pipeline(pipeline))
    names = [spec.name for spec in specs]
    if XeGPUWgToSgDistributePass.name not in names:
        return None
    last = len(names) - 1 - names[::-1].index(XeGPUWgToSgDistributePass.name)
    return ",".join(str(spec) for spec in specs[:last]) or None


def subgroup_count(
    wg_func: Operation, sg_func: Operation, name: str, layouts: tuple[ModuleOp, str] | None, notes: list[str],
) -> tuple[int, str]:
    """The subgroups per workgroup of a check without ``--subgroups``: those of the workgroup
    program's layouts; without sg_layout there, those of the layouts the pipeline's layout
    passes assign (``layouts``); else one, unless the distributed program reads
    ``gpu.subgroup_id`` where the workgroup program does not (it then expects more subgroups
    than the check can tell: an error asking for ``--subgroups``)."""
    if has_sg_layout(wg_func):
        return infer_subgroups(wg_func), "from the layouts"
    if layouts is not None:
        laid = find_function(layouts[0], name)
        if has_sg_layout(laid):
            n = infer_subgroups(laid)
            notes.append(
                f"note: no layout of @{name} has sg_layout; the {n} subgroup(s) per workgroup are those of "
                f"the layouts `{layouts[1]}` assigns (the pipeline before xegpu-wg-to-sg-distribute, run "
                "on a copy)"
            )
            return n, f"from the layouts `{layouts[1]}` assigns"
    if _reads_subgroup_id(sg_func) and not _reads_subgroup_id(wg_func):
        after = f" (nor after `{layouts[1]}`)" if layouts is not None else ""
        raise KernelError(
            sg_func,
            f"cannot tell how many subgroups run @{name}: no layout of the workgroup program has "
            f"sg_layout{after}, but the distributed program reads gpu.subgroup_id; pass --subgroups N",
        )
    notes.append(
        f"note: no layout of @{name} has sg_layout: the launch has one subgroup per workgroup "
        "(--subgroups N sets another count)"
    )
    return 1, "no layout has sg_layout: one subgroup per workgroup"


def _reads_subgroup_id(func: Operation) -> bool:
    return any(isinstance(op, SubgroupIdOp) for op in func.walk())
