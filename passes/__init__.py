"""wgdist's passes, one module per pass, registered lazily by name."""

from collections.abc import Callable

from xdsl.passes import ModulePass


def get_all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Pass name -> factory returning the pass class (imports on first use)."""

    def upgrade_layouts() -> type[ModulePass]:
        from wgdist.passes.xegpu_upgrade_layouts import XeGPUUpgradeLayoutsPass

        return XeGPUUpgradeLayoutsPass

    def propagate_layout() -> type[ModulePass]:
        from wgdist.passes.xegpu_propagate_layout import XeGPUPropagateLayoutPass

        return XeGPUPropagateLayoutPass

    def wg_to_sg() -> type[ModulePass]:
        from wgdist.passes.xegpu_wg_to_sg_distribute import XeGPUWgToSgDistributePass

        return XeGPUWgToSgDistributePass

    def reorder() -> type[ModulePass]:
        from wgdist.passes.reorder_workgroups import ReorderWorkgroupsPass

        return ReorderWorkgroupsPass

    def k_loop_schedule() -> type[ModulePass]:
        from wgdist.passes.xegpu_k_loop_schedule import XeGPUKLoopSchedulePass

        return XeGPUKLoopSchedulePass

    def verify_barriers() -> type[ModulePass]:
        from wgdist.passes.xegpu_verify_barriers import XeGPUVerifyBarriersPass

        return XeGPUVerifyBarriersPass

    def lower_nbarrier() -> type[ModulePass]:
        from wgdist.passes.xegpu_lower_nbarrier import XeGPULowerNbarrierPass

        return XeGPULowerNbarrierPass

    return {
        "xegpu-upgrade-layouts": upgrade_layouts,
        "xegpu-propagate-layout": propagate_layout,
        "xegpu-wg-to-sg-distribute": wg_to_sg,
        "reorder-workgroups": reorder,
        "xegpu-k-loop-schedule": k_loop_schedule,
        "xegpu-verify-barriers": verify_barriers,
        "xegpu-lower-nbarrier": lower_nbarrier,
    }
