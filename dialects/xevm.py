"""The ``xevm`` attribute wgdist reads: ``#xevm.target``, the compilation target that mlir-opt 22's
``xevm-attach-target`` puts on a ``gpu.module`` (``gpu.module @m [#xevm.target<chip = "pvc">]``).

Only the attribute: the ``xevm`` ops exist after ``convert-xegpu-to-xevm``, in IR that is past
everything wgdist does. Its parameters and their defaults are LLVM 22's (``XeVMTargetAttr``):
``O`` (optimisation level, 2), ``triple`` (``"spirv64-unknown-unknown"``), ``chip`` (``"bmg"``),
``flags`` (a dictionary, absent) and ``linkFiles`` (an array of file names, absent). A parameter
equal to its default is not printed (``#xevm.target`` when all are), the others print in that
order as ``name = value``, as mlir-opt 22 prints them. Like mlir-opt 22, the parser accepts any
values (LLVM checks them only when it builds the attribute in C++, not when it reads one).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IntAttr, StringAttr
from xdsl.ir import Attribute, Dialect, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

DEFAULT_O = 2
DEFAULT_TRIPLE = "spirv64-unknown-unknown"
DEFAULT_CHIP = "bmg"
_KEYS = ("O", "triple", "chip", "flags", "linkFiles")


@irdl_attr_definition
class TargetAttr(ParametrizedAttribute):
    """``#xevm.target<O = 3, triple = "...", chip = "pvc", flags = {...}, linkFiles = [...]>``."""

    name = "xevm.target"

    opt_level: IntAttr  # printed as O
    triple: StringAttr
    chip: StringAttr
    flags: DictionaryAttr
    link_files: ArrayAttr[Attribute]

    def __init__(
        self,
        chip: str = DEFAULT_CHIP,
        opt_level: int = DEFAULT_O,
        triple: str = DEFAULT_TRIPLE,
        flags: DictionaryAttr | None = None,
        link_files: Sequence[str] = (),
    ) -> None:
        super().__init__(
            IntAttr(opt_level),
            StringAttr(triple),
            StringAttr(chip),
            flags if flags is not None else DictionaryAttr({}),
            ArrayAttr([StringAttr(f) for f in link_files]),
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        values: dict[str, Attribute] = {}
        if parser.parse_optional_punctuation("<") is not None:
            while True:
                at = parser.pos
                key = parser.parse_identifier()
                if key not in _KEYS:
                    parser.raise_error(f"#xevm.target has no parameter '{key}' (its parameters: {', '.join(_KEYS)})", at)
                if key in values:
                    parser.raise_error(f"#xevm.target parameter '{key}' given twice", at)
                parser.parse_punctuation("=")
                if key == "O":
                    values[key] = IntAttr(parser.parse_integer(allow_boolean=False, allow_negative=False))
                elif key in ("triple", "chip"):
                    values[key] = StringAttr(parser.parse_str_literal())
                else:
                    values[key] = parser.parse_attribute()
                if parser.parse_optional_punctuation(",") is None:
                    break
            parser.parse_punctuation(">")
        return [
            values.get("O", IntAttr(DEFAULT_O)),
            values.get("triple", StringAttr(DEFAULT_TRIPLE)),
            values.get("chip", StringAttr(DEFAULT_CHIP)),
            values.get("flags", DictionaryAttr({})),
            values.get("linkFiles", ArrayAttr([])),
        ]

    def print_parameters(self, printer: Printer) -> None:
        shown: list[tuple[str, Attribute | str]] = []
        if self.opt_level.data != DEFAULT_O:
            shown.append(("O", str(self.opt_level.data)))
        if self.triple.data != DEFAULT_TRIPLE:
            shown.append(("triple", self.triple))
        if self.chip.data != DEFAULT_CHIP:
            shown.append(("chip", self.chip))
        if self.flags.data:
            shown.append(("flags", self.flags))
        if self.link_files.data:
            shown.append(("linkFiles", self.link_files))
        if not shown:
            return
        with printer.in_angle_brackets():
            for i, (key, value) in enumerate(shown):
                if i:
                    printer.print_string(", ")
                printer.print_string(f"{key} = ")
                if isinstance(value, str):
                    printer.print_string(value)
                else:
                    printer.print_attribute(value)


XeVM = Dialect("xevm", [], [TargetAttr])

__all__ = ["TargetAttr", "XeVM"]
