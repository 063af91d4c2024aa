#!/usr/bin/env bash
# The dashboard's costs: build time, what a browser downloads, the server's memory with and without the
# dashboard, and GET throughput of its pages next to the API's /healthz in the same process and run.
#   bash bench/dashboard/run.sh      (needs PostgreSQL on PG_HOST:PG_PORT and wrk; results in bench/results/)
set -euo pipefail
cd "$(dirname "$0")/../.."
source bench/lib.sh

PG_HOST=${PG_HOST:-127.0.0.1} PG_PORT=${PG_PORT:-5432} PG_USER=${PG_USER:-postgres}
START_TIMEOUT=${START_TIMEOUT:-120}
DURATION=${BENCH_DURATION:-10s}
PORT=${BENCH_PORT:-3950} DASH_PORT=${BENCH_DASHBOARD_PORT:-3951}
mkdir -p bench/results
OUT="bench/results/dashboard-$(date -u +%Y%m%dT%H%M%SZ).txt"
WORK=$(mktemp -d)
DB="clarion_bench_$(openssl rand -hex 4)"
psql_admin -c "CREATE DATABASE $DB" >/dev/null
trap 'drop_database "$DB"; rm -rf "$WORK"' EXIT

report() { echo "$*" | tee -a "$OUT"; }
rss_kb() { awk '/^VmRSS/ { print $2 }' "/proc/$1/status"; }

start() { # extra env...; sets PID
  env "$@" HOST=127.0.0.1 PORT=$PORT DASHBOARD_PORT=$DASH_PORT LOG_LEVEL=warn SIGN_INS_PER_MINUTE=0 \
    DATABASE_URL="postgres://$PG_USER@$PG_HOST:$PG_PORT/$DB" node --import tsx src/main.ts >"$WORK/server.log" 2>&1 &
  PID=$!
  wait_healthy "http://127.0.0.1:$PORT/healthz" "$PID" "$WORK/server.log"
}

report "# dashboard bench, $(date -u +%FT%TZ), $(nproc) cores"
started=$(date +%s.%N)
node --import tsx scripts/build-dashboard.ts --force >/dev/null 2>&1
report "build (forced, child process): $(echo "$(date +%s.%N) - $started" | bc | xargs printf '%.2f') s"
for f in dist/dashboard/assets/*.js dist/dashboard/assets/*.css; do
  report "asset $(basename "$f"): $(wc -c <"$f") bytes, $(gzip -9c "$f" | wc -c) gzipped"
done

start DASHBOARD=off; sleep 3
report "RSS, dashboard off:        $(rss_kb "$PID") kB"
stop_pid "$PID"

rm -rf dist/dashboard
start; wait_healthy "http://127.0.0.1:$DASH_PORT/" "$PID" "$WORK/server.log"; sleep 3
report "RSS, after building at start: $(rss_kb "$PID") kB"
stop_pid "$PID"

start; wait_healthy "http://127.0.0.1:$DASH_PORT/" "$PID" "$WORK/server.log"; sleep 3
report "RSS, build already current: $(rss_kb "$PID") kB"
asset=$(ls dist/dashboard/assets/*.js | head -n1)
for target in "http://127.0.0.1:$PORT/healthz" "http://127.0.0.1:$DASH_PORT/orgs/x/compose" "http://127.0.0.1:$DASH_PORT/assets/$(basename "$asset")"; do
  rps=$(wrk -t1 -c32 -d"$DURATION" "$target" | awk '/Requests\/sec/ { print $2 }')
  report "wrk -t1 -c32 -d$DURATION $target: $rps req/s"
done
report "RSS, after the wrk runs:   $(rss_kb "$PID") kB"
stop_pid "$PID"
echo "written to $OUT"
