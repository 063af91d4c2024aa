#!/usr/bin/env bash
# The embedded default as a new user meets it: `npm start` (through npm, dashboard on) to GET /healthz on a
# fresh DATA_DIR and on one used before, then idle memory: the PSS of every process `npm start` runs (npm,
# node, the embedded PostgreSQL and its watchdog), before any request and again after one request that reaches
# Prisma (its query compiler loads on the first query: the state of any instance that has served). In the same run, the same on DATABASE_URL (a fresh database
# on the machine's PostgreSQL, whose own processes are not counted) as the reference. Figures, not a test.
#
#   bash bench/embedded/run.sh                 # 3 rounds
#   BENCH_ROUNDS=5 BENCH_IDLE=20 bash bench/embedded/run.sh
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT" || exit 1

ROUNDS=${BENCH_ROUNDS:-3}
IDLE=${BENCH_IDLE:-10}               # seconds between /healthz and the memory reading
START_TIMEOUT=${BENCH_START_TIMEOUT:-60}
PG_HOST=127.0.0.1 PG_PORT=${BENCH_PG_PORT:-5432} PG_USER=${BENCH_PG_USER:-postgres}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/clarion-bench-embedded.XXXXXX")
chmod 755 "$WORK"   # as root, the embedded PostgreSQL runs as `postgres`, which must enter it
trap 'rm -rf "$WORK"' EXIT

free_port() { node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
now_ms() { date +%s%3N; }

descendants() { local p=$1 c; echo "$p"; for c in $(ps -o pid= --ppid "$p"); do descendants "$c"; done; }
pss_mb() { # pid -> PSS of it and its descendants, MB
  local total=0 kb p
  for p in $(descendants "$1"); do
    kb=$(awk '/^Pss:/{print $2}' "/proc/$p/smaps_rollup" 2>/dev/null) && total=$((total + ${kb:-0}))
  done
  echo $((total / 1024))
}

# start <log> <env...>: `npm start` in its own process group; prints "pid ms-to-healthz port"
start() {
  local log=$1 port; shift
  port=$(free_port)
  local t0; t0=$(now_ms)
  env -u DATABASE_URL -u REDIS_URL "$@" PORT="$port" DASHBOARD_PORT=0 LOG_LEVEL=warn setsid npm start >"$log" 2>&1 &
  local pid=$!
  wait_healthy "http://127.0.0.1:$port/healthz" "$pid" "$log" || { echo "$pid -1 $port"; return 1; }
  echo "$pid $(( $(now_ms) - t0 )) $port"
}
stop() { kill -TERM -- "-$1" 2>/dev/null; for _ in $(seq 1 150); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done; kill -KILL -- "-$1"; }

npm run -s dashboard:build >/dev/null 2>&1   # built once, as after the first `npm start` of a checkout
for round in $(seq 1 "$ROUNDS"); do
  dir="$WORK/data-$round"
  read -r pid ms _ < <(start "$WORK/fresh-$round.log" DATA_DIR="$dir"); echo "$ms" >>"$WORK/fresh"; stop "$pid"
  read -r pid ms port < <(start "$WORK/again-$round.log" DATA_DIR="$dir"); echo "$ms" >>"$WORK/again"
  sleep "$IDLE"; pss_mb "$pid" >>"$WORK/pss-embedded"
  # An organization looked up (404): a query through Prisma.
  curl -s -o /dev/null "http://127.0.0.1:$port/v1/orgs/bench-none"
  sleep "$IDLE"; pss_mb "$pid" >>"$WORK/pss-served"; stop "$pid"
  db="clarion_bench_$RANDOM$RANDOM"; psql_admin -c "CREATE DATABASE $db" >/dev/null
  read -r pid ms _ < <(start "$WORK/external-$round.log" DATABASE_URL="postgres://$PG_USER@$PG_HOST:$PG_PORT/$db"); echo "$ms" >>"$WORK/external"
  sleep "$IDLE"; pss_mb "$pid" >>"$WORK/pss-external"; stop "$pid"
  drop_database "$db"
  echo "round $round: fresh $(tail -1 "$WORK/fresh") ms, again $(tail -1 "$WORK/again") ms, external $(tail -1 "$WORK/external") ms; idle PSS embedded $(tail -1 "$WORK/pss-embedded") MB, after a request $(tail -1 "$WORK/pss-served") MB, external $(tail -1 "$WORK/pss-external") MB" >&2
done

echo "Clarion embedded default, $(git rev-parse --short HEAD) | node $(node -v) | $(nproc) cores | load $(cut -d' ' -f1-3 /proc/loadavg) | medians of $ROUNDS rounds"
printf '%-44s %8s\n' "npm start to /healthz, fresh DATA_DIR" "$(median <"$WORK/fresh") ms"
printf '%-44s %8s\n' "npm start to /healthz, DATA_DIR used before" "$(median <"$WORK/again") ms"
printf '%-44s %8s\n' "npm start to /healthz, DATABASE_URL" "$(median <"$WORK/external") ms"
printf '%-44s %8s\n' "idle PSS, every process, embedded" "$(median <"$WORK/pss-embedded") MB"
printf '%-44s %8s\n' "idle PSS, embedded, after a first request" "$(median <"$WORK/pss-served") MB"
printf '%-44s %8s\n' "idle PSS, every process, DATABASE_URL" "$(median <"$WORK/pss-external") MB"
