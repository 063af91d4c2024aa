#!/usr/bin/env bash
# What an idle Clarion costs in CPU: `node scripts/start.mjs` (the default settings: workers on demand, none running
# while idle) on a fresh database of the machine's PostgreSQL, left alone for BENCH_SETTLE seconds, then watched for
# BENCH_SECONDS. Prints the server's CPU (every process under it, from /proc), PostgreSQL's (every backend, those that
# ended in the window included, through the postmaster's reaped-children times), the PostgreSQL sessions opened and the
# transactions committed on its database in the window.
#
#   bash bench/idle/run.sh          # BENCH_SECONDS=60 BENCH_SETTLE=30; BENCH_PG_HOST, BENCH_PG_PORT, BENCH_PG_USER
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_WATCHED=${BENCH_SECONDS:-60}
SETTLE=${BENCH_SETTLE:-30}
PG="-h ${BENCH_PG_HOST:-127.0.0.1} -p ${BENCH_PG_PORT:-5432} -U ${BENCH_PG_USER:-postgres}"
db="clarion_bench_idle_$$"
psql $PG -d postgres -qc "CREATE DATABASE $db"
server=""
cleanup() {
  [[ -n "$server" ]] && kill -TERM "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  psql $PG -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
}
trap cleanup EXIT
log=$(mktemp)
DATABASE_URL="postgres://${BENCH_PG_USER:-postgres}@${BENCH_PG_HOST:-127.0.0.1}:${BENCH_PG_PORT:-5432}/$db" PORT=0 DASHBOARD=off LOG_LEVEL=warn \
  node scripts/start.mjs >"$log" 2>&1 &
server=$!
sleep "$SETTLE"
kill -0 "$server" 2>/dev/null || { cat "$log"; echo "the server stopped" >&2; exit 1; }
postmaster=$(head -1 "$(psql $PG -d postgres -Atc 'SHOW data_directory')/postmaster.pid")
ticks() { # utime+stime of pid $1 (and with "reaped", of its waited-for children too)
  awk -v reaped="${2:-}" '{ print $14 + $15 + (reaped ? $16 + $17 : 0) }' "/proc/$1/stat" 2>/dev/null || echo 0
}
snapshot() {
  local node=0 pg p
  for p in $server $(pgrep -P "$server" || true); do node=$((node + $(ticks "$p"))); done
  pg=$(ticks "$postmaster" reaped)
  for p in $(pgrep -P "$postmaster" || true); do pg=$((pg + $(ticks "$p"))); done
  echo "$node $pg $(psql $PG -d postgres -Atc "SELECT sessions || ' ' || xact_commit FROM pg_stat_database WHERE datname = '$db'")"
}
read -r n0 p0 s0 x0 <<<"$(snapshot)"
sleep "$SECONDS_WATCHED"
read -r n1 p1 s1 x1 <<<"$(snapshot)"
hz=$(getconf CLK_TCK)
awk -v n=$((n1 - n0)) -v p=$((p1 - p0)) -v s=$((s1 - s0)) -v x=$((x1 - x0)) -v hz="$hz" -v t="$SECONDS_WATCHED" 'BEGIN {
  printf "idle %d s: Clarion %.1f ms of CPU a second, PostgreSQL %.1f ms a second (all its processes), %d new PostgreSQL sessions, %d transactions\n",
    t, n * 1000 / hz / t, p * 1000 / hz / t, s, x }'
