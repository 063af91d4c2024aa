#!/usr/bin/env bash
# Broadcast benchmark: one POST /v1/notify with a live key to N subscribed devices, Clarion sending to a mock
# APNs (HTTP/2 over TLS, Clarion's own simulator in a process of its own), next to h2load sending the same
# push N times to the same mock in the same run. Prints deliveries/s for both, their ratio and Clarion's peak
# RSS, and writes the same table to bench/results/broadcast-<date>.txt. See bench/README.md.
# Not a test: it only prints figures (exit 1 if either sender failed or had errors).
#
#   bash bench/broadcast/run.sh
#   BENCH_DEVICES=1000000 bash bench/broadcast/run.sh
set -uo pipefail
# shellcheck source=../lib.sh
source "$(dirname "$0")/../lib.sh"

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 1

DEVICES=${BENCH_DEVICES:-100000}
H2_CLIENTS=${BENCH_H2LOAD_CLIENTS:-4}
H2_STREAMS=${BENCH_H2LOAD_STREAMS:-250}
PHASE_TIMEOUT=${BENCH_TIMEOUT:-900}
PG_HOST=${BENCH_PG_HOST:-127.0.0.1}
PG_PORT=${BENCH_PG_PORT:-5432}
PG_USER=${BENCH_PG_USER:-postgres}
START_TIMEOUT=${BENCH_START_TIMEOUT:-90}
RESULTS_DIR="$ROOT/bench/results"
TITLE='Bench'
BODY='Hello from the bench'

case "$PG_HOST" in 127.0.0.1 | localhost | ::1) ;; *) echo "BENCH_PG_HOST must be a loopback address (got $PG_HOST)" >&2; exit 2 ;; esac
[[ "$DEVICES" =~ ^[1-9][0-9]*$ ]] || { echo "BENCH_DEVICES must be a positive integer (got $DEVICES)" >&2; exit 2; }
[[ "$PHASE_TIMEOUT" =~ ^[1-9][0-9]*$ ]] || { echo "BENCH_TIMEOUT must be whole seconds (got $PHASE_TIMEOUT)" >&2; exit 2; }

# --- tools -------------------------------------------------------------------------------------------
if ! command -v h2load >/dev/null 2>&1; then
  echo "h2load not found; installing nghttp2-client with apt-get" >&2
  if ! apt-get install -y nghttp2-client >/dev/null 2>&1; then
    apt-get update >/dev/null 2>&1 && apt-get install -y nghttp2-client >/dev/null 2>&1
  fi
  command -v h2load >/dev/null 2>&1 || { echo "could not install h2load (nghttp2-client)" >&2; exit 2; }
fi
for tool in curl node psql; do
  command -v "$tool" >/dev/null 2>&1 || { echo "$tool not found" >&2; exit 2; }
done

# --- bookkeeping and cleanup -------------------------------------------------------------------------
STARTED_AT=$(date -Is)
STAMP=$(date +%Y-%m-%d-%H%M%S)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/clarion-bcast.XXXXXX")
PIDS=()
DATABASE=
SAMPLER_PID=
CPU_SAMPLER_PID=

psql_db() { psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$DATABASE" -v ON_ERROR_STOP=1 -Atq "$@"; }


cleanup() {
  local pid
  for pid in "$SAMPLER_PID" "$CPU_SAMPLER_PID"; do [[ -n "$pid" ]] && { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; }; done
  for pid in "${PIDS[@]}"; do stop_pid "$pid"; done
  PIDS=()
  [[ -n "$DATABASE" ]] && drop_database "$DATABASE"
  DATABASE=
  if [[ -n "${BENCH_KEEP_LOGS:-}" ]]; then echo "logs kept in $WORK" >&2; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'echo "interrupted" >&2; exit 130' INT TERM

fail() { echo "$*" >&2; exit 1; }
random_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }
free_port() { node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
now() { date +%s.%N; }
json_field() { # file expression-on-j
  node -e "const j=JSON.parse(require('fs').readFileSync(process.argv[1],'utf8')); const v=($2); console.log(typeof v==='object'?JSON.stringify(v):v)" "$1"
}
status_kb() { awk -v f="$2:" '$1 == f {print $2}' "/proc/$1/status" 2>/dev/null; } # pid VmHWM|VmRSS
mb() { [[ -n "$1" ]] && awk -v k="$1" 'BEGIN{printf "%.0f MB", k / 1024}' || echo "?"; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.3f", b - a}'; }


# --- CPU accounting: utime+stime of every process, from /proc, before and after a measured phase -----
# A phase's "after" is every snapshot taken once a second during it plus one at its end, so processes that
# exit during the phase (PostgreSQL backends the pool closes when idle, neighbours) still count, up to the last
# second they were seen.
cpu_begin() { # name
  cpu_snapshot >"$WORK/$1.cpu0"
  : >"$WORK/$1.cpu1"
  ( while :; do cpu_snapshot >>"$WORK/$1.cpu1"; sleep 1; done ) &
  CPU_SAMPLER_PID=$!
}
cpu_end() { # name
  kill "$CPU_SAMPLER_PID" 2>/dev/null; wait "$CPU_SAMPLER_PID" 2>/dev/null; CPU_SAMPLER_PID=
  cpu_snapshot >>"$WORK/$1.cpu1"
}

# before after machine_before machine_after seconds extra_label extra_ticks -> one line of CPU figures.
# Clarion = the Clarion node process (and any child), mock = the mock APNs process, postgres = every
# process named postgres; extra = a process that has exited by the end (h2load), measured by the caller.
cpu_report() {
  awk -v clarion="${CLARION_PID:-none}" -v mock="$MOCK_PID" -v secs="$5" -v hz="$(getconf CLK_TCK)" -v mb="$3" -v ma="$4" \
    -v xlabel="$6" -v xticks="${7:-0}" -v ncores="$(nproc)" '
    FNR == NR { before[$1] = $3; next }
    { if (!($1 in ticks) || $3 > ticks[$1]) ticks[$1] = $3; parent[$1] = $2; comm[$1] = $4 }
    END {
      for (pid in ticks) {
        d = ticks[pid] - (pid in before ? before[pid] : 0)
        if (d <= 0) continue
        kind = "other"
        for (a = pid; a != "" && a != 0 && a != 1; a = parent[a]) {
          if (a == clarion) { kind = "clarion"; break }
          if (a == mock) { kind = "mock"; break }
        }
        if (kind == "other" && comm[pid] == "postgres") kind = "postgres"
        if (kind == "other" && xlabel != "" && (comm[pid] == xlabel || comm[pid] == "timeout")) continue # measured by the caller
        sum[kind] += d
        if (kind == "other") bycomm[comm[pid]] += d
      }
      top = ""
      for (k = 0; k < 2; k++) {
        best = ""; for (c in bycomm) if (best == "" || bycomm[c] > bycomm[best]) best = c
        if (best == "" || bycomm[best] * 100 / (hz * secs) < 5) break
        top = top (top == "" ? "" : ", ") sprintf("%s %.0f%%", best, bycomm[best] * 100 / (hz * secs)); delete bycomm[best]
      }
      split(mb, b, " "); split(ma, e, " ")
      busy = (e[1] - b[1]) - (e[2] - b[2]); all = e[1] - b[1]
      scale = 100 / (hz * secs)
      line = ""
      if (clarion != "none") line = sprintf("Clarion node %.0f%% | ", sum["clarion"] * scale)
      if (xlabel != "") line = line sprintf("%s %.0f%% | ", xlabel, xticks * scale)
      # Machine-wide busy time charged to no process seen: processes that lived less than a second, the
      # last second of those that exited, kernel time not charged to a process.
      counted = sum["clarion"] + sum["mock"] + sum["postgres"] + sum["other"] + xticks
      unattributed = (all > 0 ? ncores * 100 * busy / all : 0) - counted * scale; if (unattributed < 0) unattributed = 0
      printf "%smock APNs %.0f%% | postgres %.0f%% | everything else %.0f%%%s | not attributed %.0f%% | machine busy %.0f%% of %d cores\n",
        line, sum["mock"] * scale, sum["postgres"] * scale, sum["other"] * scale, (top == "" ? "" : " (" top ")"), unattributed,
        (all > 0 ? 100 * busy / all : 0), ncores
    }' "$1" "$2"
}

declare -A RATE SECS STATUS CPU EXTRA
FAILED=0
mock_accepted() { curl -fsS --max-time 10 "http://127.0.0.1:$MOCK_CONTROL/stats" | node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).accepted))"; }

# --- database, organization, key, devices ----------------------------------------------------------------
psql_admin -c 'SELECT 1' >/dev/null 2>&1 || fail "PostgreSQL at $PG_HOST:$PG_PORT is not reachable as $PG_USER"
DATABASE="clarion_bcast_$(random_hex 6)"
psql_admin -c "CREATE DATABASE \"$DATABASE\"" >"$WORK/createdb.log" 2>&1 || { cat "$WORK/createdb.log" >&2; DATABASE=; fail "CREATE DATABASE failed"; }
DB_URL="postgres://$PG_USER@$PG_HOST:$PG_PORT/$DATABASE"
echo "== database $DATABASE" >&2

CLI_ENV=(env -u DATA_DIR -u REDIS_URL -u APNS_TEAM_ID -u APNS_KEY_ID -u APNS_PRIVATE_KEY -u APNS_PRIVATE_KEY_PATH -u APNS_URL DATABASE_URL="$DB_URL" LOG_LEVEL=warn)
echo "  clarion org create / key create (applies the migrations) ..." >&2
timeout 120 "${CLI_ENV[@]}" npx --no clarion org create --name Bench --slug bench >"$WORK/org.json" 2>"$WORK/org.err" \
  || { sed 's/^/    /' "$WORK/org.err" >&2; fail "'clarion org create' failed"; }
timeout 120 "${CLI_ENV[@]}" npx --no clarion key create --org bench --kind live --name bench >"$WORK/key.json" 2>"$WORK/key.err" \
  || { sed 's/^/    /' "$WORK/key.err" >&2; fail "'clarion key create' failed"; }
API_KEY=$(json_field "$WORK/key.json" 'j.key') && [[ "$API_KEY" == svc_live_* ]] || fail "no live key in the output of 'clarion key create'"
ORG_ID=$(psql_db -c "SELECT id FROM organizations WHERE slug = 'bench'") && [[ -n "$ORG_ID" ]] || fail "organization 'bench' not found"

echo "  seeding $DEVICES devices, each subscribed to 'bench' ..." >&2
t0=$(now)
timeout "$PHASE_TIMEOUT" psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$DATABASE" -v ON_ERROR_STOP=1 -Atq \
  -c "WITH d AS (
        INSERT INTO devices (device_uuid, apns_token, platform)
        SELECT gen_random_uuid(), md5(i::text) || md5((i + 1)::text), 'ios' FROM generate_series(1, $DEVICES) AS i
        RETURNING device_uuid)
      INSERT INTO subscriptions (organization_id, device_uuid) SELECT '$ORG_ID'::uuid, device_uuid FROM d" \
  -c 'VACUUM ANALYZE devices' -c 'VACUUM ANALYZE subscriptions' >"$WORK/seed.log" 2>&1 \
  || { sed 's/^/    /' "$WORK/seed.log" >&2; fail "seeding failed"; }
SEEDED=$(psql_db -c "SELECT count(*) FROM subscriptions WHERE organization_id = '$ORG_ID'")
[[ "$SEEDED" == "$DEVICES" ]] || fail "seeded $SEEDED subscriptions, expected $DEVICES"
echo "  seeded in $(elapsed "$t0" "$(now)") s" >&2

# --- mock APNs ---------------------------------------------------------------------------------------------
MOCK_DIR="$WORK/mock"
mkdir -p "$MOCK_DIR"
node --import tsx "$HERE/mock-apns.ts" "$MOCK_DIR" $((3 * PHASE_TIMEOUT + 300)) >"$WORK/mock.log" 2>&1 &
MOCK_PID=$!
PIDS+=("$MOCK_PID")
for ((i = 0; i < START_TIMEOUT * 5; i++)); do
  [[ -f "$MOCK_DIR/ready.json" ]] && break
  kill -0 "$MOCK_PID" 2>/dev/null || break
  sleep 0.2
done
[[ -f "$MOCK_DIR/ready.json" ]] || { sed 's/^/    /' "$WORK/mock.log" >&2; fail "the mock APNs did not start"; }
MOCK_ORIGIN=$(json_field "$MOCK_DIR/ready.json" 'j.origin')
MOCK_CONTROL=$(json_field "$MOCK_DIR/ready.json" 'j.controlPort')
TEAM_ID=$(json_field "$MOCK_DIR/ready.json" 'j.teamId')
KEY_ID=$(json_field "$MOCK_DIR/ready.json" 'j.keyId')
TOPIC=$(json_field "$MOCK_DIR/ready.json" 'j.topic')
case "$MOCK_ORIGIN" in https://127.0.0.1:*) ;; *) fail "the mock is not on loopback ($MOCK_ORIGIN)" ;; esac
echo "== mock APNs at $MOCK_ORIGIN (pid $MOCK_PID)" >&2

# The payload Clarion builds for {"title":"Bench","body":"Hello from the bench","target":"all"}.
printf '{"aps":{"alert":{"title":"%s","body":"%s"}}}' "$TITLE" "$BODY" >"$WORK/payload.json"
DEVICE_TOKEN=$(printf '%s%s' "$(echo -n 1 | md5sum | cut -c1-32)" "$(echo -n 2 | md5sum | cut -c1-32)")

# --- h2load -------------------------------------------------------------------------------------------------
echo "== h2load: $DEVICES pushes, -c $H2_CLIENTS -m $H2_STREAMS" >&2
accepted0=$(mock_accepted)
cpu_begin h2; m0=$(machine_snapshot); t0=$(now)
(
  timeout "$PHASE_TIMEOUT" h2load -n "$DEVICES" -c "$H2_CLIENTS" -m "$H2_STREAMS" \
    -H "authorization: bearer $(cat "$MOCK_DIR/jwt.txt")" -H "apns-topic: $TOPIC" -H 'apns-push-type: alert' -H 'apns-priority: 10' \
    -H 'content-type: application/json' -H 'apns-id: 6f1e2d3c-4b5a-5968-8776-655443322110' \
    -d "$WORK/payload.json" "$MOCK_ORIGIN/3/device/$DEVICE_TOKEN" >"$WORK/h2load.txt" 2>&1
  echo "rc=$?" >>"$WORK/h2load.txt"
  times >"$WORK/h2load.times"
)
t1=$(now); m1=$(machine_snapshot); cpu_end h2
# The subshell's children times (second line of `times`): h2load, through timeout.
h2_ticks=$(awk -v hz="$(getconf CLK_TCK)" 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] } printf "%.0f", t * hz }' "$WORK/h2load.times")
CPU[h2load]=$(cpu_report "$WORK/h2.cpu0" "$WORK/h2.cpu1" "$m0" "$m1" "$(elapsed "$t0" "$t1")" h2load "$h2_ticks")
accepted1=$(mock_accepted)
# h2load says "finished in 6.01s" or, for short runs, "finished in 289.59ms".
h2_secs=$(awk '/^finished in /{ v = $3; sub(/,$/, "", v); if (v ~ /ms$/) { sub(/ms$/, "", v); v = v / 1000 } else if (v ~ /us$/) { sub(/us$/, "", v); v = v / 1000000 } else sub(/s$/, "", v); print v }' "$WORK/h2load.txt")
read -r h2_total _ h2_started _ h2_done _ h2_ok _ h2_failed _ h2_errored _ h2_timeout _ < <(sed -n 's/^requests: //p' "$WORK/h2load.txt" | tr -d ',')
h2_2xx=$(sed -n 's/^status codes: \([0-9]*\) 2xx.*/\1/p' "$WORK/h2load.txt")
h2_mock=$((accepted1 - accepted0))
if [[ -z "$h2_secs" || -z "${h2_ok:-}" ]]; then
  STATUS[h2load]="FAILED: no summary from h2load ($(tail -n1 "$WORK/h2load.txt"))"; FAILED=1
  sed 's/^/    /' "$WORK/h2load.txt" | tail -n 20 >&2
else
  SECS[h2load]=$h2_secs
  RATE[h2load]=$(awk -v n="$h2_ok" -v s="$h2_secs" 'BEGIN{printf "%.0f", n / s}')
  if [[ "$h2_ok" == "$DEVICES" && "$h2_2xx" == "$DEVICES" && "$h2_mock" == "$DEVICES" ]]; then
    STATUS[h2load]=ok
  else
    STATUS[h2load]="ERRORS: ${h2_ok} succeeded, ${h2_2xx:-?} 2xx, ${h2_failed:-?} failed, ${h2_errored:-?} errored, ${h2_timeout:-?} timeout, mock accepted ${h2_mock}"
    FAILED=1
    grep -E '^(requests|status codes):' "$WORK/h2load.txt" | sed 's/^/    /' >&2
  fi
fi
echo "  ${RATE[h2load]:-?} pushes/s, ${STATUS[h2load]}" >&2

# --- Clarion ------------------------------------------------------------------------------------------------
PORT=$(free_port)
env -u DATA_DIR -u REDIS_URL -u APNS_PRIVATE_KEY -u APNS_ENV \
  HOST=127.0.0.1 PORT="$PORT" DASHBOARD=off LOG_LEVEL=warn DATABASE_URL="$DB_URL" NOTIFY_WAIT_MS=$((PHASE_TIMEOUT * 1000)) \
  APNS_TEAM_ID="$TEAM_ID" APNS_KEY_ID="$KEY_ID" APNS_PRIVATE_KEY_PATH="$MOCK_DIR/provider-key.pem" APNS_TOPIC="$TOPIC" \
  APNS_URL="$MOCK_ORIGIN" NODE_EXTRA_CA_CERTS="$MOCK_DIR/ca.pem" \
  NODE_OPTIONS="${BENCH_CLARION_NODE_OPTIONS:-${NODE_OPTIONS:-}}" node --import tsx src/main.ts >"$WORK/clarion.log" 2>&1 &
CLARION_PID=$!
PIDS+=("$CLARION_PID")
echo "== Clarion on 127.0.0.1:$PORT (pid $CLARION_PID): FANOUT_CONCURRENCY=${FANOUT_CONCURRENCY:-1000 (default)} FANOUT_PAGE_SIZE=${FANOUT_PAGE_SIZE:-1000 (default)} APNS_CONNECTIONS=${APNS_CONNECTIONS:-4 (default)}" >&2
wait_healthy "http://127.0.0.1:$PORT/healthz" "$CLARION_PID" "$WORK/clarion.log" || fail "Clarion did not start"
sleep 1
RSS_IDLE=$(status_kb "$CLARION_PID" VmRSS)
HWM_IDLE=$(status_kb "$CLARION_PID" VmHWM)

# VmRSS of Clarion sampled every 0.2 s while it sends (the peak is also read from VmHWM at the end).
( max=0; while kill -0 "$CLARION_PID" 2>/dev/null; do
    r=$(status_kb "$CLARION_PID" VmRSS); [[ -n "$r" ]] && ((r > max)) && { max=$r; echo "$max" >"$WORK/rss.max"; }
    sleep 0.2
  done ) &
SAMPLER_PID=$!

echo "  POST /v1/notify to $DEVICES devices ..." >&2
accepted0=$(mock_accepted)
cpu_begin c; m0=$(machine_snapshot); t0=$(now)
http=$(curl -sS --max-time "$PHASE_TIMEOUT" -o "$WORK/notify.json" -w '%{http_code}' -X POST "http://127.0.0.1:$PORT/v1/notify" \
  -H "authorization: Bearer $API_KEY" -H 'content-type: application/json' \
  -d "{\"title\":\"$TITLE\",\"body\":\"$BODY\",\"target\":\"all\"}" 2>"$WORK/notify.err")
# A 202 ("sending") means it outlived NOTIFY_WAIT_MS: poll its record until it is no longer sending.
if [[ "$http" == 202 ]]; then
  id=$(json_field "$WORK/notify.json" 'j.id')
  deadline=$((SECONDS + PHASE_TIMEOUT))
  while ((SECONDS < deadline)); do
    http=$(curl -sS --max-time 10 -o "$WORK/notify.json" -w '%{http_code}' -H "authorization: Bearer $API_KEY" "http://127.0.0.1:$PORT/v1/notifications/$id")
    [[ "$http" == 200 && "$(json_field "$WORK/notify.json" 'j.status')" != sending ]] && break
    sleep 0.1
  done
fi
t1=$(now); m1=$(machine_snapshot); cpu_end c
CPU[clarion]=$(cpu_report "$WORK/c.cpu0" "$WORK/c.cpu1" "$m0" "$m1" "$(elapsed "$t0" "$t1")" "" 0)
accepted1=$(mock_accepted)
HWM_END=$(status_kb "$CLARION_PID" VmHWM)
RSS_END=$(status_kb "$CLARION_PID" VmRSS)
kill "$SAMPLER_PID" 2>/dev/null; wait "$SAMPLER_PID" 2>/dev/null; SAMPLER_PID=
RSS_SAMPLED=$(cat "$WORK/rss.max" 2>/dev/null)
MOCK_HWM=$(status_kb "$MOCK_PID" VmHWM)
c_mock=$((accepted1 - accepted0))
c_secs=$(elapsed "$t0" "$t1")
SECS[clarion]=$c_secs

if [[ "$http" != 200 ]] || ! json_field "$WORK/notify.json" 'j.sent' >/dev/null 2>&1; then
  STATUS[clarion]="FAILED: HTTP ${http:-none} $(head -c 300 "$WORK/notify.json" 2>/dev/null) $(cat "$WORK/notify.err")"; FAILED=1
else
  c_status=$(json_field "$WORK/notify.json" 'j.status')
  c_sent=$(json_field "$WORK/notify.json" 'j.sent')
  c_failed=$(json_field "$WORK/notify.json" 'j.failed')
  c_recipients=$(json_field "$WORK/notify.json" 'j.recipients')
  c_failures=$(json_field "$WORK/notify.json" 'j.failures')
  c_server_ms=$(json_field "$WORK/notify.json" 'j.timing.durationMs')
  RATE[clarion]=$(awk -v n="$c_sent" -v s="$c_secs" 'BEGIN{printf "%.0f", n / s}')
  EXTRA[clarion]="server-side timing.durationMs ${c_server_ms} ms ($(awk -v n="$c_sent" -v ms="$c_server_ms" 'BEGIN{ if (ms > 0) printf "%.0f", n * 1000 / ms; else printf "?" }') deliveries/s); recipients ${c_recipients}, sent ${c_sent}, failed ${c_failed}, mock accepted ${c_mock}"
  if [[ "$c_status" == completed && "$c_sent" == "$DEVICES" && "$c_failed" == 0 && "$c_mock" == "$DEVICES" ]]; then
    STATUS[clarion]=ok
  else
    STATUS[clarion]="ERRORS: status ${c_status}, sent ${c_sent}, failed ${c_failed}, failures ${c_failures}, mock accepted ${c_mock}"
    FAILED=1
  fi
fi
echo "  ${RATE[clarion]:-?} deliveries/s, ${STATUS[clarion]}" >&2

stop_pid "$CLARION_PID"
if grep -qiE 'error|warn' "$WORK/clarion.log"; then
  echo "  Clarion's log had warnings/errors (first lines):" >&2; grep -iE 'error|warn' "$WORK/clarion.log" | head -n 5 | sed 's/^/    /' >&2
fi

# The fan-out's page query at the start, middle and end of the audience (EXPLAIN ANALYZE, after the broadcast).
echo "  EXPLAIN ANALYZE of one page of the recipient query ..." >&2
timeout 300 node --import tsx "$HERE/explain-page.ts" "$DB_URL" "$ORG_ID" "${FANOUT_PAGE_SIZE:-1000}" 0 0.5 0.9 >"$WORK/explain.txt" 2>&1 \
  || { echo "  (explain-page.ts failed)" >&2; sed 's/^/    /' "$WORK/explain.txt" | tail -n 5 >&2; echo "failed; see stderr" >"$WORK/explain.txt"; }

# --- report ---------------------------------------------------------------------------------------------------
mkdir -p "$RESULTS_DIR"
result_file="$RESULTS_DIR/broadcast-$STAMP.txt"
pg_version=$(psql_admin -c 'SHOW server_version' 2>/dev/null || echo '?')
commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')
[[ -n "$(git -C "$ROOT" status --porcelain -- src prisma package.json 2>/dev/null)" ]] && commit="$commit (work tree modified)"
ratio="-"
[[ -n "${RATE[clarion]:-}" && -n "${RATE[h2load]:-}" ]] && ratio=$(awk -v a="${RATE[clarion]}" -v b="${RATE[h2load]}" 'BEGIN{printf "%.3f", a / b}')

{
  echo "Clarion broadcast benchmark: one POST /v1/notify (live key, target all) to $DEVICES devices, vs h2load, both to the same mock APNs"
  echo "started $STARTED_AT | commit $commit | node $(node -v) | PostgreSQL $pg_version | $(h2load --version 2>/dev/null | head -n1) | $(nproc) cores | load avg $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "Clarion: FANOUT_CONCURRENCY=${FANOUT_CONCURRENCY:-1000} FANOUT_PAGE_SIZE=${FANOUT_PAGE_SIZE:-1000} APNS_CONNECTIONS=${APNS_CONNECTIONS:-4}${BENCH_CLARION_NODE_OPTIONS:+ NODE_OPTIONS=$BENCH_CLARION_NODE_OPTIONS}; h2load -n $DEVICES -c $H2_CLIENTS -m $H2_STREAMS (one device token)"
  echo
  {
    echo "sender|deliveries|seconds|deliveries/s|ratio to h2load|peak RSS|status"
    echo "h2load|${h2_ok:--}|${SECS[h2load]:--}|${RATE[h2load]:--}|1.000|-|${STATUS[h2load]:-not run}"
    echo "Clarion|${c_sent:--}|${SECS[clarion]:--}|${RATE[clarion]:--}|$ratio|$(mb "$HWM_END")|${STATUS[clarion]:-not run}"
  } | column -t -s '|' -o ' | '
  echo
  echo "Clarion seconds: POST /v1/notify until its answer with the finished broadcast (curl's view). ${EXTRA[clarion]:-}"
  echo "Clarion memory: peak RSS = VmHWM of the node process after the broadcast (before it: $(mb "$HWM_IDLE") peak, $(mb "$RSS_IDLE") resident when idle; highest VmRSS sampled every 0.2 s while sending: $(mb "$RSS_SAMPLED"); at the end $(mb "$RSS_END")). Mock APNs peak RSS $(mb "$MOCK_HWM")."
  echo "h2load seconds: its own 'finished in'."
  echo
  echo "One page (${FANOUT_PAGE_SIZE:-1000} rows) of the fan-out's recipient query, by cursor position in the audience (EXPLAIN ANALYZE after the broadcast):"
  sed 's/^/  /' "$WORK/explain.txt"
  echo
  echo "CPU over each measured phase (100% = one core; a process can exceed it):"
  [[ -n "${CPU[h2load]:-}" ]] && echo "  h2load:  ${CPU[h2load]}"
  [[ -n "${CPU[clarion]:-}" ]] && echo "  Clarion: ${CPU[clarion]}"
  if ((FAILED)); then
    echo
    echo "NOTE: at least one sender failed or had errors; its figures (if any) are not comparable throughput."
  fi
} | tee "$result_file"
echo "(written to ${result_file#"$ROOT"/})"
exit "$FAILED"
