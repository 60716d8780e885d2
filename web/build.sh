#!/usr/bin/env bash
# Builds the browser game: the WebAssembly module and its JavaScript glue in
# web/www/pkg/ (gitignored), which is also the npm package
# `carcassonne-safari-web` (manifest from web/npm/; `npm pack` in that
# folder makes its tarball). Run from anywhere: `bash web/build.sh`.
#
# Installs what it needs when missing (idempotent): the wasm32-unknown-unknown
# target and wasm-bindgen-cli at exactly the wasm-bindgen version in Cargo.lock.
# `wasm-opt` is used when it is on the PATH (optional). `--tools-only`
# installs them and builds nothing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
cd "$root"

step() { printf '==> %s\n' "$*"; }

# The wasm-bindgen version the crate is locked to (the CLI must match it exactly).
version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
if [[ -z "$version" ]]; then
  echo "build.sh: no wasm-bindgen in Cargo.lock; run \`cargo generate-lockfile\` or a build first" >&2
  exit 1
fi

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  step "installing the wasm32-unknown-unknown target"
  # The lock .ci/run holds around its own installs, when flock is there
  # (rustup has no lock of its own).
  if command -v flock >/dev/null; then
    mkdir -p "${RUSTUP_HOME:-$HOME/.rustup}"
    flock "${RUSTUP_HOME:-$HOME/.rustup}/ci-install.lock" rustup target add wasm32-unknown-unknown
  else
    rustup target add wasm32-unknown-unknown
  fi
fi

if [[ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$version" ]]; then
  step "installing wasm-bindgen-cli $version"
  # --locked first; when a locked dependency is missing from the registry,
  # resolve the CLI's dependencies afresh (the CLI version stays exact).
  # Built at optimisation level 1 without LTO, as .ci/run builds its tools:
  # it only rewrites one small module, and builds in far less time (the
  # settings stay in the subshell: the page's own build is not touched).
  (
    export CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=off \
      CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256 CARGO_PROFILE_RELEASE_DEBUG=0
    if ! cargo install wasm-bindgen-cli --version "$version" --locked; then
      echo "build.sh: a locked dependency of wasm-bindgen-cli is not in the registry;" \
        "installing wasm-bindgen-cli $version with its dependencies resolved afresh" >&2
      cargo install wasm-bindgen-cli --version "$version"
    fi
  )
fi

# `--tools-only`: install what is missing, build nothing (CI installs the
# tools early, in the background).
if [[ "${1:-}" == "--tools-only" ]]; then
  exit 0
fi

step "cargo build --profile wasm-release --target wasm32-unknown-unknown -p carcassonne-safari-web"
cargo build --profile wasm-release --target wasm32-unknown-unknown -p carcassonne-safari-web

out="$here/www/pkg"
step "wasm-bindgen --target web into ${out#"$root"/}"
rm -rf "$out"
target_dir="${CARGO_TARGET_DIR:-$root/target}"
wasm-bindgen --target web --remove-name-section --out-dir "$out" \
  "$target_dir/wasm32-unknown-unknown/wasm-release/carcassonne_safari_web.wasm"

# The npm package: the module, its types and its manifest at the crate's version.
crate_version="$(awk -F'"' '/^version = / { print $2; exit }' "$here/Cargo.toml")"
sed "s/\"version\": \"0.0.0\"/\"version\": \"$crate_version\"/" "$here/npm/package.json" >"$out/package.json"
cp "$here/npm/README.md" "$out/README.md"
rm -f "$out/.gitignore"

wasm="$out/carcassonne_safari_web_bg.wasm"
if command -v wasm-opt >/dev/null 2>&1; then
  step "wasm-opt -Os"
  wasm-opt -Os --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals -o "$wasm.opt" "$wasm" && mv "$wasm.opt" "$wasm"
fi

raw=$(wc -c <"$wasm")
gz=$(gzip -9 -n -c "$wasm" | wc -c)
step "built: $(basename "$wasm") $raw bytes ($gz gzipped)"
echo "Serve it with: python3 -m http.server -d web/www 8080   (then open http://localhost:8080/)"
