"""GPU presets for the cache model: one table, each number with where it comes from.

A :class:`Target` gives the machine :mod:`wgdist.reorder.l2sim` simulates and what
``scheme=auto`` prefers among candidates the model cannot tell apart; ``num-xcds`` and ``window``
override its domains and co-resident workgroups.

========  ===========================  ==========  ==========  ===========  ===================
target    GPU                          units       L2 domains  modelled L2  dispatch
========  ===========================  ==========  ==========  ===========  ===================
generic   none: window count model     -           num-xcds    0 (nothing)  round-robin
h100      NVIDIA H100 SXM5             132 SMs     1           25 MiB       -
mi300x    AMD Instinct MI300X          304 CUs     8 XCDs      4 MiB each   round-robin
pvc       Intel Data Center GPU Max    128 Xe-     2 stacks    204 MiB      blocked (halves)
          1550                         cores                   each
bmg       Intel Arc B580               20 Xe2-     1           18 MiB       -
                                       cores
========  ===========================  ==========  ==========  ===========  ===================

Co-resident workgroups: one GEMM workgroup of the preset's tile per SM / CU / Xe-core (a
128x256x64 fp16 Triton tile with 3 stages takes 144 KiB of an SM's 228 KiB of shared memory; an
Xe-core runs one 32-subgroup workgroup in large-GRF mode), so ``window`` is units / domains.

The H100's 50 MB L2 is two partitions that each cache what the SMs attached to them read, kept
coherent by hardware (NVIDIA's H100 whitepaper): a block that SMs of both halves read is held
twice, and a GEMM wave's blocks are read by both halves, so the model is one LRU of one
partition's 25 MiB seen by all 132 SMs. Measured on an H100 (``bench/results/reorder_h100.md``:
DRAM bytes read, from ``ncu``, of 166 GEMM runs of 15 shapes and every candidate order), an LRU
of 24 to 30 MiB gives the DRAM bytes within 0.2% at the median and 10% for 88% of the runs; one
of 50 MiB is 19% off at the median.

Outputs: every named target's workgroups write their output tile through the L2 when they end
(``Problem.c_bytes``); with two partitions each line lands in the one partition that owns its
address, so the modelled partition holds half of it (reads are held in both). On the H100 the
capacity is also spread by +-20% (20 to 30 MiB averaged: ``Machine.l2_spread``); with both, the
model's DRAM bytes are within 10% of ncu's for 89% of the 314 (shape, order) kernels measured
on 2026-11-24 (84% without), the mean error with K <= 3072 going from -10% to +2%, and for 90%
of 217 kernels of 19 shapes measured after.

``dram_bytes_per_s``, ``peak_flops`` and ``keep_margin`` set ``scheme=auto``'s margin for keeping
the default order (:mod:`wgdist.reorder.auto`); only the H100's are set, the one target measured.
"""

from __future__ import annotations

from dataclasses import dataclass

from wgdist.reorder.l2sim import Machine

MIB = 1 << 20
GENERIC_WINDOW = 64  # co-resident workgroups per XCD when the target does not say


@dataclass(frozen=True)
class Target:
    name: str
    gpu: str
    units: int  # SMs / CUs / Xe-cores (0: not modelled)
    domains: int  # L2 domains with workgroups of their own: XCDs, stacks
    l2_bytes: int  # L2 bytes per domain
    partitions: int  # parts of a domain's L2 that each keep a copy of what their units read
    dispatch: str  # how dispatch ids are spread over the domains (l2sim.DISPATCHES)
    tile: tuple[int, int, int]  # the GEMM workgroup tile (M, N, K elements) assumed by default
    elem_bytes: int
    k_blocks: int  # K blocks of a workgroup assumed by default (k-blocks overrides)
    preferred: str  # the order auto keeps when it is among the ties, as Scheme.spec() writes it
    prefer_dim: int | None  # else the group dimension it prefers among the ties (None: none)
    source: str
    # measured targets only (0: off): the modelled L2 size is uncertain by +-l2_spread, and auto
    # keeps the preferred order unless another saves DRAM time (bytes / dram_bytes_per_s) of at
    # least keep_margin times the GEMM's time at peak_flops (auto.py, "the default's margin")
    l2_spread: float = 0.0
    dram_bytes_per_s: float = 0.0
    peak_flops: float = 0.0
    keep_margin: float = 0.0

    def machine(self, num_xcds: int | None = None, window: int | None = None) -> Machine:
        """The simulated machine, ``num-xcds``/``window`` overriding domains/co-resident ones."""
        domains = num_xcds or self.domains
        if window is None:
            window = max(1, self.units // domains) if self.units else GENERIC_WINDOW
        return Machine(
            domains, window, self.l2_bytes // self.partitions, self.dispatch, self.l2_spread
        )


TARGETS: dict[str, Target] = {
    "generic": Target(
        name="generic",
        gpu="no particular GPU: the window count model",
        units=0,
        domains=1,
        l2_bytes=0,
        partitions=1,
        dispatch="round-robin",
        tile=(1, 1, 1),
        elem_bytes=1,
        k_blocks=8,
        preferred="",
        prefer_dim=None,
        source="reordering.md section 3: distinct A/B panels per window of co-resident workgroups",
    ),
    "h100": Target(
        name="h100",
        gpu="NVIDIA H100 SXM5",
        units=132,
        domains=1,
        l2_bytes=50 * MIB,
        partitions=2,
        dispatch="round-robin",
        tile=(128, 256, 64),
        elem_bytes=2,
        k_blocks=64,
        preferred="scheme=triton",  # group-size 8
        prefer_dim=0,
        source="NVIDIA H100 Tensor Core GPU Architecture whitepaper (2022): 132 SMs (SXM5), 50 MB "
        "L2 in two partitions; torch.cuda.get_device_properties on the H100 measured here: 132 "
        "SMs, L2 50 MiB; capacity checked against ncu's dram__bytes_read (module docstring); "
        "NVIDIA H100 datasheet (SXM5): 3.35 TB/s HBM3, 989.4 TFLOP/s dense FP16 tensor",
        l2_spread=0.2,
        dram_bytes_per_s=3.35e12,
        peak_flops=989.4e12,
        keep_margin=0.10,
    ),
    "mi300x": Target(
        name="mi300x",
        gpu="AMD Instinct MI300X",
        units=304,
        domains=8,
        l2_bytes=4 * MIB,
        partitions=1,
        dispatch="round-robin",
        tile=(128, 256, 64),
        elem_bytes=2,
        k_blocks=64,
        preferred="scheme=wave num-xcds=8",  # group-size 8
        prefer_dim=None,
        source="AMD CDNA 3 Instinct MI300 white paper: 8 XCDs of 38 CUs, 4 MB L2 per XCD; ROCm "
        "documentation, MI300X workload optimization: workgroups go to the XCDs round-robin",
    ),
    "pvc": Target(
        name="pvc",
        gpu="Intel Data Center GPU Max 1550",
        units=128,
        domains=2,
        l2_bytes=204 * MIB,
        partitions=1,
        dispatch="blocked",
        tile=(256, 256, 32),
        elem_bytes=2,
        k_blocks=128,
        preferred="scheme=triton",  # group-size 8
        prefer_dim=None,
        source="Intel ark, Data Center GPU Max 1550: 128 Xe-cores, 408 MB L2 over 2 stacks; oneAPI "
        "GPU optimization guide, Work Scheduling and Memory Distribution: implicit scaling "
        "partitions the work-groups statically between the stacks (modelled as halves)",
    ),
    "bmg": Target(
        name="bmg",
        gpu="Intel Arc B580",
        units=20,
        domains=1,
        l2_bytes=18 * MIB,
        partitions=1,
        dispatch="round-robin",
        tile=(256, 256, 32),
        elem_bytes=2,
        k_blocks=128,
        preferred="scheme=triton",  # group-size 8
        prefer_dim=None,
        source="Intel ark, Arc B580 Graphics: 20 Xe2-cores, 18 MB L2",
    ),
}


def get_target(name: str) -> Target:
    if name not in TARGETS:
        raise ValueError(f"target={name!r} is not one of {', '.join(TARGETS)}")
    return TARGETS[name]
