#!/usr/bin/env bash
# What starting a fan-out worker costs: with the default FANOUT_WORKER_IDLE_SECONDS a server forks its workers when a
# broadcast is planned, so every broadcast after a quiet minute waits for them. `node scripts/start.mjs` (what
# `npm start` runs: no APNs credentials, so the stand-ins run in the server and the worker is given them) with one
# worker started with the server (FANOUT_WORKER_IDLE_SECONDS=0) on a fresh database of the machine's PostgreSQL,
# BENCH_ROUNDS times; each round prints the time from the server's "fan-out workers started" to the worker's "fan-out
# worker ready" (both from the log's timestamps), and one second later the worker's CPU (user + system, from /proc,
# its other threads included) and its PSS, and the server's PSS. With BENCH_REF=<revision>, that revision (a worktree
# sharing node_modules) alternates with this checkout in every round.
#
#   bash bench/worker-start/run.sh     # BENCH_ROUNDS=5, BENCH_REF; BENCH_PG_HOST, BENCH_PG_PORT, BENCH_PG_USER
set -uo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$(dirname "$0")/../.." || exit 1
ROOT=$(pwd)
ROUNDS=${BENCH_ROUNDS:-5}
positive BENCH_ROUNDS "$ROUNDS"
START_TIMEOUT=${BENCH_START_TIMEOUT:-90}
PG_HOST=${BENCH_PG_HOST:-127.0.0.1} PG_PORT=${BENCH_PG_PORT:-5432} PG_USER=${BENCH_PG_USER:-postgres}
DATABASE="clarion_bench_wstart_$(random_hex 4)"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/clarion-bench-wstart.XXXXXX")
PIDS=()
PSS_SAMPLER_PID= CPU_SAMPLER_PID= REF_DIR=
trap 'stop_samplers_and_pids; [[ -n "$REF_DIR" ]] && git -C "$ROOT" worktree remove --force "$REF_DIR" >/dev/null 2>&1; remove_database_and_work' EXIT
TICK_MS=$((1000 / $(getconf CLK_TCK)))

psql_admin -c "CREATE DATABASE $DATABASE" || fail "could not create database $DATABASE"
CHECKOUTS=("$ROOT")
LABELS=("this checkout")
if [[ -n "${BENCH_REF:-}" ]]; then
  REF_DIR="$WORK/ref"
  ref_worktree "$BENCH_REF" "$REF_DIR"
  CHECKOUTS+=("$REF_DIR")
  LABELS+=("$BENCH_REF")
fi

json_pid() { node -e 'process.stdin.once("data", (line) => console.log(JSON.parse(line).pid))'; } # a log line on stdin -> its pid
pss_kb() { awk '/^Pss:/ { print $2 }' "/proc/$1/smaps_rollup" 2>/dev/null || echo 0; } # pid

# One start of the checkout in dir: "<ms to ready> <worker CPU ms> <worker PSS kB> <server PSS kB>", or nothing.
start_once() { # dir log
  local dir=$1 log=$2 port server worker deadline
  port=$(free_port)
  (cd "$dir" && exec env -u APNS_TEAM_ID -u APNS_KEY_ID -u APNS_PRIVATE_KEY -u APNS_PRIVATE_KEY_PATH -u APNS_URL -u REDIS_URL \
    DATABASE_URL="postgres://$PG_USER@$PG_HOST:$PG_PORT/$DATABASE" DATA_DIR="$WORK/data" PORT="$port" DASHBOARD=off LOG_LEVEL=info \
    FANOUT_WORKERS=1 FANOUT_WORKER_IDLE_SECONDS=0 node scripts/start.mjs >"$log" 2>&1) &
  server=$!
  PIDS+=("$server")
  deadline=$((SECONDS + START_TIMEOUT))
  until grep -q '"fan-out worker ready"' "$log" 2>/dev/null; do
    ((SECONDS < deadline)) && kill -0 "$server" 2>/dev/null || { echo "  no worker ready; last lines of the log:" >&2; tail -n 20 "$log" | sed 's/^/    /' >&2; stop_and_forget "$server"; return 1; }
    sleep 0.02
  done
  sleep 1
  worker=$(grep -m1 '"fan-out worker ready"' "$log" | json_pid)
  [[ -n "$worker" && -e "/proc/$worker/stat" ]] || { echo "  the worker process was not found" >&2; stop_and_forget "$server"; return 1; }
  local ticks worker_pss server_pss ms
  ticks=$(awk '{ print $14 + $15 }' "/proc/$worker/stat")
  worker_pss=$(pss_kb "$worker")
  server_pss=$(pss_kb "$server")
  ms=$(node -e '
    const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
    const at = (m) => Date.parse(lines.find((l) => l.message === m).time);
    console.log(at("fan-out worker ready") - at("fan-out workers started"));' "$log")
  stop_and_forget "$server"
  echo "$ms $((ticks * TICK_MS)) $worker_pss $server_pss"
}

# A first start of each checkout, not counted: it applies the migrations and builds the bundles.
for i in "${!CHECKOUTS[@]}"; do start_once "${CHECKOUTS[$i]}" "$WORK/first-$i.log" >/dev/null || fail "the first start of ${LABELS[$i]} failed"; done

declare -A RESULTS
for ((round = 1; round <= ROUNDS; round++)); do
  for i in "${!CHECKOUTS[@]}"; do
    result=$(start_once "${CHECKOUTS[$i]}" "$WORK/round-$round-$i.log") || fail "round $round of ${LABELS[$i]} failed"
    RESULTS[$i]+="$result"$'\n'
    read -r ms cpu wpss spss <<<"$result"
    printf '%-16s round %d: ready after %4d ms, worker CPU %4d ms, worker PSS %s, server PSS %s\n' "${LABELS[$i]}" "$round" "$ms" "$cpu" "$(mb "$wpss")" "$(mb "$spss")"
  done
done

echo "medians over $ROUNDS rounds (commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src scripts package.json || echo ', with uncommitted changes'), node $(node --version)):"
for i in "${!CHECKOUTS[@]}"; do
  printf '%s' "${RESULTS[$i]}" | awk -v label="${LABELS[$i]}" '
    { ms[NR] = $1; cpu[NR] = $2; w[NR] = $3; s[NR] = $4 }
    function median(a, n,   i, j, t) { for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
                                       return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    END { printf "  %-16s ready after %d ms, worker CPU %d ms, worker PSS %.0f MB, server PSS %.0f MB\n", label, median(ms, NR), median(cpu, NR), median(w, NR) / 1024, median(s, NR) / 1024 }'
done
