"""The elementwise op classes: ops that apply one scalar function lane by lane, so a vector
result has the layout of its vector operands.

One list for every op-keyed table that treats them alike (propagation rules, distribution
handlers, interpreter steps): every ``arith`` and ``math`` op except ``arith.constant`` (whose
value is data, not a function of operands), plus ``vector.fma``. Whether a given op is a
workgroup value (a vector result) is decided by the user of the list, not here.
"""

from __future__ import annotations

from functools import cache

from xdsl.dialects import math
from xdsl.dialects.arith import ConstantOp
from xdsl.ir import Operation

from wgdist.dialects.arith import Arith
from wgdist.dialects.vector import FMAOp


@cache
def elementwise_ops() -> tuple[type[Operation], ...]:
    """The op classes that act lane by lane, in dialect order."""
    ops = [op for op in Arith.operations if op is not ConstantOp]
    ops.extend(math.Math.operations)
    ops.append(FMAOp)
    return tuple(ops)
