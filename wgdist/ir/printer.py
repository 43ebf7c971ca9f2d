"""Printing modules the way ``mlir-opt`` 22 does, for the tools and for library users alike.

:func:`print_module` returns exactly the text ``wgdist-opt`` writes for a module; the tool's
``mlir`` target (:class:`MLIRTarget`) prints with the same :func:`emit`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from io import StringIO
from typing import IO, cast

from xdsl.context import Context
from xdsl.dialects.builtin import (
    ArrayAttr,
    Builtin,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
    i64,
)
from xdsl.ir import Attribute, Dialect
from xdsl.printer import Printer
from xdsl.targets.mlir import MLIRTarget as XdslMLIRTarget


class MlirPrinter(Printer):
    """xDSL's printer, but the ``i64`` integers of an array print without their type, as in
    mlir-opt (``[0, 8]``, ``[1, 2 : i32, [3]]``; xDSL writes ``[0 : i64, 8 : i64]``). MLIR elides
    the type there in every context, generic form included (``offsets = [0, 8]`` of
    ``vector.extract_strided_slice``); both spellings parse to the same attribute. The generic
    form sorts dictionaries by name, as mlir-opt's does."""

    def print_attribute(self, attribute: Attribute) -> None:
        """Each distinct attribute (or type) is printed once and its text reused: a large module
        names the same few types and layouts on every op (a third of printing time at 50k ops).
        Attribute text depends only on the attribute; multi-line text is not reused."""
        try:
            text = self._texts.get(attribute)
        except TypeError:  # an attribute holding unhashable data: print it every time
            self._print_attribute_text(attribute)
            return
        if text is not None:
            self._current_column += len(text)
            print(text, end="", file=self.stream)
            return
        stream = self.stream
        recorder = _Recorder(stream)
        self.stream = cast(IO[str], recorder)
        try:
            self._print_attribute_text(attribute)
        finally:
            self.stream = stream
        text = "".join(recorder.parts)
        if "\n" not in text:
            self._texts[attribute] = text

    @cached_property
    def _texts(self) -> dict[Attribute, str]:
        return {}

    def _print_attribute_text(self, attribute: Attribute) -> None:
        if isinstance(attribute, ArrayAttr):
            with self.in_square_brackets():
                self.print_list(attribute.data, self._print_array_element)
            return
        if isinstance(attribute, MemRefType) and self._i64_space(attribute):
            self._print_memref_i64_space(attribute)
            return
        super().print_attribute(attribute)

    @staticmethod
    def _i64_space(t: MemRefType) -> bool:
        space = t.memory_space
        return isinstance(space, IntegerAttr) and space.type == i64

    def _print_memref_i64_space(self, t: MemRefType) -> None:
        """``memref<8xf32, 3>``: mlir-opt elides the ``i64`` of an integer memory space (xDSL
        writes ``3 : i64``); other integer types keep theirs (``3 : i32``), as in mlir-opt."""
        self.print_string("memref<")
        if t.shape.data:
            self.print_dimension_list(t.get_shape())
            self.print_string("x")
        self.print_attribute(t.element_type)
        if not isinstance(t.layout, NoneAttr):
            self.print_string(", ")
            self.print_attribute(t.layout)
        assert isinstance(t.memory_space, IntegerAttr)
        self.print_string(f", {t.memory_space.value.data}>")

    def print_attr_dict(self, attr_dict: Mapping[str, Attribute]) -> None:
        """The generic form lists properties and attributes sorted by name, as mlir-opt does
        (its dictionaries are always sorted); xDSL keeps insertion order."""
        if self.print_generic_format:
            attr_dict = dict(sorted(attr_dict.items()))
        super().print_attr_dict(attr_dict)

    def _print_array_element(self, element: Attribute) -> None:
        if isinstance(element, IntegerAttr) and element.type == i64:
            self.print_int(element.value.data)
        else:
            self.print_attribute(element)


class _Recorder:
    """A write-through stream that keeps what was written (the text of one attribute)."""

    def __init__(self, stream: IO[str] | None) -> None:
        self.stream = sys.stdout if stream is None else stream
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        self.parts.append(text)
        return self.stream.write(text)


def emit(
    module: ModuleOp,
    output: IO[str],
    dialects: Iterable[Dialect] = (Builtin,),
    *,
    generic: bool = False,
    properties_as_attributes: bool = False,
    debuginfo: bool = False,
) -> None:
    """Write ``module`` to ``output`` as ``wgdist-opt`` does: the op, the dialect resources it
    uses (``dialects`` provide them: of wgdist's dialects, only builtin has any), a blank line."""
    printer = MlirPrinter(
        stream=output,
        print_generic_format=generic,
        print_properties_as_attributes=properties_as_attributes,
        print_debuginfo=debuginfo,
    )
    printer.print_op(module)
    printer.print_metadata(dialects)
    print("\n", file=output)


def print_module(
    module: ModuleOp,
    ctx: Context | None = None,
    *,
    generic: bool = False,
    properties_as_attributes: bool = False,
    debuginfo: bool = False,
) -> str:
    """The text ``wgdist-opt`` prints for ``module`` (``--print-op-generic``: ``generic``,
    ``--print-no-properties``: ``properties_as_attributes``, ``--print-debuginfo``: ``debuginfo``)."""
    out = StringIO()
    dialects = ctx.loaded_dialects if ctx is not None else (Builtin,)
    emit(
        module,
        out,
        dialects,
        generic=generic,
        properties_as_attributes=properties_as_attributes,
        debuginfo=debuginfo,
    )
    return out.getvalue()


@dataclass(frozen=True)
class MLIRTarget(XdslMLIRTarget):
    """xDSL's ``mlir`` target (``-t mlir``) printing with :func:`emit`; syntax highlighting is
    left to xDSL's."""

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        if self.syntax_highlight:
            return super().emit(ctx, module, output)
        emit(
            module,
            output,
            ctx.loaded_dialects,
            generic=self.print_generic_format,
            properties_as_attributes=self.print_properties_as_attributes,
            debuginfo=self.print_debuginfo,
        )


__all__ = ["MLIRTarget", "MlirPrinter", "emit", "print_module"]
