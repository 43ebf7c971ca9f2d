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


def _check_strides(strides: Sequence[int]) -> None:
    for i, s in enumerate(strides):
        if s != 1:
            raise VerifyException(f"strides[{i}] = {s} is not supported, strides must be 1")


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
        if not len(offsets) == len(sizes) == len(strides):
            raise VerifyException(
                f"offsets {fmt_list(offsets)}, sizes {fmt_list(sizes)} and strides "
                f"{fmt_list(strides)} must have the same number of entries"
            )
        if len(offsets) > len(shape):
            raise VerifyException(
                f"offsets {fmt_list(offsets)} has {entries(len(offsets))}, more than the rank "
                f"{len(shape)} of the source type {source}"
            )
        _check_strides(strides)
        scalable = source.get_scalable_dims()
        for d, (off, size) in enumerate(zip(offsets, sizes)):
            dim = shape[d]
            if not 0 <= off < dim:
                raise VerifyException(
                    f"offsets[{d}] = {off} is out of bounds [0, {dim}) of source dimension {d}"
                )
            if size < 1 or off + size > dim:
                raise VerifyException(
                    f"slice [{off}, {off + size}) of dimension {d} (offset {off}, size {size}) "
                    f"is out of bounds of the source type {source} (size {dim})"
                )
            if scalable[d] and size != dim:
                raise VerifyException(
                    f"sizes[{d}] = {size} must be the whole scalable dimension {d} ({dim})"
                )
        expected = extracted_type(source, sizes)
        if self.result.type != expected:
            raise VerifyException(f"result type {self.result.type} does not match {expected}")


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
        if len(v_shape) > len(d_shape):
            raise VerifyException(
                f"value type {value} has rank {len(v_shape)}, more than the rank "
                f"{len(d_shape)} of the destination type {dest}"
            )
        if len(offsets) != len(d_shape):
            raise VerifyException(
                f"offsets {fmt_list(offsets)} has {entries(len(offsets))} but the destination "
                f"type {dest} has rank {len(d_shape)}"
            )
        if len(strides) != len(v_shape):
            raise VerifyException(
                f"strides {fmt_list(strides)} has {entries(len(strides))} but the value type "
                f"{value} has rank {len(v_shape)}"
            )
        _check_strides(strides)
        if value.element_type != dest.element_type:
            raise VerifyException(
                f"value element type {value.element_type} differs from destination element "
                f"type {dest.element_type}"
            )
        lead = len(d_shape) - len(v_shape)
        v_scalable, d_scalable = value.get_scalable_dims(), dest.get_scalable_dims()
        for d, off in enumerate(offsets):
            dim = d_shape[d]
            if not 0 <= off < dim:
                raise VerifyException(
                    f"offsets[{d}] = {off} is out of bounds [0, {dim}) of destination dimension {d}"
                )
            if d < lead:
                continue
            size = v_shape[d - lead]
            if off + size > dim:
                raise VerifyException(
                    f"slice [{off}, {off + size}) of destination dimension {d} (offset {off}, "
                    f"size {size}) is out of bounds of the destination type {dest} (size {dim})"
                )
            if (v_scalable[d - lead] or d_scalable[d]) and size != dim:
                raise VerifyException(
                    f"value dimension {d - lead} ({size}) must cover the whole scalable "
                    f"destination dimension {d} ({dim})"
                )
