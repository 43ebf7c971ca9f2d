"""``vector.extract_strided_slice`` and ``vector.insert_strided_slice`` (LLVM 22 syntax).

```mlir
%s = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]}
    : vector<4x8xf32> to vector<2x4xf32>
%r = vector.insert_strided_slice %s, %v {offsets = [2, 4], strides = [1, 1]}
    : vector<2x4xf32> into vector<4x8xf32>
```

Upstream spells the array properties inside the attribute dictionary (``attr-dict``), which
xDSL's declarative format cannot print in MLIR's form, so both ops parse and print by hand.
Strides must be 1 (as upstream requires today).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from wgdist.dialects.vector_ops._common import (
    I64ArrayAttr,
    array_values,
    entries,
    fmt_list,
    i64_array,
    make_vector,
    print_mlir_attr_dict,
    vector_of,
)


def _split_attr_dict(
    parser: Parser, op_name: str, prop_names: Sequence[str]
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """Parse ``{...}`` and move ``prop_names`` (all required) into the properties."""
    pos = parser.pos
    attrs = parser.parse_optional_attr_dict()
    props: dict[str, Attribute] = {}
    for name in prop_names:
        if name not in attrs:
            parser.raise_error(
                f"{op_name} expects '{name}' in its attribute dictionary", pos, parser.pos
            )
        props[name] = attrs.pop(name)
    return props, attrs


def _confined(name: str, values: Sequence[int], bounds: Sequence[tuple[int, int]]) -> None:
    """LLVM 22's ``isIntegerArrayAttrConfinedToShape``: ``values[d]`` in ``[lo, hi)``."""
    for d, (v, (lo, hi)) in enumerate(zip(values, bounds, strict=False)):
        if not lo <= v < hi:
            raise VerifyException(
                f"expected {name} dimension {d} to be confined to [{lo}, {hi}) ({name}[{d}] = {v})"
            )


def _strides_are_one(strides: Sequence[int]) -> None:
    for d, v in enumerate(strides):
        if v != 1:
            raise VerifyException(
                f"expected strides to be confined to [1, 2) (strides[{d}] = {v}; only unit "
                "strides are supported)"
            )


def _sum_confined(
    name: str, offsets: Sequence[int], sizes: Sequence[int], shape: Sequence[int]
) -> None:
    """LLVM 22's ``isSumOfIntegerArrayAttrConfinedToShape``: each slice ends inside its dim."""
    for d, (off, size, dim) in enumerate(zip(offsets, sizes, shape, strict=False)):
        if not 0 <= off + size < dim + 1:
            raise VerifyException(
                f"expected sum(offsets, {name}) dimension {d} to be confined to [1, {dim + 1}) "
                f"(offset {off} + size {size} = {off + size})"
            )


def extracted_type(source: VectorType, sizes: Sequence[int]) -> VectorType:
    """The slice type: ``sizes`` for the leading dimensions, the rest of ``source`` after."""
    shape = list(source.get_shape())
    shape[: len(sizes)] = sizes
    return make_vector(source.element_type, shape, source.get_scalable_dims())


@irdl_op_definition
class ExtractStridedSliceOp(IRDLOperation):
    """Slice ``sizes`` elements starting at ``offsets`` out of the leading dims of ``source``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/Vector/#vectorextract_strided_slice-vectorextractstridedsliceop).
    """

    name = "vector.extract_strided_slice"

    source = operand_def(VectorType)
    result = result_def(VectorType)
    offsets = prop_def(I64ArrayAttr)
    sizes = prop_def(I64ArrayAttr)
    strides = prop_def(I64ArrayAttr)

    traits = traits_def(Pure())

    def __init__(
        self,
        source: SSAValue | Operation,
        offsets: Sequence[int],
        sizes: Sequence[int],
        strides: Sequence[int] | None = None,
        result_type: VectorType | None = None,
    ) -> None:
        """``strides`` default to 1; ``result_type`` is inferred when omitted."""
        source = SSAValue.get(source)
        if strides is None:
            strides = [1] * len(offsets)
        if result_type is None:
            result_type = extracted_type(vector_of(source.type, "source"), sizes)
        super().__init__(
            operands=[source],
            result_types=[result_type],
            properties={
                "offsets": i64_array(offsets),
                "sizes": i64_array(sizes),
                "strides": i64_array(strides),
            },
        )

    @classmethod
    def parse(cls, parser: Parser) -> ExtractStridedSliceOp:
        source = parser.parse_unresolved_operand()
        props, attrs = _split_attr_dict(parser, cls.name, ("offsets", "sizes", "strides"))
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_keyword("to")
        result_type = parser.parse_type()
        return cls.create(
            operands=[parser.resolve_operand(source, source_type)],
            result_types=[result_type],
            properties=props,
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        print_mlir_attr_dict(printer, self.properties, self.attributes)
        printer.print_string(f" : {self.source.type} to {self.result.type}")

    def verify_(self) -> None:
        source = vector_of(self.source.type, "source")
        offsets = array_values(self.offsets)
        sizes = array_values(self.sizes)
        strides = array_values(self.strides)
        shape = source.get_shape()
        # LLVM 22's checks, order and wording (ExtractStridedSliceOp::verify), with the numbers
        result = vector_of(self.result.type, "result")
        if source.element_type != result.element_type:
            raise VerifyException(
                "failed to verify that operand and result have same element type "
                f"({source.element_type} vs. {result.element_type})"
            )
        if not len(offsets) == len(sizes) == len(strides):
            raise VerifyException(
                "expected offsets, sizes and strides attributes of same size "
                f"(offsets {fmt_list(offsets)}, sizes {fmt_list(sizes)}, strides "
                f"{fmt_list(strides)})"
            )
        if len(offsets) > len(shape):
            raise VerifyException(
                "expected offsets attribute of rank no greater than vector rank "
                f"({entries(len(offsets))}, {source} has rank {len(shape)})"
            )
        _confined("offsets", offsets, [(0, dim) for dim in shape])
        _confined("sizes", sizes, [(1, dim + 1) for dim in shape])
        _strides_are_one(strides)
        _sum_confined("sizes", offsets, sizes, shape)
        expected = extracted_type(source, sizes)
        if result != expected:
            raise VerifyException(f"expected result type to be '{expected}' (got '{result}')")
        scalable = source.get_scalable_dims()
        for d, size in enumerate(sizes):
            if scalable[d] and size != shape[d]:
                raise VerifyException(
                    f"expected size at idx={d} to match the corresponding base size from the "
                    f"input vector ({size} vs {shape[d]})"
                )


@irdl_op_definition
class InsertStridedSliceOp(IRDLOperation):
    """Write ``value_to_store`` into the trailing dims of ``dest`` starting at ``offsets``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/Vector/#vectorinsert_strided_slice-vectorinsertstridedsliceop).
    """

    name = "vector.insert_strided_slice"

    T: ClassVar = VarConstraint("T", VectorType.constr())

    value_to_store = operand_def(VectorType)
    dest = operand_def(T)
    result = result_def(T)
    offsets = prop_def(I64ArrayAttr)
    strides = prop_def(I64ArrayAttr)

    traits = traits_def(Pure())

    def __init__(
        self,
        value_to_store: SSAValue | Operation,
        dest: SSAValue | Operation,
        offsets: Sequence[int],
        strides: Sequence[int] | None = None,
    ) -> None:
        """``strides`` default to 1 for each dimension of ``value_to_store``."""
        value_to_store = SSAValue.get(value_to_store)
        dest = SSAValue.get(dest)
        if strides is None:
            strides = [1] * vector_of(value_to_store.type, "value_to_store").get_num_dims()
        super().__init__(
            operands=[value_to_store, dest],
            result_types=[dest.type],
            properties={"offsets": i64_array(offsets), "strides": i64_array(strides)},
        )

    @classmethod
    def parse(cls, parser: Parser) -> InsertStridedSliceOp:
        value = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        dest = parser.parse_unresolved_operand()
        props, attrs = _split_attr_dict(parser, cls.name, ("offsets", "strides"))
        parser.parse_punctuation(":")
        value_type = parser.parse_type()
        parser.parse_keyword("into")
        dest_type = parser.parse_type()
        return cls.create(
            operands=[
                parser.resolve_operand(value, value_type),
                parser.resolve_operand(dest, dest_type),
            ],
            result_types=[dest_type],
            properties=props,
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.value_to_store)
        printer.print_string(", ")
        printer.print_operand(self.dest)
        print_mlir_attr_dict(printer, self.properties, self.attributes)
        printer.print_string(f" : {self.value_to_store.type} into {self.dest.type}")

    def verify_(self) -> None:
        value = vector_of(self.value_to_store.type, "value_to_store")
        dest = vector_of(self.dest.type, "dest")
        offsets = array_values(self.offsets)
        strides = array_values(self.strides)
        v_shape, d_shape = value.get_shape(), dest.get_shape()
        # LLVM 22's checks, order and wording (InsertStridedSliceOp::verify), with the numbers
        if value.element_type != dest.element_type:
            raise VerifyException(
                "failed to verify that operand #0 and result have same element type "
                f"({value.element_type} vs. {dest.element_type})"
            )
        if len(offsets) != len(d_shape):
            raise VerifyException(
                "expected offsets of same size as destination vector rank "
                f"({entries(len(offsets))}, {dest} has rank {len(d_shape)})"
            )
        if len(strides) != len(v_shape):
            raise VerifyException(
                "expected strides of same size as source vector rank "
                f"({entries(len(strides))}, {value} has rank {len(v_shape)})"
            )
        if len(v_shape) > len(d_shape):
            raise VerifyException(
                "expected source rank to be no greater than destination rank "
                f"({value} has rank {len(v_shape)}, {dest} has rank {len(d_shape)})"
            )
        lead = len(d_shape) - len(v_shape)
        _confined("offsets", offsets, [(0, dim) for dim in d_shape])
        _strides_are_one(strides)
        _sum_confined("source vector shape", offsets, [0] * lead + list(v_shape), d_shape)
        v_scalable, d_scalable = value.get_scalable_dims(), dest.get_scalable_dims()
        for i, size in enumerate(v_shape):
            if v_scalable[i] != d_scalable[i + lead]:
                raise VerifyException(
                    f"mismatching scalable flags (at source vector idx={i}) ({value} into {dest})"
                )
            if v_scalable[i] and size != d_shape[i + lead]:
                raise VerifyException(
                    f"expected size at idx={i} to match the corresponding base size from the "
                    f"input vector ({size} vs {d_shape[i + lead]})"
                )
