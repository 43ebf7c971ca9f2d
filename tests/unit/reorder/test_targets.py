"""The GPU presets: their numbers, their sources, the machine each gives the model, overrides."""

from __future__ import annotations

import pytest

from wgdist.reorder import TARGETS, get_target, model
from wgdist.reorder.auto import _is_preferred, preferred_scheme
from wgdist.reorder.l2sim import DISPATCHES

MIB = 1 << 20


def test_h100() -> None:
    t = get_target("h100")
    assert (t.units, t.domains, t.l2_bytes, t.partitions) == (132, 1, 50 * MIB, 2)
    m = t.machine()
    assert (m.domains, m.window, m.l2_bytes) == (1, 132, 25 * MIB)  # one partition, all SMs
    assert "132 SMs" in t.source and "50 MB" in t.source and "two partitions" in t.source


def test_mi300x() -> None:
    t = get_target("mi300x")
    m = t.machine()
    assert (t.units, m.domains, m.window, m.l2_bytes, m.dispatch) == (
        304,
        8,
        38,
        4 * MIB,
        "round-robin",
    )
    assert "8 XCDs of 38 CUs" in t.source and "4 MB L2 per XCD" in t.source


def test_intel() -> None:
    pvc, bmg = get_target("pvc"), get_target("bmg")
    assert (pvc.units, pvc.domains, pvc.l2_bytes * pvc.domains) == (128, 2, 408 * MIB)
    assert pvc.machine().window == 64 and pvc.dispatch == "blocked"
    assert (bmg.units, bmg.domains, bmg.l2_bytes) == (20, 1, 18 * MIB)
    assert "408 MB L2" in pvc.source and "18 MB L2" in bmg.source


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_every_preset_is_complete(name: str) -> None:
    t = TARGETS[name]
    assert t.name == name and t.source and t.gpu and t.dispatch in DISPATCHES
    assert t.domains >= 1 and t.partitions >= 1 and t.k_blocks >= 1 and min(t.tile) >= 1
    s = preferred_scheme(t)
    assert (s is None) == (not t.preferred)
    if s is not None:  # the preferred order is a real preset spelling, written as spec() does
        assert _is_preferred(s, t) and s.spec() == t.preferred


def test_overrides_replace_the_preset() -> None:
    m = model("mi300x", num_xcds=4, window=10, k_blocks=3, tile=(64, 64, 32), elem_bytes=1)
    assert (m.machine.domains, m.machine.window, m.machine.l2_bytes) == (4, 10, 4 * MIB)
    assert (m.problem.k_blocks, m.problem.a_bytes, m.problem.b_bytes) == (3, 64 * 32, 32 * 64)
    assert model("h100", num_xcds=2).machine.window == 66  # units shared by the domains


def test_generic_counts_blocks_and_unknown_targets_are_refused() -> None:
    g = model()
    assert g.unit == "blocks" and g.machine.l2_bytes == 0 and g.machine.window == 64
    assert model("generic", tile=(2, 2, 2)).unit == "bytes"
    with pytest.raises(ValueError, match="target='a100' is not one of generic, h100"):
        model("a100")
