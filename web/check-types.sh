#!/usr/bin/env bash
# Checks the TypeScript declarations of the page (web/src/types.d.ts: the
# engine's wire format, this crate's shapes and the game server's protocol)
# against the Rust types that generate them (ts-rs, the `ts` features of the
# engine, the server and this crate; the test web/tests/types.rs), then
# type-checks the page's JavaScript against them (tsc, web/tsconfig.json).
# Fails when the checked-in declarations are not what the Rust types
# generate, or when the JavaScript does not fit them.
#   bash web/check-types.sh            check
#   bash web/check-types.sh --update   regenerate src/types.d.ts, then check
# tsc comes from the web's devDependencies (`npm ci` in web/ first).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."

case "${1:-}" in
  --update) export UPDATE_TYPES=1 ;;
  "") ;;
  *) echo "usage: bash web/check-types.sh [--update]" >&2; exit 2 ;;
esac

printf '==> %s\n' "declarations: cargo test -p carcassonne-safari-web --features ts --test types"
cargo test -p carcassonne-safari-web --features ts --test types
unset UPDATE_TYPES

printf '==> %s\n' "JavaScript against them: tsc -p web/tsconfig.json"
if [[ ! -x "$here/node_modules/.bin/tsc" ]]; then
  echo "check-types.sh: no tsc in web/node_modules; run \`npm ci\` in web/ first" >&2
  exit 1
fi
(cd "$here" && ./node_modules/.bin/tsc -p tsconfig.json)
echo "types: the declarations are generated and the JavaScript fits them"
