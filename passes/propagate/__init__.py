"""Helpers of the ``xegpu-propagate-layout`` pass: defaults of the inst/lane kinds
(:mod:`.defaults`), per-op operand requirements (:mod:`.op_rules`), the backward dataflow
(:mod:`.analysis`) and the IR rewrite (:mod:`.rewrite`)."""
