#!/usr/bin/env bash
# Continuous integration of the browser game: installs what the browser tests
# need when missing (idempotent), builds the page and the game server (the
# online tests start its binary), runs the native tests of the web crate and
# the browser tests. Exits non-zero on any failure.
# Run from anywhere: `bash web/ci.sh` (the repository's .ci/run calls it).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."

step() { printf '\n==> %s\n' "$*"; }

step "browser: Chromium"
if [[ ! -x /usr/bin/chromium ]]; then
  if [[ $(id -u) -eq 0 ]]; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
  else
    sudo apt-get update
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
  fi
fi
/usr/bin/chromium --version 2>/dev/null | head -n1 || true

step "node packages: npm ci (playwright-core, no browser download)"
if ! command -v node >/dev/null 2>&1; then
  echo "ci.sh: node and npm are needed for the browser tests" >&2
  exit 1
fi
node --version
(cd "$here" && npm ci --no-audit --no-fund)

step "types: web/check-types.sh (the declarations generated from the Rust types; the JavaScript type-checked against them)"
bash "$here/check-types.sh"

step "build: web/build.sh (installs the wasm target and wasm-bindgen-cli when missing)"
bash "$here/build.sh"

# Built as the README's `cargo test` at the root builds them (the workspace's
# default members): `cargo test -p ...` would unify the dependencies'
# features differently and build them all again. `--lib` adds the unit tests
# of every default member (seconds). The test targets are the files and the
# folders with a main.rs of web/tests, so a renamed test needs no change here.
native_tests=()
for f in "$here"/tests/*.rs; do
  native_tests+=(--test "$(basename "$f" .rs)")
done
for f in "$here"/tests/*/main.rs; do
  native_tests+=(--test "$(basename "$(dirname "$f")")")
done
step "native tests: cargo test --lib ${native_tests[*]}"
# .ci/run's `cargo test` at the root has run them (and says so).
if [[ "${CARCASSONNE_ROOT_TESTED:-}" == 1 ]]; then
  echo "skipped: the root's cargo test ran them in this CI run"
else
  cargo test --lib "${native_tests[@]}"
fi

step "npm package: npm pack, installed from the tarball by a Node.js program that plays a whole game"
consumer="$here/test-output/npm-consumer"
rm -rf "$consumer"
mkdir -p "$consumer"
tarball="$(cd "$here/www/pkg" && npm pack --silent --pack-destination "$consumer")"
echo "packed $tarball ($(wc -c <"$consumer/$tarball") bytes)"
cp "$here/tests/node/play.mjs" "$here/tests/node/tsconfig.json" "$consumer/"
(cd "$consumer" && printf '{"name":"npm-consumer","private":true,"type":"module"}\n' >package.json \
  && npm install --no-audit --no-fund --no-save "./$tarball" \
  && "$here/node_modules/.bin/tsc" -p tsconfig.json \
  && node play.mjs)

# `cargo test` builds the server's binary (target/debug/) for its
# integration tests, with the features the root's `cargo test` unifies.
step "game server for the online tests: cargo test --no-run"
cargo test --no-run

step "browser tests: node --test (screenshots in web/test-output/screenshots/)"
(cd "$here" && node --test --test-concurrency=1 tests/browser/)

step "web CI passed"
