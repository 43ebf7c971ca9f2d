"""Helpers of the ``xegpu-propagate-layout`` pass: defaults of the inst/lane kinds
(:mod:`.defaults`), per-op operand requirements (:mod:`.op_rules`), values sharing one layout
(:mod:`.partners`), what anchors imply (:mod:`.anchors`), the backward dataflow
(:mod:`.analysis`) and the IR rewrite (:mod:`.rewrite`)."""
