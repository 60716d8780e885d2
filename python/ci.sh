#!/usr/bin/env bash
# Continuous integration of the Python package `carcassonne_safari`.
# Run from anywhere: `bash python/ci.sh`. Idempotent: it reuses the
# virtualenvs in target/ (gitignored) when their requirements have not
# changed, rebuilds the wheel and runs every check. Any failure fails the
# script. Needs python3 (3.9 or newer, with venv), the Rust toolchain, and
# PyPI.
#
#  1. target/python-venv: python/requirements-dev.txt (maturin, pytest, mypy,
#     NumPy, OpenSpiel, PettingZoo, Gymnasium, Ray).
#  2. `maturin build --release --zig --compatibility manylinux2014`: the abi3
#     wheel for glibc 2.17 and newer (zig, from the dev requirements, links it
#     against glibc 2.17; maturin refuses a binary that needs newer symbols),
#     installed into the dev virtualenv; mypy; the tests.
#  3. The wheel alone: a fresh virtualenv (target/python-wheel-venv, made anew
#     every run) with no Rust toolchain on the PATH installs the wheel and plays
#     a whole game with it.
#  4. target/python-train-venv: python/requirements-train.txt (NumPy,
#     Matplotlib), the wheel, and the imitation training example's check,
#     python/tests/test_train_imitation.py.
#
# `bash python/ci.sh --venvs-only` makes (or updates) the two virtualenvs of
# 1 and 4 and stops: .ci/run starts it at once, beside its first checks, as
# the installs mostly wait on the network.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"

START=$(date +%s)
step() { printf '\n==> %s (%ds)\n' "$*" "$(($(date +%s) - START))"; }

PYTHON="${PYTHON:-python3}"
PIP=(python -m pip --disable-pip-version-check --quiet)

# Creates (when missing) the virtualenv $1 and installs the requirements file
# $2 into it unless they are unchanged since the last run.
venv_with() {
  local venv="$1" requirements="$2"
  if [ ! -x "$venv/bin/python" ]; then
    "$PYTHON" -m venv "$venv"
  fi
  if ! cmp -s "$requirements" "$venv/.requirements"; then
    step "install $requirements into $venv"
    local t0=$(date +%s)
    "$venv/bin/python" -m pip --disable-pip-version-check --quiet install --upgrade pip
    "$venv/bin/python" -m pip --disable-pip-version-check --quiet install -r "$requirements"
    cp "$requirements" "$venv/.requirements"
    echo "installed in $(($(date +%s) - t0)) s"
  else
    echo "$requirements unchanged since the last run"
  fi
}

DEV_VENV="${CARCASSONNE_PY_VENV:-target/python-venv}"
TRAIN_VENV="$ROOT/target/python-train-venv"
step "virtualenv: $DEV_VENV"
"$PYTHON" --version
venv_with "$DEV_VENV" python/requirements-dev.txt
if [[ "${1:-}" == "--venvs-only" ]]; then
  step "virtualenv: $TRAIN_VENV"
  venv_with "$TRAIN_VENV" python/requirements-train.txt
  step "virtualenvs ready"
  exit 0
fi
DEV_VENV="$(cd "$DEV_VENV" && pwd)"
# The virtualenv's tools (maturin) must be on the PATH of the build.
export PATH="$DEV_VENV/bin:$PATH"
export VIRTUAL_ENV="$DEV_VENV"

step "wheel: maturin build --release --zig --compatibility manylinux2014 (abi3, glibc 2.17)"
WHEELS="$ROOT/target/python-wheels"
rm -rf "$WHEELS"
maturin build --release --zig --compatibility manylinux2014 -m python/Cargo.toml -o "$WHEELS"
WHEEL="$(ls "$WHEELS"/carcassonne_safari-*.whl)"
case "$(basename "$WHEEL")" in
  *-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl) echo "wheel: $(basename "$WHEEL")" ;;
  *) echo "FAILED: $(basename "$WHEEL") is not an abi3 manylinux2014 wheel" >&2; exit 1 ;;
esac
"${PIP[@]}" install --force-reinstall --no-deps "$WHEEL"
python -c "import carcassonne_safari as cs; print('carcassonne_safari', cs.__version__, 'actions', cs.num_distinct_actions())"

step "types: mypy (python/pyproject.toml)"
(cd python && python -m mypy)

step "tests: pytest python/tests"
export RAY_USAGE_STATS_ENABLED=0
python -m pytest python/tests -q -p no:cacheprovider

step "the wheel alone: a fresh virtualenv without the Rust toolchain plays a game"
WHEEL_VENV="$ROOT/target/python-wheel-venv"
T0=$(date +%s)
rm -rf "$WHEEL_VENV"
"$PYTHON" -m venv "$WHEEL_VENV"
NUMPY_PIN="$(grep -E '^numpy==' python/requirements-dev.txt)"
(
  # No cargo, rustc or rustup on the PATH: the wheel must not need them.
  export PATH="$WHEEL_VENV/bin:/usr/local/bin:/usr/bin:/bin"
  unset VIRTUAL_ENV
  if command -v cargo >/dev/null || command -v rustc >/dev/null; then
    echo "FAILED: a Rust toolchain is still on the PATH" >&2
    exit 1
  fi
  cd "$(mktemp -d)"
  python -m pip --disable-pip-version-check --quiet install "$WHEEL" "$NUMPY_PIN"
  python - <<'EOF'
import random

import carcassonne_safari as cs

rng = random.Random(1)
state = cs.GameState(cs.Setup(players=3))
while not state.is_over():
    if state.is_chance_node():
        state = state.play(state.sample_chance(seed=rng.getrandbits(63)))
    else:
        state = state.play(rng.choice(state.legal_moves()))
assert state.tiles_left() == 0 and len(state.scores()) == 3
replayed, events = cs.GameRecord.from_json(state.to_json()).replay()
assert replayed == state and events[-1]["type"] == "game_over"
# The net bot's weights load from the native module (no repository needed).
from carcassonne_safari.imitation import Model
assert Model.shipped().parameters() > 1000
print("a game from the wheel:", state.move_number(), "moves, scores", state.scores(), "from", cs.__file__)
EOF
)
echo "wheel installed and played in $(($(date +%s) - T0)) s"

step "training: target/python-train-venv, python/tests/test_train_imitation.py"
venv_with "$TRAIN_VENV" python/requirements-train.txt
"$TRAIN_VENV/bin/python" -m pip --disable-pip-version-check --quiet install --force-reinstall --no-deps "$WHEEL"
"$TRAIN_VENV/bin/python" -m pytest python/tests/test_train_imitation.py -q -p no:cacheprovider

step "python CI passed"
