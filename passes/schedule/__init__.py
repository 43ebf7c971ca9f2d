"""The pieces of ``xegpu-k-loop-schedule``: loop classification (:mod:`.classify`), the options
(:mod:`.options`), the strategy table (:mod:`.strategies`) and one module per strategy."""
