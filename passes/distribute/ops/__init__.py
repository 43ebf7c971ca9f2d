"""The distribution handlers, one module per op family, each a table ``HANDLERS`` keyed by op
class (merged by :mod:`wgdist.passes.distribute.driver`)."""
