#!/usr/bin/env bash
# Continuous integration of the Python package `carcassonne_safari`.
# Run from anywhere: `bash python/ci.sh`. Idempotent: it reuses the virtualenv
# in target/python-venv (gitignored) when its requirements have not changed,
# rebuilds and reinstalls the package, and runs the Python tests. Any failure
# fails the script. Needs python3 (3.9 or newer, with venv), the Rust
# toolchain, and PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

PYTHON="${PYTHON:-python3}"
VENV="${CARCASSONNE_PY_VENV:-target/python-venv}"

step "virtualenv: $VENV"
"$PYTHON" --version
if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
VENV="$(cd "$VENV" && pwd)"
STAMP="$VENV/.requirements-dev.txt"
# The virtualenv's tools (maturin) must be on the PATH of the build.
export PATH="$VENV/bin:$PATH"
export VIRTUAL_ENV="$VENV"
if ! cmp -s python/requirements-dev.txt "$STAMP"; then
  step "install python/requirements-dev.txt"
  python -m pip install --disable-pip-version-check --quiet --upgrade pip
  python -m pip install --disable-pip-version-check --quiet -r python/requirements-dev.txt
  cp python/requirements-dev.txt "$STAMP"
else
  echo "requirements unchanged since the last run"
fi

step "build and install the package: pip install ./python"
# The pinned maturin from the virtualenv builds the wheel (no build isolation,
# so no unpinned download); the cargo target directory is the workspace's.
python -m pip install --disable-pip-version-check --quiet --no-build-isolation --force-reinstall --no-deps ./python
python -c "import carcassonne_safari as cs; print('carcassonne_safari', cs.__version__, 'actions', cs.num_distinct_actions())"

step "types: mypy (python/pyproject.toml)"
(cd python && python -m mypy)

step "tests: pytest python/tests"
export RAY_USAGE_STATS_ENABLED=0
python -m pytest python/tests -q -p no:cacheprovider

step "python CI passed"
