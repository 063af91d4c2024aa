#!/usr/bin/env bash
# REST benchmark: "register a device, then subscribe it" against a bare node:http server, Clarion on
# the machine's PostgreSQL and Clarion on its embedded PostgreSQL (the default without DATABASE_URL), one
# after the other in the same run; prints req/s, p99 and the
# ratio to the bare server, and writes the same table to bench/results/rest-<date>.txt.
# See bench/README.md. Not a test: it only prints figures (exit 1 if a target failed or had errors).
#
#   bash bench/rest/run.sh
#   BENCH_DURATION=30s BENCH_CONNECTIONS=64 BENCH_TARGETS="postgres embedded postgres" bash bench/rest/run.sh
#   BENCH_LOG_LEVEL=warn bash bench/rest/run.sh    # without the per-request log line (default: info, as operators run it)
#   BENCH_ROUNDS=5 bash bench/rest/run.sh          # the targets five times over, each ratio to its own round's bare server, and medians
set -uo pipefail
# shellcheck source=../lib.sh
source "$(dirname "$0")/../lib.sh"

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 1

DURATION=${BENCH_DURATION:-10s}
WARMUP=${BENCH_WARMUP:-3s}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
THREADS=${BENCH_THREADS:-1}
TIMEOUT=${BENCH_TIMEOUT:-5s}
TARGETS=${BENCH_TARGETS:-bare postgres embedded}
ROUNDS=${BENCH_ROUNDS:-1}
PG_HOST=${BENCH_PG_HOST:-127.0.0.1}
PG_PORT=${BENCH_PG_PORT:-5432}
PG_USER=${BENCH_PG_USER:-postgres}
SEED_DEVICES=${BENCH_SEED_DEVICES:-0}
START_TIMEOUT=${BENCH_START_TIMEOUT:-90}
LUA="$HERE/register-subscribe.lua"
RESULTS_DIR="$ROOT/bench/results"

[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || { echo "BENCH_ROUNDS must be a whole number from 1 (got $ROUNDS)" >&2; exit 2; }
[[ "$SEED_DEVICES" =~ ^[0-9]+$ ]] || { echo "BENCH_SEED_DEVICES must be a whole number (got $SEED_DEVICES)" >&2; exit 2; }
check_device_uuids
case "$PG_HOST" in 127.0.0.1 | localhost | ::1) ;; *) echo "BENCH_PG_HOST must be a loopback address (got $PG_HOST)" >&2; exit 2 ;; esac

seconds_of() { # "10s" / "1m" / "10" -> whole seconds
  local v=$1
  case "$v" in *m) echo $(( ${v%m} * 60 )) ;; *s) echo "${v%s}" ;; *) echo "$v" ;; esac
}
DURATION_S=$(seconds_of "$DURATION")
WARMUP_S=$(seconds_of "$WARMUP")

# --- tools -------------------------------------------------------------------------------------------
if ! command -v wrk >/dev/null 2>&1; then
  echo "wrk not found; installing it with apt-get" >&2
  if ! apt-get install -y wrk >/dev/null 2>&1; then
    apt-get update >/dev/null 2>&1 && apt-get install -y wrk >/dev/null 2>&1
  fi
  command -v wrk >/dev/null 2>&1 || { echo "could not install wrk" >&2; exit 2; }
fi
for tool in curl node psql; do
  command -v "$tool" >/dev/null 2>&1 || echo "warning: $tool not found" >&2
done

# --- bookkeeping and cleanup -------------------------------------------------------------------------
STARTED_AT=$(date -Is)
STAMP=$(date +%Y-%m-%d-%H%M%S)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/clarion-bench.XXXXXX")
chmod 755 "$WORK"   # as root, the embedded PostgreSQL runs as `postgres`, which must enter it
SERVER_PIDS=()
DATABASES=()
FAILED=0



cleanup() {
  local pid db
  for pid in "${SERVER_PIDS[@]}"; do stop_pid "$pid"; done
  SERVER_PIDS=()
  for db in "${DATABASES[@]}"; do drop_database "$db"; done
  DATABASES=()
  if [[ -n "${BENCH_KEEP_LOGS:-}" ]]; then echo "logs kept in $WORK" >&2; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'echo "interrupted" >&2; exit 130' INT TERM

forget_pid() { # remove a stopped server from SERVER_PIDS
  local keep=() p
  for p in "${SERVER_PIDS[@]}"; do [[ "$p" != "$1" ]] && keep+=("$p"); done
  SERVER_PIDS=("${keep[@]}")
}

random_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }

free_port() {
  node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}


# --- CPU accounting: utime+stime of every process, from /proc, before and after the measured run ----

# before after machine_before machine_after server_pid seconds server_label -> one line of CPU figures
cpu_report() {
  awk -v server="$5" -v secs="$6" -v hz="$(getconf CLK_TCK)" -v label="$7" -v mb="$3" -v ma="$4" '
    FNR == NR { before[$1] = $3; next }
    { ticks[$1] = $3; parent[$1] = $2; comm[$1] = $4 }
    END {
      for (pid in ticks) {
        d = ticks[pid] - (pid in before ? before[pid] : 0)
        if (d <= 0) continue
        kind = "other"
        # The embedded PostgreSQL runs under the server: its processes still count as postgres.
        if (comm[pid] == "postgres") kind = "postgres"
        else for (a = pid; a != "" && a != 0 && a != 1; a = parent[a]) if (a == server) { kind = "server"; break }
        if (kind == "other" && comm[pid] == "wrk") kind = "wrk"
        sum[kind] += d
      }
      split(mb, b, " "); split(ma, e, " ")
      busy = (e[1] - b[1]) - (e[2] - b[2]); all = e[1] - b[1]
      scale = 100 / (hz * secs)
      printf "%s %.0f%% | postgres %.0f%% | wrk %.0f%% | everything else %.0f%% | machine busy %.0f%% of %d cores\n",
        label, sum["server"] * scale, sum["postgres"] * scale, sum["wrk"] * scale, sum["other"] * scale,
        (all > 0 ? 100 * busy / all : 0), NCORES
    }' NCORES="$(nproc)" "$1" "$2"
}

# --- one target ----------------------------------------------------------------------------------------
declare -A RPS P50 P99 PAIRS STATUS CPU

wrk_run() { # duration latency(0/1) url out
  local extra=()
  [[ "$2" == 1 ]] && extra=(--latency)
  timeout --signal=INT "$(( $(seconds_of "$1") + 30 ))" \
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$1" --timeout "$TIMEOUT" "${extra[@]}" -s "$LUA" "$3" -- "$(random_hex 8)" >"$4" 2>&1
}

bench_field() { sed -n 's/^BENCH .*\b'"$2"'=\([0-9.]*\).*/\1/p' "$1" | head -n1; }

# Results are keyed by target and round ("postgres#2"); SUFFIX is the round's part ("#2"), empty for one round.
SUFFIX=

measure() { # name url server_pid label
  local name=$1$SUFFIX url=$2 pid=$3 label=$4 warm="$WORK/$1$SUFFIX.warmup.txt" out="$WORK/$1$SUFFIX.txt"
  echo "  warm-up ${WARMUP} ..." >&2
  wrk_run "$WARMUP" 0 "$url" "$warm"
  local w1 w2
  w1=$(bench_field "$warm" non2xx); w2=$(bench_field "$warm" socket_errors)
  local warm_bad=$(( ${w1:-0} + ${w2:-0} ))
  if ! grep -q '^BENCH ' "$warm"; then
    echo "  warm-up did not complete:" >&2; sed 's/^/    /' "$warm" >&2
  elif ((warm_bad > 0)); then
    echo "  warm-up had $warm_bad error(s):" >&2; grep -A3 '^BENCH_NON2XX' "$warm" | sed 's/^/    /' >&2
  fi

  echo "  measuring ${DURATION} with ${CONNECTIONS} connections on ${THREADS} wrk thread(s) ..." >&2
  # CPU is sampled over the middle of the run (1 s in from each end), while wrk is still alive to be counted.
  local before="$WORK/$name.cpu0" after="$WORK/$name.cpu1" mb ma t0 t1 lead=0 window=$DURATION_S
  ((DURATION_S >= 4)) && { lead=1; window=$((DURATION_S - 2)); }
  wrk_run "$DURATION" 1 "$url" "$out" &
  local wrk_pid=$!
  sleep "$lead"
  cpu_snapshot >"$before"; mb=$(machine_snapshot); t0=$(date +%s.%N)
  sleep "$window"
  t1=$(date +%s.%N); ma=$(machine_snapshot); cpu_snapshot >"$after"
  wait "$wrk_pid"
  local rc=$?
  CPU[$name]=$(cpu_report "$before" "$after" "$mb" "$ma" "$pid" "$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b-a}')" "$label")

  if ! grep -q '^Requests/sec:' "$out" || ! grep -q '^BENCH ' "$out"; then
    STATUS[$name]="FAILED: wrk exited $rc without a summary"
    echo "  wrk output:" >&2; sed 's/^/    /' "$out" >&2
    FAILED=1
    return 1
  fi
  RPS[$name]=$(awk '/^Requests\/sec:/{print $2}' "$out")
  P50[$name]=$(awk '$1 == "50%" {print $2; exit}' "$out")
  P99[$name]=$(awk '$1 == "99%" {print $2; exit}' "$out")
  PAIRS[$name]=$(bench_field "$out" pairs_per_sec)
  local non2xx sock unparsed
  non2xx=$(bench_field "$out" non2xx); sock=$(bench_field "$out" socket_errors); unparsed=$(bench_field "$out" unparsed)
  non2xx=${non2xx:-0}; sock=${sock:-0}; unparsed=${unparsed:-0}
  if ((non2xx + sock + unparsed > 0)); then
    STATUS[$name]="ERRORS: ${non2xx} non-2xx, ${sock} socket errors, ${unparsed} unparsed"
    FAILED=1
    echo "  errors during the measured run:" >&2
    grep -E '^(BENCH|Non-2xx|Socket errors)|^  HTTP ' "$out" | sed 's/^/    /' >&2
  else
    STATUS[$name]=ok
  fi
  echo "  ${RPS[$name]} req/s, p99 ${P99[$name]}, ${STATUS[$name]}" >&2
}

start_bg() { # log cmd... -> sets STARTED_PID
  "${@:2}" >"$1" 2>&1 &
  STARTED_PID=$!
  SERVER_PIDS+=("$STARTED_PID")
}

# Clarion's environment; an array, not a function, so a backgrounded server's $! is node itself.
CLARION_ENV=(env -u DATABASE_URL -u DATA_DIR -u REDIS_URL HOST=127.0.0.1 LOG_LEVEL="${BENCH_LOG_LEVEL:-info}" DEVICE_REGISTRATIONS_PER_MINUTE=0 SUBSCRIPTIONS_PER_MINUTE=0 DASHBOARD=off)

run_bare() {
  local port log="$WORK/bare.log"
  port=$(free_port)
  start_bg "$log" env PORT="$port" HOST=127.0.0.1 node "$HERE/bare-server.mjs"
  local pid=$STARTED_PID
  if wait_healthy "http://127.0.0.1:$port/healthz" "$pid" "$log"; then
    measure bare "http://127.0.0.1:$port" "$pid" "bare node"
  else
    STATUS[bare$SUFFIX]="FAILED: did not start"; FAILED=1
  fi
  stop_pid "$pid"; forget_pid "$pid"
}

# BENCH_SEED_DEVICES: an install in use (the postgres target only): that many devices, each subscribed to "bench",
# and the planner's statistics, before Clarion starts (its two intake statements are planned once per connection, by
# index only, whatever the tables' size: src/db/pool.ts, PREPARED_PLANS).
seed_devices() { # database
  echo "  seeding $SEED_DEVICES devices, each subscribed to 'bench' ..." >&2
  psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$1" -v ON_ERROR_STOP=1 -Atq \
    -c "$(seed_audience_sql "$SEED_DEVICES" "(SELECT id FROM organizations WHERE slug = 'bench')")" \
    -c 'VACUUM ANALYZE devices' -c 'VACUUM ANALYZE subscriptions' >"$WORK/seed.log" 2>&1
}

run_clarion() { # name db-env-assignment [database to seed]
  local name=$1 dbenv=$2 port log="$WORK/$1.server.log"
  echo "  creating organization 'bench' ..." >&2
  if ! "${CLARION_ENV[@]}" "$dbenv" npx --no clarion org create --name Bench --slug bench >"$WORK/$name.org.log" 2>&1 \
    && ! grep -q 'already taken' "$WORK/$name.org.log"; then   # a kept DATA_DIR has it from the last run
    echo "  'clarion org create' failed:" >&2; tail -n 20 "$WORK/$name.org.log" | sed 's/^/    /' >&2
    STATUS[$name$SUFFIX]="FAILED: org create"; FAILED=1
    return 1
  fi
  if ((SEED_DEVICES > 0)) && [[ -n "${3:-}" ]] && ! seed_devices "$3"; then
    echo "  seeding failed:" >&2; sed 's/^/    /' "$WORK/seed.log" >&2
    STATUS[$name$SUFFIX]="FAILED: seeding"; FAILED=1
    return 1
  fi
  port=$(free_port)
  start_bg "$log" "${CLARION_ENV[@]}" "$dbenv" PORT="$port" node ${BENCH_CLARION_NODE_ARGS:-} ${BENCH_CLARION_ENTRY:-scripts/start.mjs}
  local pid=$STARTED_PID
  if wait_healthy "http://127.0.0.1:$port/healthz" "$pid" "$log"; then
    measure "$name" "http://127.0.0.1:$port" "$pid" "Clarion node"
  else
    STATUS[$name$SUFFIX]="FAILED: did not start"; FAILED=1
  fi
  stop_pid "$pid"; forget_pid "$pid"
  if grep -qiE 'error|warn' "$log"; then
    echo "  server log had warnings/errors (first lines):" >&2; grep -iE 'error|warn' "$log" | head -n 5 | sed 's/^/    /' >&2
  fi
}

run_postgres() {
  if ! psql_admin -c 'SELECT 1' >/dev/null 2>&1; then
    echo "  PostgreSQL at $PG_HOST:$PG_PORT is not reachable as $PG_USER" >&2
    STATUS[postgres$SUFFIX]="FAILED: PostgreSQL not reachable"; FAILED=1
    return 1
  fi
  local db="clarion_bench_$(random_hex 6)"
  if ! psql_admin -c "CREATE DATABASE \"$db\"" >"$WORK/postgres.createdb.log" 2>&1; then
    STATUS[postgres$SUFFIX]="FAILED: CREATE DATABASE"; FAILED=1
    sed 's/^/    /' "$WORK/postgres.createdb.log" >&2
    return 1
  fi
  DATABASES+=("$db")
  echo "  database $db" >&2
  run_clarion postgres "DATABASE_URL=postgres://$PG_USER@$PG_HOST:$PG_PORT/$db" "$db"
  drop_database "$db"
  DATABASES=()
}

run_embedded() { # a fresh DATA_DIR, or BENCH_EMBEDDED_DATA_DIR (kept: a cluster that has run before)
  local dir=${BENCH_EMBEDDED_DATA_DIR:-}
  [[ -n "$dir" ]] || dir=$(mktemp -d "$WORK/embedded.XXXXXX")
  run_clarion embedded "DATA_DIR=$dir"
  [[ -n "${BENCH_EMBEDDED_DATA_DIR:-}" ]] || rm -rf "$dir"
}

# --- run ----------------------------------------------------------------------------------------------
declare -A TITLE=([bare]="bare node:http" [postgres]="Clarion+PostgreSQL" [embedded]="Clarion+embedded")
for target in $TARGETS; do
  case "$target" in bare | postgres | embedded) ;; *) echo "unknown target '$target' (bare, postgres, embedded)" >&2; exit 2 ;; esac
done
KEYS=()   # every target of every round, in the order run
for ((round = 1; round <= ROUNDS; round++)); do
  ((ROUNDS > 1)) && { SUFFIX="#$round"; echo "=== round $round of $ROUNDS" >&2; }
  for target in $TARGETS; do
    KEYS+=("$target$SUFFIX")
    case "$target" in
      bare) echo "== bare node:http server" >&2; run_bare ;;
      postgres) echo "== Clarion on PostgreSQL" >&2; run_postgres ;;
      embedded) echo "== Clarion on its embedded PostgreSQL" >&2; run_embedded ;;
    esac
  done
done

median() { sort -g | awk 'NF { v[++n] = $1 } END { if (n) printf "%.3f", (n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2); else printf "-" }'; }

# --- report -------------------------------------------------------------------------------------------
mkdir -p "$RESULTS_DIR"
result_file="$RESULTS_DIR/rest-$STAMP.txt"
pg_version=$(psql_admin -c 'SHOW server_version' 2>/dev/null || echo '?')
commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')
[[ -n "$(git -C "$ROOT" status --porcelain -- src prisma package.json 2>/dev/null)" ]] && commit="$commit (work tree modified)"

{
  echo "Clarion REST benchmark: POST /v1/devices + POST /v1/devices/:uuid/subscriptions, alternating"
  echo "started $STARTED_AT | commit $commit | node $(node -v) | PostgreSQL $pg_version | $(nproc) cores | load avg $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION --timeout $TIMEOUT --latency (after a ${WARMUP} warm-up); req/s counts both requests, pairs/s = subscriptions/s"
  ((ROUNDS > 1)) && echo "$ROUNDS rounds of: $TARGETS (BENCH_ROUNDS)"
  ((SEED_DEVICES > 0)) && echo "Clarion+PostgreSQL started on $SEED_DEVICES devices subscribed to 'bench' (BENCH_SEED_DEVICES)"
  echo
  declare -A RATIO   # each target's req/s over its round's bare server's
  for key in "${KEYS[@]}"; do
    target=${key%%#*}; rps=${RPS[$key]:-}; bare_rps=${RPS[bare${key#"$target"}]:-}
    [[ -n "$rps" && -n "$bare_rps" ]] && RATIO[$key]=$(awk -v a="$rps" -v b="$bare_rps" 'BEGIN{printf "%.3f", a / b}')
  done
  {
    echo "target|req/s|pairs/s|p50|p99|ratio to bare|status"
    for key in "${KEYS[@]}"; do
      target=${key%%#*}; suffix=${key#"$target"}
      echo "${TITLE[$target]}${suffix:+ (round ${suffix#\#})}|${RPS[$key]:--}|${PAIRS[$key]:--}|${P50[$key]:--}|${P99[$key]:--}|${RATIO[$key]:--}|${STATUS[$key]:-not run}"
    done
  } | column -t -s '|' -o ' | '
  if ((ROUNDS > 1)); then
    echo
    echo "Medians over the $ROUNDS rounds (each ratio is to its own round's bare server):"
    for target in $(printf '%s\n' $TARGETS | awk '!seen[$0]++'); do
      rates=() ratios=()
      for key in "${KEYS[@]}"; do
        [[ "${key%%#*}" == "$target" ]] || continue
        [[ -n "${RPS[$key]:-}" ]] && rates+=("${RPS[$key]}")
        [[ -n "${RATIO[$key]:-}" ]] && ratios+=("${RATIO[$key]}")
      done
      line="  ${TITLE[$target]}: req/s $(printf '%s\n' "${rates[@]}" | median)"
      [[ "$target" != bare ]] && line+=", ratio to bare $(printf '%s\n' "${ratios[@]}" | median) (rounds: ${ratios[*]:-none})"
      echo "$line"
    done
  fi
  echo
  echo "CPU during the measured run, middle $((DURATION_S >= 4 ? DURATION_S - 2 : DURATION_S)) s (100% = one core; a process can exceed it):"
  for key in "${KEYS[@]}"; do
    target=${key%%#*}; suffix=${key#"$target"}
    [[ -n "${CPU[$key]:-}" ]] && echo "  ${TITLE[$target]}${suffix:+ (round ${suffix#\#})}: ${CPU[$key]}"
  done
  if ((FAILED)); then
    echo
    echo "NOTE: at least one target failed or answered with errors; its figures (if any) are not comparable throughput."
  fi
} | tee "$result_file"
echo "(written to ${result_file#"$ROOT"/})"
exit "$FAILED"
