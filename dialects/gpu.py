"""The ``gpu`` dialect with LLVM 22's custom syntax for the ops a WG kernel uses.

xDSL 0.74's ``gpu`` ops have no custom assembly (``gpu.module @m { ... }`` does not parse and
every gpu op prints in generic form), and its ``gpu.func`` stores ``kernel`` and
``known_block_size`` differently from MLIR 22. The classes here are wgdist's own (xDSL's
definitions cannot be subclassed field by field) with LLVM 22's syntax and storage:

```mlir
gpu.module @kernels {
  gpu.func @k(%a: memref<64xf32>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
    %b = gpu.block_id x
    %s = gpu.subgroup_id upper_bound 32 : index
    gpu.barrier
    gpu.return
  }
}
```

``Gpu`` lists every op of the dialect once: these classes, then xDSL's other gpu ops unchanged.
``wgdist-opt`` and :func:`wgdist.context` register it in place of xDSL's ``gpu``. Every op,
attribute and type class is importable from this module; create ops from here (not
``xdsl.dialects.gpu``) so they print this way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    DictionaryAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    StringAttr,
    SymbolNameConstraint,
    UnitAttr,
    i32,
    i64,
)
from xdsl.dialects.gpu import (
    AllocOp,
    AllReduceOp,
    AllReduceOpAttr,
    AllReduceOpEnum,
    AsyncTokenType,
    DeallocOp,
    DimensionAttr,
    DimensionEnum,
    HostRegisterOp,
    HostUnregisterOp,
    LaunchFuncOp,
    LaunchOp,
    LoopDimMapAttr,
    MemcpyOp,
    ProcessorAttr,
    ProcessorEnum,
    SetDefaultDeviceOp,
    TerminatorOp,
    WaitOp,
    YieldOp,
)
from xdsl.ir import Attribute, Block, Dialect, Region
from xdsl.irdl import (
    IRDLOperation,
    attr_def,
    irdl_op_definition,
    opt_attr_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    IsolatedFromAbove,
    IsTerminator,
    NoTerminator,
    Pure,
    SymbolOpInterface,
    SymbolTable,
)
from xdsl.utils.exceptions import VerifyException

_DIM = "$dimension (`upper_bound` $upper_bound^)? attr-dict"
_ID = "(`upper_bound` $upper_bound^)? attr-dict `:` type($result)"


@irdl_op_definition
class ModuleOp(IRDLOperation):
    """A named module of GPU kernels and device functions.

    See [upstream](https://mlir.llvm.org/docs/Dialects/GPU/#gpumodule-gpugpumoduleop).
    """

    name = "gpu.module"

    body = region_def("single_block")
    sym_name = prop_def(SymbolNameConstraint())
    # compilation targets, e.g. [#xevm.target<chip = "pvc">] from mlir-opt 22's xevm-attach-target
    targets = opt_prop_def(ArrayAttr)
    offloadingHandler = opt_prop_def(Attribute)  # noqa: N815 (MLIR's property name)

    traits = traits_def(IsolatedFromAbove(), NoTerminator(), SymbolOpInterface(), SymbolTable())

    @classmethod
    def parse(cls, parser: Parser) -> ModuleOp:
        """``@name (<handler>)? ([targets])? (attributes {...})? {body}``; an empty body ``{}`` is
        one empty block, as in MLIR."""
        name = parser.parse_symbol_name().data
        properties: dict[str, Attribute] = {}
        if parser.parse_optional_punctuation("<") is not None:
            properties["offloadingHandler"] = parser.parse_attribute()
            parser.parse_punctuation(">")
        if parser._current_token.text == "[":  # pyright: ignore[reportPrivateUsage]
            targets = parser.parse_attribute()
            if not isinstance(targets, ArrayAttr):
                parser.raise_error(f"expected an array of targets, got {targets}")
            properties["targets"] = targets
        extra = parser.parse_optional_attr_dict_with_keyword()
        body = parser.parse_region()
        if not body.blocks:
            body.add_block(Block())
        op = cls(name, body)
        op.properties.update(properties)
        if extra is not None:
            op.attributes.update(extra.data)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        if self.offloadingHandler is not None:
            printer.print_string("<")
            printer.print_attribute(self.offloadingHandler)
            printer.print_string(">")
        if self.targets is not None:
            printer.print_string(" ")
            printer.print_attribute(self.targets)
        printer.print_op_attributes(self.attributes, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False, print_empty_block=False)

    def __init__(self, name: str, body: Region | None = None) -> None:
        body = body if body is not None else Region(Block())
        super().__init__(properties={"sym_name": StringAttr(name)}, regions=[body])


@irdl_op_definition
class FuncOp(IRDLOperation):
    """``gpu.func @name(%arg: T, ...) [-> (R...)] [kernel] [attributes {...}] { body }``.

    Mirrors MLIR 22's storage: ``gpu.kernel``, ``sym_name`` and ``workgroup_attributions`` are
    discardable attributes, ``known_block_size`` / ``known_grid_size`` are properties.
    Workgroup and private memory attributions are not supported (a parse error names them).

    See [upstream](https://mlir.llvm.org/docs/Dialects/GPU/#gpufunc-gpugpufuncop).
    """

    name = "gpu.func"

    body = region_def()
    function_type = prop_def(FunctionType)
    sym_name = attr_def(StringAttr)
    kernel = opt_attr_def(UnitAttr, attr_name="gpu.kernel")
    known_block_size = opt_prop_def(DenseArrayBase.constr(i32))
    known_grid_size = opt_prop_def(DenseArrayBase.constr(i32))
    workgroup_attributions = opt_attr_def(IntegerAttr)
    arg_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    res_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])

    traits = traits_def(IsolatedFromAbove(), HasParent(ModuleOp), SymbolOpInterface())

    HIDDEN: ClassVar = ("sym_name", "gpu.kernel", "workgroup_attributions")

    def __init__(
        self,
        name: str,
        function_type: FunctionType | tuple[Sequence[Attribute], Sequence[Attribute]],
        region: Region | type[Region.DEFAULT] = Region.DEFAULT,
        kernel: bool | None = None,
        known_block_size: Sequence[int] | None = None,
        known_grid_size: Sequence[int] | None = None,
    ) -> None:
        if isinstance(function_type, tuple):
            function_type = FunctionType.from_lists(*function_type)
        if not isinstance(region, Region):
            region = Region(Block(arg_types=function_type.inputs))
        props: dict[str, Attribute | None] = {"function_type": function_type}
        if known_block_size is not None:
            props["known_block_size"] = DenseArrayBase.from_list(i32, known_block_size)
        if known_grid_size is not None:
            props["known_grid_size"] = DenseArrayBase.from_list(i32, known_grid_size)
        attrs: dict[str, Attribute | None] = {
            "sym_name": StringAttr(name),
            "workgroup_attributions": IntegerAttr(0, i64),
        }
        if kernel:
            attrs["gpu.kernel"] = UnitAttr()
        super().__init__(properties=props, attributes=attrs, regions=[region])

    def verify_(self) -> None:
        if not self.body.blocks:
            return
        arg_types = tuple(self.body.blocks[0].arg_types)
        inputs = tuple(self.function_type.inputs.data)
        if len(arg_types) != len(inputs):
            raise VerifyException(
                f"expected as many input types as arguments ({len(inputs)} inputs, "
                f"{len(arg_types)} entry block arguments)"
            )
        for i, (got, want) in enumerate(zip(arg_types, inputs, strict=True)):
            if got != want:
                raise VerifyException(f"expected body region argument #{i} to be of type '{want}', got '{got}'")
        if self.arg_attrs is not None and len(self.arg_attrs.data) != len(arg_types):
            raise VerifyException(
                "expects argument attribute array to have the same number of elements as the number "
                f"of function arguments, got {len(self.arg_attrs.data)}, but expected {len(arg_types)}"
            )
        if self.kernel is not None and self.function_type.outputs.data:
            raise VerifyException(
                "expected void return type for kernel function (returns "
                f"{', '.join(map(str, self.function_type.outputs.data))})"
            )
        for key in ("known_block_size", "known_grid_size"):
            sizes = self.properties.get(key)
            if isinstance(sizes, DenseArrayBase) and len(sizes.get_values()) != 3:
                raise VerifyException(
                    f"attribute '{key}' failed to satisfy constraint: i32 dense array attribute "
                    f"with 3 elements (if present), got {len(sizes.get_values())}"
                )

    @classmethod
    def parse(cls, parser: Parser) -> FuncOp:
        name = parser.parse_symbol_name().data
        arg_attrs: list[DictionaryAttr] = []

        def parse_arg() -> Parser.Argument:
            # `%name: type {attrs}? loc(...)?`, as mlir-opt prints it (with -mlir-print-debuginfo)
            arg = parser.parse_argument()
            attrs = parser.parse_optional_dictionary_attr_dict()
            arg_attrs.append(DictionaryAttr(attrs))
            arg.location = parser.parse_optional_location()
            return arg

        args = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parse_arg)
        outputs: list[Attribute] = []
        if parser.parse_optional_punctuation("->"):
            parsed = parser.parse_optional_comma_separated_list(
                parser.Delimiter.PAREN, parser.parse_type
            )
            outputs = list(parsed) if parsed is not None else [parser.parse_type()]
        for word in ("workgroup", "private"):
            if parser.parse_optional_keyword(word):
                parser.raise_error(f"gpu.func {word}(...) memory attributions are not supported")
        kernel = parser.parse_optional_keyword("kernel") is not None
        extra = parser.parse_optional_attr_dict_with_keyword()
        region = parser.parse_region(args)
        op = cls(name, ([a.type for a in args], outputs), region, kernel)
        if any(d.data for d in arg_attrs):
            op.properties["arg_attrs"] = ArrayAttr(arg_attrs)
        if extra is not None:
            for key, value in extra.data.items():
                if key in ("known_block_size", "known_grid_size"):
                    op.properties[key] = value
                else:
                    op.attributes[key] = value
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string("(")
        arg_attrs = self.arg_attrs.data if self.arg_attrs is not None else ()

        def print_arg(i: int) -> None:
            printer.print_block_argument(self.body.blocks[0].args[i])
            if i < len(arg_attrs) and arg_attrs[i].data:
                printer.print_string(" ")
                printer.print_attr_dict(arg_attrs[i].data)

        printer.print_list(range(len(self.body.blocks[0].args)), print_arg)
        printer.print_string(")")
        outputs = self.function_type.outputs.data
        if outputs:
            printer.print_string(" -> ")
            if len(outputs) > 1:
                printer.print_string("(")
            printer.print_list(outputs, printer.print_attribute)
            if len(outputs) > 1:
                printer.print_string(")")
        if self.kernel is not None:
            printer.print_string(" kernel")
        shown = {
            k: v
            for k, v in {**self.properties, **self.attributes}.items()
            if k not in (*self.HIDDEN, "function_type", "arg_attrs")
            and not (k == "workgroup_attributions" and v == IntegerAttr(0, i64))
        }
        printer.print_op_attributes(shown, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False)


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """The terminator of a ``gpu.func``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/GPU/#gpureturn-gpureturnop).
    """

    name = "gpu.return"

    args = var_operand_def()

    traits = traits_def(IsTerminator(), HasParent(FuncOp))
    assembly_format = "attr-dict ($args^ `:` type($args))?"

    def verify_(self) -> None:
        func = self.parent_op()
        if not isinstance(func, FuncOp):
            return  # HasParent reports it
        expected = func.function_type.outputs.data
        if len(self.args) != len(expected):
            raise VerifyException(
                f"expected {len(expected)} result operands (got {len(self.args)}; @{func.sym_name.data} "
                f"returns ({', '.join(map(str, expected))}))"
            )
        for i, (arg, want) in enumerate(zip(self.args, expected, strict=True)):
            if arg.type != want:
                raise VerifyException(f"unexpected type `'{arg.type}'' for operand #{i} (expected {want})")


@irdl_op_definition
class BarrierOp(IRDLOperation):
    """Wait until every work item of the workgroup has reached this point.

    See [upstream](https://mlir.llvm.org/docs/Dialects/GPU/#gpubarrier-gpubarrierop).
    """

    name = "gpu.barrier"

    assembly_format = "attr-dict"


class _IdOp(IRDLOperation):
    """An index-valued id/size op with MLIR's optional ``upper_bound`` (not registered)."""

    result = result_def(IndexType)
    upper_bound = opt_prop_def(IntegerAttr[IndexType])

    traits = traits_def(Pure())


class _DimIdOp(_IdOp):
    """An id/size op that also takes a ``dimension`` (``x``, ``y`` or ``z``)."""

    dimension = prop_def(DimensionAttr)


@irdl_op_definition
class BlockIdOp(_DimIdOp):
    """The id of this workgroup in the grid along a dimension.

    See [upstream](https://mlir.llvm.org/docs/Dialects/GPU/#gpublock_id-gpublockidop).
    """

    name = "gpu.block_id"
    assembly_format = _DIM


@irdl_op_definition
class ThreadIdOp(_DimIdOp):
    """The id of this work item in its workgroup along a dimension.

    See [upstream](https://mlir.llvm.org/docs/Dialects/GPU/#gputhread_id-gputhreadidop).
    """

    name = "gpu.thread_id"
    assembly_format = _DIM


@irdl_op_definition
class BlockDimOp(_DimIdOp):
    """The number of work items of a workgroup along a dimension.

    See [upstream](https://mlir.llvm.org/docs/Dialects/GPU/#gpublock_dim-gpublockdimop).
    """

    name = "gpu.block_dim"
    assembly_format = _DIM


@irdl_op_definition
class GridDimOp(_DimIdOp):
    """The number of workgroups of the grid along a dimension.

    See [upstream](https://mlir.llvm.org/docs/Dialects/GPU/#gpugrid_dim-gpugriddimop).
    """

    name = "gpu.grid_dim"
    assembly_format = _DIM


@irdl_op_definition
class GlobalIdOp(_DimIdOp):
    """The id of this work item in the whole grid along a dimension.

    See [upstream](https://mlir.llvm.org/docs/Dialects/GPU/#gpuglobal_id-gpuglobalidop).
    """

    name = "gpu.global_id"
    assembly_format = _DIM


@irdl_op_definition
class SubgroupIdOp(_IdOp):
    """The id of this subgroup in its workgroup.

    See [upstream](https://mlir.llvm.org/docs/Dialects/GPU/#gpusubgroup_id-gpusubgroupidop).
    """

    name = "gpu.subgroup_id"
    assembly_format = _ID


@irdl_op_definition
class SubgroupSizeOp(_IdOp):
    """The number of work items of a subgroup.

    See [upstream](https://mlir.llvm.org/docs/Dialects/GPU/#gpusubgroup_size-gpusubgroupsizeop).
    """

    name = "gpu.subgroup_size"
    assembly_format = _ID


@irdl_op_definition
class NumSubgroupsOp(_IdOp):
    """The number of subgroups of a workgroup.

    See [upstream](https://mlir.llvm.org/docs/Dialects/GPU/#gpunum_subgroups-gpunumsubgroupsop).
    """

    name = "gpu.num_subgroups"
    assembly_format = _ID


@irdl_op_definition
class LaneIdOp(_IdOp):
    """The id of this work item in its subgroup.

    See [upstream](https://mlir.llvm.org/docs/Dialects/GPU/#gpulane_id-gpulaneidop).
    """

    name = "gpu.lane_id"
    assembly_format = "(`upper_bound` $upper_bound^)? attr-dict"


Gpu = Dialect(
    "gpu",
    [
        # LLVM 22's syntax and storage (this module)
        ModuleOp,
        FuncOp,
        ReturnOp,
        BarrierOp,
        BlockIdOp,
        ThreadIdOp,
        BlockDimOp,
        GridDimOp,
        GlobalIdOp,
        SubgroupIdOp,
        SubgroupSizeOp,
        NumSubgroupsOp,
        LaneIdOp,
        # xdsl.dialects.gpu, unchanged
        AllocOp,
        AllReduceOp,
        DeallocOp,
        HostRegisterOp,
        HostUnregisterOp,
        LaunchOp,
        LaunchFuncOp,
        MemcpyOp,
        SetDefaultDeviceOp,
        TerminatorOp,
        WaitOp,
        YieldOp,
    ],
    [AsyncTokenType, AllReduceOpAttr, DimensionAttr, ProcessorAttr, LoopDimMapAttr],
)

__all__ = [
    "AllReduceOp",
    "AllReduceOpAttr",
    "AllReduceOpEnum",
    "AllocOp",
    "AsyncTokenType",
    "BarrierOp",
    "BlockDimOp",
    "BlockIdOp",
    "DeallocOp",
    "DimensionAttr",
    "DimensionEnum",
    "FuncOp",
    "GlobalIdOp",
    "Gpu",
    "GridDimOp",
    "HostRegisterOp",
    "HostUnregisterOp",
    "LaneIdOp",
    "LaunchFuncOp",
    "LaunchOp",
    "LoopDimMapAttr",
    "MemcpyOp",
    "ModuleOp",
    "NumSubgroupsOp",
    "ProcessorAttr",
    "ProcessorEnum",
    "ReturnOp",
    "SetDefaultDeviceOp",
    "SubgroupIdOp",
    "SubgroupSizeOp",
    "TerminatorOp",
    "ThreadIdOp",
    "WaitOp",
    "YieldOp",
]
