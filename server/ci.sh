#!/usr/bin/env bash
# Continuous integration of the game server: every test of server/ on SQLite,
# then again on PostgreSQL with the two-servers tests, the binary's flags, and
# a short run of the load generator. Installs PostgreSQL from the
# distribution's packages when it is missing (idempotent) and starts a
# throwaway cluster on a free local port, removed on exit.
# Run from anywhere: `bash server/ci.sh` (the repository's .ci/run calls it).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."

START=$(date +%s)
step() { printf '\n==> %s (%ds)\n' "$*" "$(($(date +%s) - START))"; }

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

# The server's tests are built as the README's `cargo test` at the root builds
# them (the workspace's default members): `cargo test -p ...` would unify
# the dependencies' features differently and build them all again. Its
# integration tests are selected by name; `--lib` adds the unit tests (of
# every default member: they take seconds).
server_tests=(--test server)

step "server: tests on SQLite (cargo test --lib ${server_tests[*]})"
# .ci/run's `cargo test` at the root has run them (and says so).
if [[ "${CARCASSONNE_ROOT_TESTED:-}" == 1 ]]; then
  echo "skipped: the root's cargo test ran them in this CI run"
else
  cargo test --lib "${server_tests[@]}"
fi

step "server: PostgreSQL (installed from the distribution when missing)"
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1; }
if [[ -z "$(pg_bin)" || ! -x "$(pg_bin)/initdb" ]]; then
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
fi
bin="$(pg_bin)"
"$bin/postgres" --version

# A throwaway cluster: its own directory, a free port on 127.0.0.1, trust
# authentication for a local test user. PostgreSQL refuses to run as root, so
# as root the cluster runs as the `postgres` user the package created.
data="$(mktemp -d /tmp/safari-pg.XXXXXX)"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
run_pg() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [[ $(id -u) -eq 0 ]]; then chown postgres "$data"; fi
stop_pg() {
  run_pg "$bin/pg_ctl" -D "$data/db" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$data"
}
trap stop_pg EXIT
run_pg "$bin/initdb" -D "$data/db" -U safari -A trust --no-sync >/dev/null
run_pg "$bin/pg_ctl" -D "$data/db" -l "$data/db/server.log" -w \
  -o "-p $port -k $data -c listen_addresses=127.0.0.1 -c max_connections=300" start >/dev/null
psql "postgres://safari@127.0.0.1:$port/postgres" -qc 'CREATE DATABASE safari_test' >/dev/null
url="postgres://safari@127.0.0.1:$port/safari_test"
echo "PostgreSQL on 127.0.0.1:$port"

step "server: tests on PostgreSQL, with two servers on one database"
SAFARI_TEST_DATABASE_URL="$url" cargo test "${server_tests[@]}" -- --include-ignored

step "server: the binary's flags (exit codes)"
# `cargo test` builds the server's binary (for its integration tests) and
# its examples.
cargo test --no-run
bin_server=target/debug/carcassonne-safari-server
while read -r code args; do
  set +e
  # shellcheck disable=SC2086
  env -u DATABASE_URL $bin_server $args >/dev/null 2>&1
  got=$?
  set -e
  if [[ "$got" != "$code" ]]; then
    echo "FAILED: 'carcassonne-safari-server $args' exited $got, expected $code" >&2
    exit 1
  fi
  echo "ok: exit $code: carcassonne-safari-server $args"
done <<'EOF2'
0 --help
0 --version
2 --bogus
2 --addr nowhere
2 --rate-limit -1
1 --addr 127.0.0.1:0 --database-url mysql://localhost/x
EOF2

step "server: a short load run (20 games, 5 s) against the binary on PostgreSQL"
log="$data/load-server.log"
DATABASE_URL="$url" $bin_server --addr 127.0.0.1:0 --idle-secs 0 >"$data/addr" 2>"$log" &
server_pid=$!
for _ in $(seq 1 100); do
  [[ -s "$data/addr" ]] && break
  sleep 0.1
done
addr="$(sed -n 's/^listening on //p' "$data/addr")"
target/debug/examples/load --url "$addr" --games 20 --seconds 5 --think-ms 50
kill -TERM "$server_pid"
wait "$server_pid"

step "server: CI passed in $(($(date +%s) - START)) s"
