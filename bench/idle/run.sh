#!/usr/bin/env bash
# What an idle Clarion costs in CPU: `node scripts/start.mjs` (the default settings: workers on demand, none running
# while idle) on a fresh database of the machine's PostgreSQL, left alone for BENCH_SETTLE seconds after /healthz
# answers, then watched for BENCH_SECONDS. Prints the server's CPU (its process tree, from /proc), PostgreSQL's (every
# backend, those that ended in the window included, through the postmaster's reaped-children times), the PostgreSQL
# sessions opened and the transactions committed on its database in the window.
#
#   bash bench/idle/run.sh          # BENCH_SECONDS=60 BENCH_SETTLE=30; BENCH_PG_HOST, BENCH_PG_PORT, BENCH_PG_USER
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$(dirname "$0")/../.." || exit 1
WATCHED=${BENCH_SECONDS:-60}
SETTLE=${BENCH_SETTLE:-30}
START_TIMEOUT=${BENCH_START_TIMEOUT:-90}
PG_HOST=${BENCH_PG_HOST:-127.0.0.1} PG_PORT=${BENCH_PG_PORT:-5432} PG_USER=${BENCH_PG_USER:-postgres}
DATABASE="clarion_bench_idle_$(random_hex 4)"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/clarion-bench-idle.XXXXXX")
PIDS=()
trap 'stop_samplers_and_pids; remove_database_and_work' EXIT
PSS_SAMPLER_PID= CPU_SAMPLER_PID=

psql_admin -c "CREATE DATABASE $DATABASE" || fail "could not create database $DATABASE"
port=$(free_port)
DATABASE_URL="postgres://$PG_USER@$PG_HOST:$PG_PORT/$DATABASE" PORT="$port" DASHBOARD=off LOG_LEVEL=warn \
  node scripts/start.mjs >"$WORK/server.log" 2>&1 &
server=$!
PIDS+=("$server")
wait_healthy "http://127.0.0.1:$port/healthz" "$server" "$WORK/server.log" || fail "Clarion did not start"
sleep "$SETTLE"
postmaster=$(head -1 "$(psql_admin -c 'SHOW data_directory')/postmaster.pid")
postgres_ticks() { # the postmaster, its reaped children (backends that ended) and its live children
  cpu_snapshot | awk -v pm="$postmaster" -v reaped="$(awk '{ print $16 + $17 }' "/proc/$postmaster/stat")" \
    '$1 == pm || $2 == pm { t += $3 } END { print t + reaped }'
}
snapshot() { echo "$(tree_ticks "$server") $(postgres_ticks) $(psql_admin -c "SELECT sessions || ' ' || xact_commit FROM pg_stat_database WHERE datname = '$DATABASE'")"; }
read -r n0 p0 s0 x0 <<<"$(snapshot)"
sleep "$WATCHED"
read -r n1 p1 s1 x1 <<<"$(snapshot)"
awk -v n=$((n1 - n0)) -v p=$((p1 - p0)) -v s=$((s1 - s0)) -v x=$((x1 - x0)) -v hz="$(getconf CLK_TCK)" -v t="$WATCHED" 'BEGIN {
  printf "idle %d s: Clarion %.1f ms of CPU a second, PostgreSQL %.1f ms a second (all its processes), %d new PostgreSQL sessions, %d transactions\n",
    t, n * 1000 / hz / t, p * 1000 / hz / t, s, x }'
