"""wgdist's textual IR parser: xDSL's, with op locations and LLVM-compatible literals.

:func:`parse` reads text (or bytes: not UTF-8 is a located error) with a
:class:`LocatingParser`, which differs from xDSL's ``Parser`` as follows.

* Every parsed op gets a ``FileLineColLoc`` (xDSL records one only when the text spells
  ``loc(...)``), so diagnostics can name ``file:line:col``; ``line_offset`` shifts lines for the
  chunks of ``--split-input-file``.
* An attribute or type verifier failure while parsing becomes a located parse error.
* ``loc(#alias)`` may name an alias defined later in the file, where ``mlir-opt
  -mlir-print-debuginfo`` puts every location alias; an alias never defined is a located error.
* An attribute or type that fails to build (an integer out of range for its type, ...) is a
  located parse error, not an exception from deep inside xDSL.
* wgdist's rules beyond xDSL's verifiers (:func:`wgdist.ir.verifier.check_op`: LLVM 22's rules
  for xDSL's vector ops, the discardable ``layout_result_N``/``layout_operand_N`` layouts fitting
  their value) are checked on every op as it is read: a located error naming the op, not a
  failure in a later pass. :func:`wgdist.ir.verify` applies the same rules to a module.
* A hexadecimal literal inside ``dense<...>`` of a float element type is the element's bit
  pattern, as in MLIR (``dense<0xFF800000> : vector<4xf32>`` is -inf). xDSL 0.74 reads it as an
  integer and converts the number, silently producing 4.28e9.

Costs, linear in the input (issue 14):

* An op's ``file:line:col`` comes from a table of line starts (a binary search), not from xDSL's
  ``Span.get_location()``, which counts the newlines from the start of the file for every op.
* A type or attribute spelled with brackets (``vector<256x128xf32>``, ``#xegpu.layout<...>``,
  ``!xegpu.tensor_desc<...>``) is parsed once per distinct spelling: the parser remembers the
  exact text it consumed and the (immutable) attribute it built, and on meeting the same text
  again returns that attribute and skips the text (:class:`_Spellings`). The meaning of such a
  text depends on nothing else the parser holds (aliases cannot be redefined and must precede
  their uses; no SSA value appears in a type), so the result is the one a new parse would give.
* Entering a region does not copy the visible SSA names (xDSL's ``parse_optional_region`` copies
  ``ssa_values`` and restores the copy at the region's end, O(visible names) per region): the
  names live in a :class:`_ScopedNames` whose ``copy()`` is a mark in an undo log, and
  restoring the mark deletes the names the region defined. Upstream, xDSL could do the same
  with a scope stack (push a mark at ``{``, pop names at ``}``) or a ``ChainMap`` per region.
"""

from __future__ import annotations

import re
import struct
from bisect import bisect_right
from typing import Any, NoReturn

from xdsl.context import Context
from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    FileLineColLoc,
    FloatAttr,
    IntAttr,
    LocationAttr,
    ModuleOp,
    NameLoc,
    NoneAttr,
    StringAttr,
    UnknownLoc,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.parser import Parser
from xdsl.parser.generic_parser import ParserState
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.lexer import Input, Position, Span
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRToken, MLIRTokenKind

from wgdist.ir.verifier import check_op, verify_errors

_PENDING = "wgdist.pending-location-alias "
# What xDSL raises when a parsed value cannot be built (out of range, not a valid enum member...)
_BUILD_ERRORS = (VerifyException, ValueError, OverflowError)


def parse(
    source: str | bytes,
    ctx: Context,
    name: str = "<string>",
    *,
    line_offset: int = 0,
    implicit_module: bool = True,
) -> ModuleOp:
    """Parse textual IR into a module whose ops carry their ``file:line:col``.

    ``name`` is the file name diagnostics print; ``line_offset`` shifts their lines (a chunk of a
    ``--split-input-file`` input). Bytes that are not UTF-8 are a located error.
    """
    text = source if isinstance(source, str) else _decode(source, name, line_offset)
    parser = LocatingParser(ctx, text, name)
    parser.line_offset = line_offset
    return parser.parse_module(implicit_module)


def _decode(data: bytes, name: str, line_offset: int) -> str:
    try:
        return data.decode()
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1 + line_offset
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise DiagnosticException(
            f"{name}:{line}:{col}: error: input is not UTF-8 text (byte 0x{data[e.start]:02x})"
        ) from None


class _HexFloatElement(Parser._TensorLiteralElement):
    """A dense element written in hexadecimal: a bit pattern for float element types."""

    def to_type(self, parser: Any, type: Any) -> Any:
        if not isinstance(type, AnyFloat):
            return super().to_type(parser, type)
        if self.is_negative:
            parser.raise_error("hexadecimal float literal should not have a leading minus", at_position=self.span)
        bits = int(self.value)  # type: ignore[arg-type]
        width = type.bitwidth
        if bits >= 1 << width:
            parser.raise_error(f"hexadecimal float literal does not fit in {type}", at_position=self.span)
        if isinstance(type, BFloat16Type):
            return struct.unpack("<f", struct.pack("<I", bits << 16))[0]
        formats = {16: ("<H", "<e"), 32: ("<I", "<f"), 64: ("<Q", "<d")}
        if width not in formats:
            parser.raise_error(f"hexadecimal literals are not supported for {type}", at_position=self.span)
        int_fmt, float_fmt = formats[width]
        return struct.unpack(float_fmt, struct.pack(int_fmt, bits))[0]


class _Lexer(MLIRLexer):
    """xDSL's lexer with string literals lexed in linear time. xDSL's string regex nests ``+``
    inside ``*``, so an unterminated literal backtracks exponentially (26 characters: 13 s)."""

    # One character or one escape per repetition: the alternatives never overlap.
    _unescaped_characters_regex = re.compile(r'"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*"')
    _string_body_regex = re.compile(r'"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*')

    def _lex_string_literal(self, start_pos: Position) -> MLIRToken:
        body = self._string_body_regex.match(self.input.content, start_pos)
        assert body is not None  # the opening quote always matches
        end = body.end()
        if self.input.content[end : end + 1] != '"':
            what = "unknown escape" if self.input.content[end : end + 1] == "\\" else "expected '\"'"
            raise ParseError(Span(end, end + 1, self.input), f"{what} in string literal")
        return super()._lex_string_literal(start_pos)


class _ScopeMark:
    """What :meth:`_ScopedNames.copy` returns: the length of the undo log at a region's entry."""

    __slots__ = ("length",)

    def __init__(self, length: int) -> None:
        self.length = length


class _ScopedNames(dict[str, tuple[SSAValue, ...]]):
    """The SSA names in scope, with an undo log of the names added, in order.

    xDSL's region parsing saves ``ssa_values.copy()`` and assigns it back at the region's end;
    here ``copy()`` is a :class:`_ScopeMark` and assigning the mark back (see
    :attr:`LocatingParser.ssa_values`) removes the names defined since. A name is never
    redefined while in scope (xDSL rejects it), so removing it restores the outer scope.
    """

    def __init__(self, names: dict[str, tuple[SSAValue, ...]]) -> None:
        super().__init__(names)
        self.added: list[str] = list(names)

    def __setitem__(self, name: str, values: tuple[SSAValue, ...]) -> None:
        if name not in self:
            self.added.append(name)
        super().__setitem__(name, values)

    def copy(self) -> Any:  # a mark, assigned back by the region parser
        return _ScopeMark(len(self.added))

    def restore(self, mark: _ScopeMark) -> None:
        for name in self.added[mark.length :]:
            super().__delitem__(name)
        del self.added[mark.length :]


# First tokens of the constructs :class:`_Spellings` keeps: dialect attributes (``#d.name<...>``),
# dialect types (``!d.name<...>``) and builtin types (``vector<...>``, ``memref<...>``). Their
# parsers stop at the closing ``>`` without looking at what follows; builtin attributes are left
# out (``dense<...>`` reads an optional ``: type`` after its ``>``).
_SPELLED_HEADS = {
    False: (MLIRTokenKind.HASH_IDENT,),
    True: (MLIRTokenKind.EXCLAMATION_IDENT, MLIRTokenKind.BARE_IDENT),
}


class _Spellings:
    """Attributes and types already built, by the exact text they were parsed from.

    Only texts that end with ``>`` and span more than their first token are kept (a closing
    bracket ends a token whatever follows, and the parsers of :data:`_SPELLED_HEADS` stop there,
    so the same characters at another position are the same construct); a text holding a
    comment is not kept. Keyed by the first token's text, at most :attr:`LIMIT` spellings each
    (the most recent ones).
    """

    LIMIT = 16

    def __init__(self) -> None:
        self.by_head: dict[tuple[bool, str], list[tuple[str, Attribute]]] = {}

    def find(self, content: str, pos: int, key: tuple[bool, str]) -> tuple[str, Attribute] | None:
        for entry in self.by_head.get(key, ()):
            if content.startswith(entry[0], pos):
                return entry
        return None

    def add(self, key: tuple[bool, str], text: str, attr: Attribute) -> None:
        if not text.endswith(">") or "//" in text:
            return
        entries = self.by_head.setdefault(key, [])
        entries.insert(0, (text, attr))
        del entries[self.LIMIT :]


class LocatingParser(Parser):
    """A Parser that records where each op starts (line offsets of split files included)."""

    line_offset: int = 0

    def __init__(self, ctx: Any, input: str | bytes, name: str = "<unknown>") -> None:
        self._names = _ScopedNames({})
        super().__init__(ctx, "", name)
        text = input.decode("utf-8") if isinstance(input, bytes) else input
        self._parser_state = ParserState(_Lexer(Input(text, name)))
        self._pending_locs: dict[str, Span] = {}  # forward location alias -> first use
        self._first_uses: dict[str, Span] = {}  # SSA name -> first use before its definition
        self._op_starts: dict[int, int] = {}  # id(op) -> where the op's name was written
        self._failed: Operation | None = None  # the first op that failed check_op
        self._line_starts: list[int] | None = None  # offsets where lines start, built on first use
        self._file_attr = StringAttr(name)
        self._spellings = _Spellings()

    @property  # type: ignore[override]
    def ssa_values(self) -> dict[str, tuple[SSAValue, ...]]:
        return self._names

    @ssa_values.setter
    def ssa_values(self, value: Any) -> None:
        if isinstance(value, _ScopeMark):  # the end of a region: back to the scope at its entry
            self._names.restore(value)
        else:
            self._names = _ScopedNames(value)

    def _text_location(self, offset: int) -> FileLineColLoc:
        """``file:line:col`` of the text at ``offset``, as ``Span.get_location`` counts them."""
        starts = self._line_starts
        if starts is None:
            content = self.lexer.input.content
            starts = self._line_starts = [0] + [m.end() for m in re.finditer("\n", content)]
        line = bisect_right(starts, offset)
        col = offset - starts[line - 1] + 1
        return FileLineColLoc(self._file_attr, IntAttr(line + self.line_offset), IntAttr(col))

    def parse_optional_operation(self) -> Operation | None:
        start = self._current_token.span
        try:
            op = super().parse_optional_operation()
        except _BUILD_ERRORS as e:  # an op's custom parser building an attribute or type it rejects
            self.raise_error(str(e).split("\n", 1)[0], start.start, self.pos)
        if op is None:
            return None
        name_pos = self._op_name_position(start.start)
        self._op_starts[id(op)] = name_pos
        if self._failed is None:
            try:
                check_op(op)
            except VerifyException:
                self._failed = op  # reported with the others once the whole input is read
        if _is_pending(op.location):  # resolved at the end; keep where the op was written
            assert isinstance(op.location, NameLoc)
            op.location = NameLoc(op.location.desc, self._text_location(name_pos))
        elif not isinstance(op.location, FileLineColLoc):
            op.location = self._text_location(name_pos)
        return op

    def _op_name_position(self, start: int) -> int:
        """Where the op's name starts: an op's location is its name, after any results
        (``%0 = vector.shape_cast`` is located at ``vector``), as in mlir-opt."""
        content = self.lexer.input.content
        if not content.startswith("%", start):
            return start
        pos = content.find("=", start) + 1
        while pos < len(content) and content[pos] in " \t\r\n":
            pos += 1
        return pos

    def _parse_location(self) -> LocationAttr:
        token = self._current_token
        if token.kind == MLIRTokenKind.HASH_IDENT and token.text not in self.attribute_aliases:
            self._consume_token()
            self._pending_locs.setdefault(token.text, token.span)
            return NameLoc(StringAttr(_PENDING + token.text), NoneAttr())
        return super()._parse_location()

    def resolve_operand(self, operand: Any, type: Any) -> Any:
        if operand.operand_name not in self.ssa_values:  # a forward use: remember the first
            self._first_uses.setdefault(operand.operand_name, operand.span)
        return super().resolve_operand(operand, type)

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        try:
            module = super().parse_module(allow_implicit_module)
        except ParseError as e:
            if (
                e.msg == "Could not parse entire input!"
                and self._current_token.kind == MLIRTokenKind.EOF
                and allow_implicit_module
                and not self.forward_ssa_references
            ):  # no ops at all (empty, comments, aliases only): an empty module, as in mlir-opt
                return ModuleOp([])
            undefined = [n for n in self._first_uses if n in self.forward_ssa_references]
            if not e.msg.startswith("values used but not defined") or not undefined:
                raise
            first = min(undefined, key=lambda n: self._first_uses[n].start)
            names = ", ".join("%" + n for n in undefined)
            self.raise_error(f"use of undeclared SSA value name (undefined: {names})", self._first_uses[first])
        self._check_dominance(module)
        if self._pending_locs:
            self._resolve_pending_locations(module)
        if self._failed is not None:
            self._raise_verify_errors(module)
        return module

    def _raise_verify_errors(self, module: ModuleOp) -> NoReturn:
        """The input failed wgdist's checks (:func:`check_op`): report what mlir-opt's verifier,
        which runs once the whole input is read, reports (the first failure of each function,
        :func:`verify_errors`), each as a located parse error with its source line."""
        content = self.lexer.input.content
        errors = []
        for error in verify_errors(module):
            start = self._op_starts.get(id(error.op), 0)
            line_end = content.find("\n", start)
            span = Span(start, len(content) if line_end < 0 else line_end, self.lexer.input)
            errors.append(ParseError(span, f"'{error.op.name}' op {error.message}"))
        if not errors:  # cannot happen: the op that failed check_op fails again
            raise AssertionError(f"'{self._failed and self._failed.name}' failed check_op but verifies")
        first = errors[0]
        first.more_errors = errors[1:]  # type: ignore[attr-defined]
        raise first

    def _check_dominance(self, module: ModuleOp) -> None:
        """As mlir-opt's verifier: a value is used only where its definition dominates the use.
        Within a block the definition comes first (graph regions such as ``builtin.module`` excepted);
        a value of an enclosing region is visible; one of a region that does not enclose the use
        (a forward reference bound to another function's argument) is not. Uses in another block of
        the defining region are left alone (that needs the CFG)."""
        index: dict[int, dict[int, int]] = {}  # id(block) -> id(op) -> position

        def position(block: Block, op: Operation) -> int:
            if id(block) not in index:
                index[id(block)] = {id(o): i for i, o in enumerate(block.ops)}
            return index[id(block)][id(op)]

        for use in module.walk():
            for i, value in enumerate(use.operands):
                def_block: Block | None
                def_op: Operation | None
                if isinstance(value, BlockArgument):
                    def_block, def_op = value.owner, None
                elif isinstance(value, OpResult):
                    def_block, def_op = value.op.parent_block(), value.op
                else:
                    continue
                if def_block is None:
                    continue
                ancestor: Operation | None = use
                while ancestor is not None and ancestor.parent_block() is not def_block:
                    ancestor = ancestor.parent_op()
                if ancestor is None:
                    region = def_block.parent
                    if region is not None and region.is_ancestor(use):
                        continue  # another block of the defining region
                    reason = "defined in a region that does not enclose this use"
                elif def_op is None or _is_graph_region(def_block):
                    continue
                elif def_op is ancestor or position(def_block, def_op) > position(def_block, ancestor):
                    reason = "defined later in the same block"
                else:
                    continue
                where = self._op_starts.get(id(use))
                if where is None:
                    continue
                self.raise_error(f"operand #{i} does not dominate this use ({reason})", where)

    def _resolve_pending_locations(self, module: ModuleOp) -> None:
        for name, span in self._pending_locs.items():
            if not isinstance(self.attribute_aliases.get(name), LocationAttr):
                self.raise_error(f"undefined location alias '{name}'", span)

        def resolved(loc: LocationAttr, fallback: LocationAttr) -> LocationAttr:
            if not _is_pending(loc):
                return loc
            assert isinstance(loc, NameLoc)
            target = self.attribute_aliases[loc.desc.data.removeprefix(_PENDING)]
            assert isinstance(target, LocationAttr)
            # Diagnostics need file:line:col; any other location kind keeps the text position.
            return target if isinstance(target, FileLineColLoc) else fallback

        for op in module.walk():
            if _is_pending(op.location):
                assert isinstance(op.location, NameLoc)
                text_loc = op.location.location
                op.location = resolved(
                    op.location, text_loc if isinstance(text_loc, LocationAttr) else UnknownLoc()
                )
            for region in op.regions:
                for block in region.blocks:
                    for arg in block.args:
                        if arg.location is not None:
                            arg.location = resolved(arg.location, UnknownLoc())

    def parse_optional_attribute(self) -> Any:
        return self._parse_spelled(False)

    def parse_optional_type(self) -> Any:
        return self._parse_spelled(True)

    def _parse_spelled(self, is_type: bool) -> Any:
        """An attribute (or type) at the current token: the one built before from the same text
        (see :class:`_Spellings`), else parsed; an attribute that fails to build is a located
        error."""
        token = self._current_token
        start = token.span.start
        content = self.lexer.input.content
        key = (is_type, token.text)
        known = self._spellings.find(content, start, key) if token.kind in _SPELLED_HEADS[is_type] else None
        if known is not None:
            self.lexer.pos = start + len(known[0])
            self._parser_state.current_token = self.lexer.lex()
            return known[1]
        try:
            attr = super().parse_optional_type() if is_type else super().parse_optional_attribute()
        except _BUILD_ERRORS as e:  # raised while building a builtin attribute
            self.raise_error(str(e).split("\n", 1)[0], start, self.pos)
        except NotImplementedError as e:  # what xDSL 0.74 cannot represent (semi-affine maps)
            reason = str(e).split("\n", 1)[0]
            self.raise_error(f"not supported by wgdist (xDSL 0.74): {reason}", start, self.pos)
        if attr is not None and self.pos > token.span.end and token.kind in _SPELLED_HEADS[is_type]:
            self._spellings.add(key, content[start : self.pos].rstrip(), attr)
        return attr

    def parse_optional_builtin_int_or_float_attr(self) -> Any:
        """MLIR's rules for ``0x...`` float literals: a bit pattern that fits, and no minus sign."""
        start = self.pos
        try:
            attr = super().parse_optional_builtin_int_or_float_attr()
        except OverflowError:
            text = " ".join(self.lexer.input.content[start : self.pos].split())
            self.raise_error(f"hexadecimal float literal does not fit in its type: {text}", start, self.pos)
        if isinstance(attr, FloatAttr):
            text = self.lexer.input.content[start : self.pos].lstrip()
            if text.startswith("-") and text[1:].lstrip()[:2] in ("0x", "0X"):
                self.raise_error("hexadecimal float literal should not have a leading minus", start, self.pos)
        return attr

    def parse_dense_int_or_fp_elements_attr(self, type: Any) -> Any:
        """Checks made after the whole literal was read point at the literal, not past it."""
        start = self.pos
        try:
            return super().parse_dense_int_or_fp_elements_attr(type)
        except ParseError as e:
            if e.span.start < self.pos or self.pos == start:
                raise
            self.raise_error(e.msg, start)

    def _parse_dialect_type_or_attribute_body(  # type: ignore[no-untyped-def]
        self, attr_name: str, is_type: bool, is_opaque: bool, starting_opaque_pos
    ):
        """Turn an attribute/type verifier failure while parsing into a located ParseError."""
        start = self.pos
        try:
            return super()._parse_dialect_type_or_attribute_body(
                attr_name, is_type, is_opaque, starting_opaque_pos
            )
        except VerifyException as e:
            self.raise_error(str(e).split("\n", 1)[0], start, self.pos)

    def _parse_tensor_literal_element(self) -> Parser._TensorLiteralElement:
        element = super()._parse_tensor_literal_element()
        text = element.span.text.lstrip("-").lstrip()
        if text[:2] in ("0x", "0X") and isinstance(element.value, int) and not isinstance(element.value, bool):
            return _HexFloatElement(element.is_negative, element.value, element.span)
        return element


_GRAPH_REGION_OPS = ("builtin.module", "gpu.module")


def _is_graph_region(block: Block) -> bool:
    """Blocks of ``builtin.module`` and ``gpu.module``: values may be used before their op."""
    parent = block.parent_op()
    return parent is not None and parent.name in _GRAPH_REGION_OPS


def _is_pending(loc: object) -> bool:
    return isinstance(loc, NameLoc) and loc.desc.data.startswith(_PENDING)
