# Two commands do everything on a fresh machine with python3 and make:
#   make demo   - distribute an example workgroup-level kernel and print the result
#   make test   - lint, type-check, pytest and the lit/FileCheck suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck pytest lit bench clean fuzz

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/wgdist-opt examples/gemm_k_loop.mlir -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute

test: lint typecheck pytest lit

lint: $(STAMP)
	$(BIN)/ruff check .

# mypy sees the installed layout (dialects/ as wgdist.dialects, ...) through a symlink tree.
typecheck: $(STAMP)
	rm -rf build/typecheck && mkdir -p build/typecheck/wgdist
	for f in wgdist/*; do ln -s $(CURDIR)/$$f build/typecheck/wgdist/; done
	for d in dialects passes tools; do ln -s $(CURDIR)/$$d build/typecheck/wgdist/$$d; done
	cd build/typecheck && $(CURDIR)/$(BIN)/mypy --config-file $(CURDIR)/pyproject.toml -p wgdist

pytest: $(STAMP)
	$(BIN)/pytest

lit: $(STAMP)
	PATH=$(CURDIR)/$(BIN):$$PATH $(BIN)/lit -sv --order=smart tests/filecheck

# A long random-kernel campaign of the distribution pass (tests/unit/distribute/kernel_gen.py):
# FUZZ_SEEDS kernels per family from seed base FUZZ_BASE; prints the refusal rate per family.
FUZZ_SEEDS ?= 400
FUZZ_BASE ?= 1000003
fuzz: $(STAMP)
	WGDIST_FUZZ_SEEDS=$(FUZZ_SEEDS) WGDIST_FUZZ_BASE=$(FUZZ_BASE) $(BIN)/pytest -q -s -p no:cacheprovider tests/unit/distribute/test_generated_kernels.py

bench: $(STAMP)
	for f in bench/*.py; do $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info
