# Set-up and checks. `make demo` and `make test` are all a fresh machine needs.
VENV   ?= .venv
PYTHON ?= python3
BIN    := $(VENV)/bin

.PHONY: install browser demo test reliability fuzz lint synthetic eval generalise generalise-holdout generalise-fresh generalise-sealed generalise-vault generalise-reserve generalise-ledger generalise-codex generalise-folio generalise-docket generalise-dossier generalise-chart generalise-binder bench bench-load golden golden-record docs docs-check clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@

demo: install
	$(BIN)/deid run examples/notes.jsonl -o masked.jsonl --stats stats.json
	@echo "masked corpus: masked.jsonl   statistics: stats.json"

# Headless Chromium and its driver from Debian, for the tests that open the HTML pages.
browser:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || { \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends chromium chromium-driver >/dev/null; }

# The suite runs on every core (pytest-xdist): about 6 minutes on 2 cores instead of 9.
test: install browser
	$(BIN)/python -m pytest -q -n auto
	$(BIN)/python scripts/command_docs.py --check
	$(BIN)/ruff check .

# Issue 7's promises (faults, leaks, hostile input); also part of `make test`. See docs/operations.md "Guarantees".
reliability: install
	$(BIN)/python -m pytest -q tests/reliability

# Hypothesis fuzzing of detection + pseudonymization; failures land in tests/data/fuzz/.
FUZZ_SECONDS ?= 600
fuzz: install
	nice -n 5 $(BIN)/python scripts/fuzz.py --seconds $(FUZZ_SECONDS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

synthetic: install
	$(BIN)/python scripts/make_synthetic.py --notes 2000 --seed 7 -o build/synthetic.jsonl

eval: install synthetic
	$(BIN)/deid eval build/synthetic.jsonl --label-map scripts/synthetic_labels.toml
	$(BIN)/deid eval ../shared/data/grascco_dev.jsonl
	$(BIN)/python scripts/measure.py build/synthetic.jsonl ../shared/data/grascco_dev.jsonl

# Issue 16's generalisation harness: dev and test template families, recall per mention class.
generalise: install
	$(BIN)/python scripts/generalise.py report --family both --count 1000 --seed 7

# The holdout family (new PHI material, test persons): a final measurement, never tuned on.
generalise-holdout: install
	$(BIN)/python scripts/generalise.py report --family holdout --count 1000 --seed 7

# The fresh family (new PHI material, test persons): since session 10 its failures are seen as shapes.
generalise-fresh: install
	$(BIN)/python scripts/generalise.py report --family fresh --count 1000 --seed 7

# The sealed family (new PHI material, test persons): since session 11 its failures are seen as shapes.
generalise-sealed: install
	$(BIN)/python scripts/generalise.py report --family sealed --count 1000 --seed 7

# The vault family (new PHI material, test persons, never read as text): counts and shape classes
# since session 11.
generalise-vault: install
	$(BIN)/python scripts/generalise.py report --family vault --count 1000 --seed 7

# The reserve family (new PHI material, test persons, never read as text): counts and shape classes
# since session 12 (measured unseen once first).
generalise-reserve: install
	$(BIN)/python scripts/generalise.py report --family reserve --count 1000 --seed 7

# The ledger family (new PHI material, test persons, written in session 13 by a helper and never
# read by the developer): counts only.
generalise-ledger: install
	$(BIN)/python scripts/generalise.py report --family ledger --count 1000 --seed 7

# The codex family (new PHI material, test persons, written in session 14 by a helper and never
# read by the developer): counts only.
generalise-codex: install
	$(BIN)/python scripts/generalise.py report --family codex --count 1000 --seed 7

# The folio family (new PHI material, test persons, written in session 15 by a helper and never
# read by the developer): counts only.
generalise-folio: install
	$(BIN)/python scripts/generalise.py report --family folio --count 1000 --seed 7

# The docket family (new PHI material, test persons, written in session 16 by a helper and never
# read by the developer): counts only.
generalise-docket: install
	$(BIN)/python scripts/generalise.py report --family docket --count 1000 --seed 7

# The dossier family (new PHI material, test persons, written in session 17 by a helper and never
# read by the developer): counts only.
generalise-dossier: install
	$(BIN)/python scripts/generalise.py report --family dossier --count 1000 --seed 7

# The chart family (new PHI material, test persons, written in session 18 by a helper and never
# read by the developer): counts only.
generalise-chart: install
	$(BIN)/python scripts/generalise.py report --family chart --count 1000 --seed 7

# The binder family (new PHI material, test persons, written in session 20 by a helper and never
# read by the developer): counts only.
generalise-binder: install
	$(BIN)/python scripts/generalise.py report --family binder --count 1000 --seed 7

# Throughput, I/O floor, DEDUCE (own venv in build/deduce-venv, installed on first use), scaling
# and memory; several minutes. Results: build/bench/results.md, results.json, scaling.png.
bench: install
	$(BIN)/python scripts/bench.py run --notes 20000 --repeat 3 --sizes 1k,10k,100k

# Byte-identical output check (scripts/golden.py) over every golden corpus; make test runs a slice.
# Needs ../shared/data/grascco_dev.jsonl. golden-record: after a change that means to alter output.
golden: install
	$(BIN)/python scripts/golden.py check

golden-record: install
	$(BIN)/python scripts/golden.py record

bench-load: install
	$(BIN)/python scripts/bench.py load --extra-names 500000 --repeat 3

# docs/commands.md is generated from the Typer app (scripts/command_docs.py): `make docs` after
# changing a command's options or help; `make docs-check` (also in `make test`) fails when it drifted.
docs: install
	$(BIN)/python scripts/command_docs.py

docs-check: install
	$(BIN)/python scripts/command_docs.py --check

clean:
	rm -rf build masked.jsonl stats.json spans.jsonl .pytest_cache .ruff_cache
