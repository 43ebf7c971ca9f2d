"""xDSL's ``memref`` dialect with the two ops mlir-opt 22 writes that xDSL cannot read back.

* ``memref.extract_aligned_pointer_as_index`` (which LLVM 22's ``convert-xegpu-to-xevm`` emits
  for a descriptor's base address) has no custom format in xDSL 0.74: mlir-opt 22 prints
  ``%p = memref.extract_aligned_pointer_as_index %m : memref<32x32xf32> -> index``.
* ``memref.global`` (the distribution's shared-local-memory buffers) has only the generic form
  in xDSL 0.74; :class:`GlobalOp` (xDSL's properties, its own class: wgdist modules match this
  one) prints and parses LLVM 22's
  ``memref.global "private" constant @g : memref<2xf32> = dense<1.0> {alignment = 64 : i64}``,
  visibility, ``constant`` and the initializer (``= uninitialized`` or ``= dense<...>``)
  optional, as MLIR makes them.

Every other op is xDSL's own class, unchanged (passes match them by class).
"""

from __future__ import annotations

from xdsl.dialects import memref as xdsl_memref
from xdsl.dialects.builtin import (
    I64,
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    StringAttr,
    SymbolNameConstraint,
    TensorType,
    UnitAttr,
    i64,
)
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import MemoryAllocEffect, NoMemoryEffect, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class ExtractAlignedPointerAsIndexOp(IRDLOperation):
    """``%p = memref.extract_aligned_pointer_as_index %m : memref<...> -> index``: the aligned
    base address of ``%m`` as an ``index``."""

    name = "memref.extract_aligned_pointer_as_index"

    source = operand_def(MemRefType)
    aligned_pointer = result_def(IndexType)

    traits = traits_def(NoMemoryEffect())

    assembly_format = "$source `:` type($source) `->` type(results) attr-dict"

    def __init__(self, source: SSAValue | Operation) -> None:
        super().__init__(operands=[source], result_types=[IndexType()])


@irdl_op_definition
class GlobalOp(IRDLOperation):
    """``memref.global ["vis"] [constant] @name : memref<...> [= uninitialized | = dense<...>]
    [{alignment = N : i64}]``: a module-level memref symbol; without an initializer it is an
    external declaration, ``= uninitialized`` a definition with undefined contents. The
    properties are xDSL's (``sym_visibility`` and ``initial_value`` optional, as in MLIR)."""

    name = "memref.global"

    sym_name = prop_def(SymbolNameConstraint())
    sym_visibility = opt_prop_def(StringAttr)
    type = prop_def(MemRefType)
    initial_value = opt_prop_def(base(UnitAttr) | base(DenseIntOrFPElementsAttr))
    constant = opt_prop_def(UnitAttr)
    alignment = opt_prop_def(IntegerAttr[I64])

    traits = traits_def(SymbolOpInterface(), MemoryAllocEffect())

    def verify_(self) -> None:
        if self.alignment is not None:
            value = self.alignment.value.data
            if value <= 0 or value & (value - 1):
                raise VerifyException(f"alignment {value} is not a power of 2")

    def __init__(
        self,
        sym_name: str | StringAttr,
        sym_type: MemRefType,
        initial_value: UnitAttr | DenseIntOrFPElementsAttr | None,
        sym_visibility: str | StringAttr | None = "private",
        constant: bool = False,
        alignment: int | None = None,
    ) -> None:
        props: dict[str, Attribute | None] = {
            "sym_name": StringAttr(sym_name) if isinstance(sym_name, str) else sym_name,
            "type": sym_type,
            "initial_value": initial_value,
            "sym_visibility": StringAttr(sym_visibility) if isinstance(sym_visibility, str) else sym_visibility,
            "constant": UnitAttr() if constant else None,
            "alignment": None if alignment is None else IntegerAttr(alignment, 64),
        }
        super().__init__(properties=props)

    def print(self, printer: Printer) -> None:
        if self.sym_visibility is not None:
            printer.print_string(" ")
            printer.print_attribute(self.sym_visibility)
        if self.constant is not None:
            printer.print_string(" constant")
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string(" : ")
        printer.print_attribute(self.type)
        if isinstance(self.initial_value, UnitAttr):
            printer.print_string(" = uninitialized")
        elif self.initial_value is not None:
            printer.print_string(" = ")
            self.initial_value.print_without_type(printer)
        attrs = {**self.attributes, **({"alignment": self.alignment} if self.alignment is not None else {})}
        printer.print_op_attributes(attrs)

    @classmethod
    def parse(cls, parser: Parser) -> GlobalOp:
        visibility = parser.parse_optional_str_literal()
        constant = parser.parse_optional_keyword("constant") is not None
        name = parser.parse_symbol_name()
        parser.parse_punctuation(":")
        type_pos = parser.pos
        sym_type = parser.parse_type()
        if not isinstance(sym_type, MemRefType):
            parser.raise_error(f"memref.global expects a memref type, got {sym_type}", type_pos)
        initial_value: UnitAttr | DenseIntOrFPElementsAttr | None = None
        if parser.parse_optional_punctuation("=") is not None:
            if parser.parse_optional_keyword("uninitialized") is not None:
                initial_value = UnitAttr()
            else:
                parser.parse_keyword("dense", " (memref.global takes `uninitialized` or a dense initializer)")
                tensor = TensorType(sym_type.element_type, sym_type.get_shape())
                initial_value = parser.parse_dense_int_or_fp_elements_attr(tensor)  # pyright: ignore[reportArgumentType]
        attrs_pos = parser.pos
        attrs = parser.parse_optional_attr_dict()
        alignment = attrs.pop("alignment", None)
        if alignment is not None and not (isinstance(alignment, IntegerAttr) and alignment.type == i64):
            parser.raise_error(f"memref.global alignment must be an i64 integer, got {alignment}", attrs_pos)
        op = GlobalOp(name, sym_type, initial_value, visibility, constant)
        if alignment is not None:
            op.properties["alignment"] = alignment
        op.attributes.update(attrs)
        return op


_REPLACED: dict[str, type[Operation]] = {
    ExtractAlignedPointerAsIndexOp.name: ExtractAlignedPointerAsIndexOp,
    GlobalOp.name: GlobalOp,
}

MemRef = Dialect(
    "memref",
    [_REPLACED.get(op.name, op) for op in xdsl_memref.MemRef.operations],
    list(xdsl_memref.MemRef.attributes),
)

__all__ = ["ExtractAlignedPointerAsIndexOp", "GlobalOp", "MemRef"]
