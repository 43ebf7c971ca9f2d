"""Helpers of the ``xegpu-propagate-layout`` pass.

Op-keyed tables (each keyed by op class):

* :data:`.rules.RULES`: how layouts flow through each op the pass handles (backward: operand
  layouts from the result's; forward: the result's from the operands');
* :data:`.anchors.ANCHORS`: what the layouts a user writes on anchor ops pin and imply;
* :data:`.regions.REGIONS`: how layouts cross ``scf`` regions;
* :data:`.partners.PARTNERS`: values that must carry one layout;
* :data:`.spelling.SPELLINGS` and :data:`.rewrite.WRITERS`: how and where layouts are written.

The rest: the values laid out and their shapes (:mod:`.values`), the inst/lane defaults
(:mod:`.defaults`), the dataflow (:mod:`.analysis`) and the IR rewrite (:mod:`.rewrite`).
"""
