# stepwell: `make demo` runs the main job, `make test` runs every test suite (`make test-full`:
# the same with the long sweeps in full).
# Both create .venv on first use. An installed torch is reused (the venv sees the system
# site-packages); otherwise torch==2.13.0 (a CPU build) is installed, never a CUDA build.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.stepwell-installed

# Caches live inside the repo's ignored .cache/ so runs never depend on a previous one's state.
export TRITON_CACHE_DIR   := $(CURDIR)/.cache/triton
export TORCHINDUCTOR_CACHE_DIR := $(CURDIR)/.cache/inductor
export HF_HOME            := $(CURDIR)/.cache/hf
export HF_HUB_OFFLINE     := 1
export TRANSFORMERS_OFFLINE := 1
export TRITON_INTERPRET   ?= 1
export TRITON_DEFAULT_FP_FUSION ?= 1
export STEPWELL_CACHE_DIR := $(CURDIR)/.cache/stepwell
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: demo test test-full lint venv clean regen-dialects docs conformance

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv --system-site-packages $(VENV)
	$(PY) -c "import torch" 2>/dev/null || $(PY) -m pip install -q "torch==2.13.0"
	$(PY) -m pip install -q -e ".[test]"
	touch $(STAMP)

demo: $(STAMP)
	$(PY) -m stepwell.tools.demo

test: $(STAMP)
	$(PY) -m ruff check stepwell tests examples benchmarks
	$(VENV)/bin/lit -v tests/filecheck
	$(PY) -m pytest -q -n auto --dist loadfile --durations=20 tests/python

# `make test` with STEPWELL_TEST_FULL=1: the OpInfo -> prims sweep
# (tests/python/test_opinfo_prims.py) runs every traceable sample of the first 5 of each
# op, not only the first (about 3 more minutes of CPU on 2 cores), and
# test_training.py's AdamW curve 10 steps, not 4; the tests marked `full` run too (more
# zoo models and GPU targets for checks make test makes on fewer; DDP and FSDP2)
test-full: $(STAMP)
	STEPWELL_TEST_FULL=1 $(MAKE) test

lint: $(STAMP)
	$(PY) -m ruff check stepwell tests examples benchmarks

regen-dialects: $(STAMP)
	$(PY) -m stepwell.tools.gen_torch_dialect
	$(PY) -m stepwell.tools.gen_prims_dialect
	$(PY) -m stepwell.tools.gen_tile_docs

conformance: $(STAMP)
	$(PY) -m stepwell.conformance opinfo

clean:
	rm -rf $(VENV) .cache
