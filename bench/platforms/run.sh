#!/usr/bin/env bash
# Broadcast benchmark per platform: for Android (FCM) and browsers (Web Push), ONE POST /v1/notify with a live key to
# BENCH_DEVICES devices of that platform only, Clarion (`node scripts/start.mjs`, what `npm start` runs, on the
# machine's PostgreSQL) sending to the platform's stand-in (Clarion's own simulator, in a process of its own).
# Prints pushes/s, Clarion's CPU per push (the server and its forked workers), the stand-in's CPU per push and its
# CPU%, Clarion's peak PSS, and whether the stand-in accepted each device's push exactly once; writes the table to
# bench/results/platforms-<date>.txt. iOS is bench/broadcast/run.sh's (pointed to, not repeated). See bench/README.md.
# Not a test: exit 1 if a run failed or a count was not exactly BENCH_DEVICES.
#
#   bash bench/platforms/run.sh
#   BENCH_DEVICES=2000 BENCH_PLATFORMS=web bash bench/platforms/run.sh
set -uo pipefail
# shellcheck source=../lib.sh
source "$(dirname "$0")/../lib.sh"

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 1

DEVICES=${BENCH_DEVICES:-100000}
WORKERS=${BENCH_WORKERS:-$(nproc)}
PLATFORMS_LIST=${BENCH_PLATFORMS:-android web}
AUDIENCE=${BENCH_AUDIENCE:-received}
PHASE_TIMEOUT=${BENCH_TIMEOUT:-900}
PG_HOST=${BENCH_PG_HOST:-127.0.0.1}
PG_PORT=${BENCH_PG_PORT:-5432}
PG_USER=${BENCH_PG_USER:-postgres}
START_TIMEOUT=${BENCH_START_TIMEOUT:-90}
PSS_INTERVAL=0.25
POLL_INTERVAL=0.25
RESULTS_DIR="$ROOT/bench/results"
TITLE='Bench'
BODY='Hello from the bench'

case "$PG_HOST" in 127.0.0.1 | localhost | ::1) ;; *) echo "BENCH_PG_HOST must be a loopback address (got $PG_HOST)" >&2; exit 2 ;; esac
positive BENCH_DEVICES "$DEVICES"
positive BENCH_TIMEOUT "$PHASE_TIMEOUT"
[[ "$WORKERS" =~ ^[0-9]+$ ]] || { echo "BENCH_WORKERS must be one whole number, FANOUT_WORKERS (got '$WORKERS')" >&2; exit 2; }
[[ "$AUDIENCE" == received || "$AUDIENCE" == new ]] || { echo "BENCH_AUDIENCE must be received or new" >&2; exit 2; }
check_device_uuids
read -r -a PLATFORMS <<<"$PLATFORMS_LIST"
((${#PLATFORMS[@]})) || { echo "BENCH_PLATFORMS must name at least one platform" >&2; exit 2; }
for p in "${PLATFORMS[@]}"; do [[ "$p" == android || "$p" == web ]] || { echo "BENCH_PLATFORMS: android and/or web (got '$p'; iOS is bench/broadcast/run.sh)" >&2; exit 2; }; done
for tool in curl node psql column; do command -v "$tool" >/dev/null 2>&1 || { echo "$tool not found" >&2; exit 2; }; done
[[ -f node_modules/tsx/package.json ]] || { echo "node_modules is missing (npm ci)" >&2; exit 2; }

# --- bookkeeping and cleanup -------------------------------------------------------------------------
STARTED_AT=$(date -Is)
STAMP=$(date +%Y-%m-%d-%H%M%S)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/clarion-platforms.XXXXXX")
PIDS=()           # stand-ins and Clarion, stopped by pid on exit
CLARION_TREE=     # the forked workers of the running Clarion, stopped by pid if they outlive it
DATABASE=
PSS_SAMPLER_PID=
CPU_SAMPLER_PID=

cleanup() {
  local pid
  stop_samplers_and_pids
  for pid in $CLARION_TREE; do kill -0 "$pid" 2>/dev/null && kill -TERM "$pid" 2>/dev/null; done
  remove_database_and_work
}
trap cleanup EXIT
trap 'echo "interrupted" >&2; exit 130' INT TERM

HZ=$(getconf CLK_TCK)
NCORES=$(nproc)

declare -A RATE SECS SENT FAILS C_US C_PCT S_US S_PCT PG_PCT OTHER_PCT BUSY PSS_IDLE PSS_PEAK ACCEPTED ONCE STATUS DETAIL LIMIT
FAILED=0

# --- database --------------------------------------------------------------------------------------------
psql_admin -c 'SELECT 1' >/dev/null 2>&1 || fail "PostgreSQL at $PG_HOST:$PG_PORT is not reachable as $PG_USER"
DATABASE="clarion_plat_$(random_hex 6)"
psql_admin -c "CREATE DATABASE \"$DATABASE\"" >"$WORK/createdb.log" 2>&1 || { cat "$WORK/createdb.log" >&2; DATABASE=; fail "CREATE DATABASE failed"; }
DB_URL="postgres://$PG_USER@$PG_HOST:$PG_PORT/$DATABASE"
echo "== database $DATABASE" >&2
CLI_ENV=(env -u DATA_DIR -u REDIS_URL -u APNS_TEAM_ID -u APNS_KEY_ID -u APNS_PRIVATE_KEY -u APNS_PRIVATE_KEY_PATH -u APNS_URL
  -u FCM_CREDENTIALS -u FCM_CREDENTIALS_PATH -u FCM_URL -u VAPID_PUBLIC_KEY -u VAPID_PRIVATE_KEY DATABASE_URL="$DB_URL" LOG_LEVEL=warn)

# --- one platform: stand-in, organization and key, audience, Clarion, one broadcast --------------------------
run_platform() { # android|web
  local p=$1 dir="$WORK/$p" standin port pid http id deadline t0 t1 m0 m1 f status finished_ms stats i
  local -a clarion_env
  mkdir -p "$dir"
  echo "== $p: the $([[ $p == android ]] && echo FCM || echo 'Web Push') stand-in, $DEVICES devices" >&2
  node --import tsx "$HERE/stand-in.ts" "$p" "$dir" "$DEVICES" $((2 * PHASE_TIMEOUT + 600)) >"$WORK/standin-$p.log" 2>&1 &
  standin=$!
  PIDS+=("$standin")
  for ((i = 0; i < (START_TIMEOUT + PHASE_TIMEOUT) * 5; i++)); do
    [[ -f "$dir/ready.json" ]] && break
    kill -0 "$standin" 2>/dev/null || break
    sleep 0.2
  done
  if [[ ! -f "$dir/ready.json" ]]; then
    sed 's/^/    /' "$WORK/standin-$p.log" >&2
    STATUS[$p]="FAILED: the stand-in did not start"; FAILED=1; return
  fi
  local origin control
  origin=$(json_field "$dir/ready.json" 'j.origin')
  control=$(json_field "$dir/ready.json" 'j.controlPort')
  case "$origin" in https://127.0.0.1:*) ;; *) STATUS[$p]="FAILED: the stand-in is not on loopback ($origin)"; FAILED=1; return ;; esac
  standin_stats() { curl -fsS --max-time 60 "http://127.0.0.1:$control/stats"; }
  echo "  stand-in at $origin (pid $standin)" >&2

  echo "  organization bench-$p, live key, $DEVICES $p devices subscribed to it ..." >&2
  timeout 120 "${CLI_ENV[@]}" npx --no clarion org create --name "Bench $p" --slug "bench-$p" >"$WORK/org-$p.json" 2>"$WORK/org-$p.err" \
    || { sed 's/^/    /' "$WORK/org-$p.err" >&2; STATUS[$p]="FAILED: clarion org create"; FAILED=1; return; }
  timeout 120 "${CLI_ENV[@]}" npx --no clarion key create --org "bench-$p" --kind live --name bench >"$WORK/key-$p.json" 2>"$WORK/key-$p.err" \
    || { sed 's/^/    /' "$WORK/key-$p.err" >&2; STATUS[$p]="FAILED: clarion key create"; FAILED=1; return; }
  local api_key org_id
  api_key=$(json_field "$WORK/key-$p.json" 'j.key')
  [[ "$api_key" == svc_live_* ]] || { STATUS[$p]="FAILED: no live key from clarion key create"; FAILED=1; return; }
  org_id=$(psql_db -c "SELECT id FROM organizations WHERE slug = 'bench-$p'")
  [[ -n "$org_id" ]] || { STATUS[$p]="FAILED: organization bench-$p not found"; FAILED=1; return; }
  # The stand-in's rows (tokens or subscriptions) into a staging table, then devices and subscriptions in one
  # statement, as bench/broadcast seeds its audience. BENCH_AUDIENCE=received (the default): devices that received a
  # push before (devices.first_delivered_at), so the one-time first-delivery bookkeeping is not part of the run.
  local t_seed; t_seed=$(now)
  timeout "$PHASE_TIMEOUT" psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$DATABASE" -v ON_ERROR_STOP=1 -Atq >"$WORK/seed-$p.log" 2>&1 <<SQL || { sed 's/^/    /' "$WORK/seed-$p.log" >&2; STATUS[$p]="FAILED: seeding"; FAILED=1; return; }
CREATE TEMP TABLE seed (platform "Platform", fcm_token text, web_push_endpoint text, web_push_p256dh bytea, web_push_auth bytea);
\copy seed FROM '$dir/devices.tsv'
WITH d AS (
  INSERT INTO devices (device_uuid, platform, fcm_token, web_push_endpoint, web_push_p256dh, web_push_auth, first_delivered_at)
  SELECT $(device_uuid_sql n "$DEVICES" "${BENCH_DEVICE_UUIDS:-v7}"), platform, fcm_token, web_push_endpoint, web_push_p256dh, web_push_auth,
         $([[ "$AUDIENCE" == received ]] && echo "now() - interval '1 day'" || echo NULL)
  FROM (SELECT *, row_number() OVER () AS n FROM seed) seed
  RETURNING device_uuid)
INSERT INTO subscriptions (organization_id, device_uuid) SELECT '$org_id'::uuid, device_uuid FROM d;
VACUUM ANALYZE devices;
VACUUM ANALYZE subscriptions;
SQL
  local seeded
  seeded=$(psql_db -c "SELECT count(*) FROM subscriptions s JOIN devices d USING (device_uuid) WHERE s.organization_id = '$org_id' AND d.platform = '$p'")
  [[ "$seeded" == "$DEVICES" ]] || { STATUS[$p]="FAILED: seeded $seeded subscribed $p devices, expected $DEVICES"; FAILED=1; return; }
  echo "  seeded in $(awk -v a="$t_seed" -v b="$(now)" 'BEGIN{printf "%.1f", b - a}') s" >&2

  # --- Clarion ---
  port=$(free_port)
  clarion_env=(HOST=127.0.0.1 PORT="$port" DASHBOARD=off LOG_LEVEL=warn DATABASE_URL="$DB_URL" NOTIFY_WAIT_MS=0
    NOTIFY_PER_MINUTE=0 DEVICE_REGISTRATIONS_PER_MINUTE=0 SUBSCRIPTIONS_PER_MINUTE=0 FANOUT_WORKERS="$WORKERS" FANOUT_WORKER_IDLE_SECONDS=0 NODE_EXTRA_CA_CERTS="$dir/ca.pem")
  if [[ $p == android ]]; then
    # The project's quota lifted (as the per-minute limits are): the bench measures the sender, not Google's pacing.
    clarion_env+=(FCM_CREDENTIALS="$(cat "$dir/credentials.json")" FCM_URL="$origin" FCM_MESSAGES_PER_MINUTE="${BENCH_FCM_PER_MINUTE:-100000000}")
  else
    clarion_env+=(VAPID_PUBLIC_KEY="$(json_field "$dir/vapid.json" 'j.publicKey')" VAPID_PRIVATE_KEY="$(json_field "$dir/vapid.json" 'j.privateKey')"
      VAPID_SUBJECT=mailto:bench@localhost WEB_PUSH_ALLOW_PRIVATE=true)
  fi
  env -u DATA_DIR -u REDIS_URL -u APNS_TEAM_ID -u APNS_KEY_ID -u APNS_PRIVATE_KEY -u APNS_PRIVATE_KEY_PATH -u APNS_URL -u APNS_ENV \
    -u FCM_CREDENTIALS -u FCM_CREDENTIALS_PATH -u FCM_URL -u VAPID_PUBLIC_KEY -u VAPID_PRIVATE_KEY -u VAPID_SUBJECT -u WEB_PUSH_HOSTS \
    -u WEB_PUSH_ALLOW_PRIVATE "${clarion_env[@]}" node scripts/start.mjs >"$WORK/clarion-$p.log" 2>&1 &
  pid=$!
  PIDS+=("$pid")
  echo "  Clarion (node scripts/start.mjs, FANOUT_WORKERS=$WORKERS) on 127.0.0.1:$port (pid $pid)" >&2
  if ! wait_healthy "http://127.0.0.1:$port/healthz" "$pid" "$WORK/clarion-$p.log"; then
    STATUS[$p]="FAILED: Clarion did not start"; FAILED=1
    stop_and_forget "$pid"
    return
  fi
  sleep 2
  # Forked workers load their modules for a second or more of CPU each: wait until the tree is idle, so that neither
  # the idle reading nor the run counts their start-up.
  wait_tree_idle "$pid"
  CLARION_TREE=$(descendants_of "$pid" | tr '\n' ' ')
  local idle_procs peak_procs samples
  read -r PSS_IDLE[$p] _ idle_procs <<<"$(tree_kb smaps_rollup Pss "$pid" postgres)"
  stats=$(standin_stats) || { STATUS[$p]="FAILED: the stand-in's /stats did not answer"; FAILED=1; return; }
  local accepted0; accepted0=$(node -p "JSON.parse(process.argv[1]).accepted" "$stats")

  # --- the broadcast: POST, then GET /v1/notifications/<id> until it is no longer sending ---
  echo "  POST /v1/notify to $DEVICES $p devices ..." >&2
  f="$WORK/notify-$p.json"
  pss_watch_begin "$p" "$pid" postgres
  cpu_begin "$p"; m0=$(machine_snapshot); t0=$(now)
  http=$(curl -sS --max-time 60 -o "$f" -w '%{http_code}' -X POST "http://127.0.0.1:$port/v1/notify" \
    -H "authorization: Bearer $api_key" -H 'content-type: application/json' \
    -d "{\"title\":\"$TITLE\",\"body\":\"$BODY\",\"target\":\"all\"}" 2>"$WORK/notify-$p.err")
  if [[ "$http" == 200 || "$http" == 202 ]] && id=$(json_field "$f" 'j.id') && [[ -n "$id" && "$id" != null ]]; then
    deadline=$((SECONDS + PHASE_TIMEOUT))
    status=$(json_field "$f" 'j.status')
    # The status read with bash, not node: a node process a poll would cost the machine about as much as a worker.
    while [[ "$status" == sending ]] && ((SECONDS < deadline)); do
      sleep "$POLL_INTERVAL"
      http=$(curl -sS --max-time 10 -o "$f" -w '%{http_code}' -H "authorization: Bearer $api_key" "http://127.0.0.1:$port/v1/notifications/$id" 2>>"$WORK/notify-$p.err")
      [[ "$http" == 200 && "$(<"$f")" =~ \"status\":\"([a-z]+)\" ]] && status=${BASH_REMATCH[1]}
    done
  fi
  t1=$(now); m1=$(machine_snapshot); cpu_end "$p"
  tree_kb smaps_rollup Pss "$pid" postgres >>"$WORK/$p.pss"
  read -r PSS_PEAK[$p] _ peak_procs samples <<<"$(pss_watch_end "$p")"
  stats=$(standin_stats) || stats='{}'
  echo "$stats" >"$WORK/stats-$p.json"
  local hwm; hwm=$(tree_kb status VmHWM "$pid" postgres | cut -d' ' -f1)

  # --- figures ---
  local secs_window cl st pg other top busy
  secs_window=$(elapsed "$t0" "$t1")
  read -r cl st pg other top <<<"$(cpu_split "$WORK/$p.cpu0" "$WORK/$p.cpu1" "$pid" "$standin")"
  busy=$(awk -v b="$m0" -v e="$m1" 'BEGIN{ split(b, x, " "); split(e, y, " "); all = y[1] - x[1]; idle = y[2] - x[2]; if (all > 0) printf "%.0f", 100 * (all - idle) / all; else print "?" }')
  local acc once never more unknown
  acc=$(json_field "$WORK/stats-$p.json" "(j.accepted ?? NaN) - $accepted0")
  once=$(json_field "$WORK/stats-$p.json" 'j.once'); never=$(json_field "$WORK/stats-$p.json" 'j.never')
  more=$(json_field "$WORK/stats-$p.json" 'j.more'); unknown=$(json_field "$WORK/stats-$p.json" 'j.unknown')
  ACCEPTED[$p]=$acc
  ONCE[$p]=$([[ "$once" == "$DEVICES" && "$never" == 0 && "$more" == 0 && "$unknown" == 0 ]] && echo yes || echo "NO (${once} once, ${never} none, ${more} more, ${unknown} unknown)")
  pct() { awk -v t="$1" -v hz="$HZ" -v s="$secs_window" 'BEGIN{ if (s > 0) printf "%.0f%%", t * 100 / hz / s; else print "?" }'; }
  C_PCT[$p]=$(pct "$cl"); S_PCT[$p]=$(pct "$st"); PG_PCT[$p]=$(pct "$pg"); OTHER_PCT[$p]=$(pct "$other"); BUSY[$p]="${busy}%"
  local others=""
  if [[ "$top" != - ]]; then others=$(echo "$top" | tr ',' '\n' | awk -F: -v hz="$HZ" -v s="$secs_window" '{ printf "%s%s %.0f%%", (NR > 1 ? ", " : ""), $1, $2 * 100 / hz / s }'); fi

  if [[ "$http" != 200 ]] || ! json_field "$f" 'j.sent' >/dev/null 2>&1; then
    STATUS[$p]="FAILED: HTTP ${http:-none} $(head -c 300 "$f" 2>/dev/null) $(head -c 300 "$WORK/notify-$p.err")"; FAILED=1
  else
    status=$(json_field "$f" 'j.status')
    SENT[$p]=$(json_field "$f" 'j.sent'); FAILS[$p]=$(json_field "$f" 'j.failed')
    local by_sent recipients failures server_ms
    by_sent=$(json_field "$f" "j.byPlatform?.['$p']?.sent")
    recipients=$(json_field "$f" 'j.recipients'); failures=$(json_field "$f" 'j.failures'); server_ms=$(json_field "$f" 'j.timing?.durationMs')
    finished_ms=$(json_field "$f" 'j.finishedAt ? Date.parse(j.finishedAt) : ""')
    if [[ -n "$finished_ms" ]]; then
      SECS[$p]=$(awk -v a="$t0" -v b="$finished_ms" 'BEGIN{printf "%.3f", b / 1000 - a}')
      RATE[$p]=$(awk -v n="$DEVICES" -v s="${SECS[$p]}" 'BEGIN{ if (s > 0) printf "%.0f", n / s; else print "?" }')
    fi
    C_US[$p]=$(awk -v t="$cl" -v hz="$HZ" -v n="${SENT[$p]}" 'BEGIN{ if (n > 0) printf "%.1f", t * 1e6 / hz / n; else print "-" }')
    S_US[$p]=$(awk -v t="$st" -v hz="$HZ" -v n="$acc" 'BEGIN{ if (n > 0) printf "%.1f", t * 1e6 / hz / n; else print "-" }')
    DETAIL[$p]="status $status, recipients $recipients, sent ${SENT[$p]} (byPlatform.$p.sent $by_sent), failed ${FAILS[$p]} $failures; server timing.durationMs $server_ms; measured window (POST to the poll that saw it end) ${secs_window} s; stand-in requests $(json_field "$WORK/stats-$p.json" 'j.requests')$([[ $p == android ]] && echo ", access tokens issued $(json_field "$WORK/stats-$p.json" 'j.tokensIssued')"), stand-in VmHWM $(mb "$(json_field "$WORK/stats-$p.json" 'j.vmHwmKb')"); Clarion processes: ${idle_procs} idle, ${peak_procs} at the PSS peak (of ${samples} samples), summed VmHWM $(mb "$hwm"); CPU: postgres ${PG_PCT[$p]}, everything else ${OTHER_PCT[$p]}${others:+ ($others)}, machine busy ${busy}% of $NCORES cores"
    if [[ "$status" == completed && "${SENT[$p]}" == "$DEVICES" && "${FAILS[$p]}" == 0 && "$by_sent" == "$DEVICES" && "$acc" == "$DEVICES" && "${ONCE[$p]}" == yes && -n "${RATE[$p]:-}" ]]; then
      STATUS[$p]=ok
    else
      STATUS[$p]="ERRORS: status $status, sent ${SENT[$p]}, failed ${FAILS[$p]} $failures, stand-in accepted $acc, exactly once ${ONCE[$p]}"; FAILED=1
    fi
  fi
  # Was the stand-in the limit? It is one node process: one core at most.
  LIMIT[$p]=$(awk -v s="${S_PCT[$p]%\%}" -v c="${C_PCT[$p]%\%}" -v b="$busy" -v n="$NCORES" 'BEGIN{
    if (s >= 90) printf "the stand-in (%d%% of its one core) was the limit", s
    else if (b >= 90) printf "the machine was (%d%% busy of %d cores; stand-in %d%%, Clarion %d%%): all share its cores", b, n, s, c
    else printf "neither the stand-in (%d%%) nor the machine (%d%% busy) was saturated", s, b }')
  echo "  ${RATE[$p]:-?} pushes/s, Clarion ${C_US[$p]:-?} µs/push, stand-in ${S_US[$p]:-?} µs/push (${S_PCT[$p]}), peak PSS $(mb "${PSS_PEAK[$p]}"), ${STATUS[$p]}" >&2

  # --- stop Clarion (its forked workers must leave with it) and the stand-in ---
  stop_and_forget "$pid"
  # shellcheck disable=SC2086 # one pid a word
  stop_leftovers $CLARION_TREE || DETAIL[$p]="${DETAIL[$p]:-}; a child process outlived the main one"
  CLARION_TREE=
  stop_and_forget "$standin"
  # Its start-up notes on what is not configured (APNs, FCM or Web Push of the other runs, webhooks) are expected.
  local noted='no APNs credentials|no FCM credentials|Web Push is off|webhooks are off'
  if grep -iE 'error|warn' "$WORK/clarion-$p.log" | grep -qvE "$noted"; then
    echo "  Clarion's log had warnings/errors (first lines):" >&2; grep -iE 'error|warn' "$WORK/clarion-$p.log" | grep -vE "$noted" | head -n 5 | cut -c1-300 | sed 's/^/    /' >&2
    DETAIL[$p]="${DETAIL[$p]:-}; Clarion logged $(grep -iE 'error|warn' "$WORK/clarion-$p.log" | grep -cvE "$noted") warning/error line(s)"
  fi
  if [[ "${STATUS[$p]}" != ok ]]; then
    echo "  last lines of Clarion's log:" >&2; tail -n 10 "$WORK/clarion-$p.log" | cut -c1-300 | sed 's/^/    /' >&2
  fi
}

for p in "${PLATFORMS[@]}"; do run_platform "$p"; done

# --- report ---------------------------------------------------------------------------------------------------
mkdir -p "$RESULTS_DIR"
result_file="$RESULTS_DIR/platforms-$STAMP.txt"
pg_version=$(psql_admin -c 'SHOW server_version' 2>/dev/null || echo '?')
commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')
[[ -n "$(git -C "$ROOT" status --porcelain -- src prisma package.json 2>/dev/null)" ]] && commit="$commit (work tree modified)"
ios_file=$(ls -1t "$RESULTS_DIR"/broadcast-*.txt 2>/dev/null | head -n 1)
{
  echo "Clarion broadcast per platform: one POST /v1/notify (live key, target all) to $DEVICES devices of one platform, Clarion to that platform's stand-in"
  echo "started $STARTED_AT | commit $commit | node $(node -v) | PostgreSQL $pg_version | $NCORES cores | load avg $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "Clarion: node scripts/start.mjs, FANOUT_WORKERS=$WORKERS FANOUT_CONCURRENCY=${FANOUT_CONCURRENCY:-1000} FANOUT_PAGE_SIZE=${FANOUT_PAGE_SIZE:-1000} FANOUT_SHARD_SIZE=${FANOUT_SHARD_SIZE:-10000}, audience: $AUDIENCE, device uuids ${BENCH_DEVICE_UUIDS:-v7}"
  echo "stand-ins: android = src/fcm/simulator.ts (HTTP/2, 100 streams a connection, checks the access token and message); web = src/webpush/simulator.ts (HTTPS/1.1, checks VAPID, decrypts every push)"
  echo
  {
    echo "platform|devices|pushes/s|seconds|Clarion µs/push|Clarion CPU|stand-in µs/push|stand-in CPU|idle PSS|peak PSS|accepted|exactly once|status"
    for p in "${PLATFORMS[@]}"; do
      echo "$p|$DEVICES|${RATE[$p]:--}|${SECS[$p]:--}|${C_US[$p]:--}|${C_PCT[$p]:--}|${S_US[$p]:--}|${S_PCT[$p]:--}|$([[ -n "${PSS_IDLE[$p]:-}" ]] && mb "${PSS_IDLE[$p]}" || echo -)|$([[ -n "${PSS_PEAK[$p]:-}" ]] && mb "${PSS_PEAK[$p]}" || echo -)|${ACCEPTED[$p]:--}|${ONCE[$p]:--}|${STATUS[$p]:-not run}"
    done
    echo "ios|-|see below|||||||||bench/broadcast/run.sh"
  } | column -t -s '|' -o ' | '
  echo
  echo "pushes/s: devices / (the broadcast's finishedAt - the moment the POST was sent); seconds is that time. Clarion µs/push: user+system"
  echo "time (/proc/<pid>/stat) of the server and every process under it (its forked fan-out workers) over the run, per push sent;"
  echo "stand-in µs/push: the same for the stand-in's process, per push it accepted; CPU: that time over the run's wall clock (100% = one"
  echo "core). PSS: /proc/<pid>/smaps_rollup summed over Clarion's processes (no postgres), sampled every ${PSS_INTERVAL} s; idle = before the POST."
  echo "exactly once: the stand-in counted one accepted push for each device it made, none for any other target."
  for p in "${PLATFORMS[@]}"; do
    echo
    echo "$p: ${DETAIL[$p]:-}."
    echo "  limit: ${LIMIT[$p]:-?}."
  done
  echo
  if [[ -n "$ios_file" ]]; then
    echo "ios: not run here; the newest bench/broadcast result (${ios_file#"$ROOT"/}), its Clarion rows:"
    grep -E '^(sender|Clarion)' "$ios_file" | sed 's/^/  /'
  else
    echo "ios: not run here; run bash bench/broadcast/run.sh (BENCH_PEERS=off BENCH_DEVICES=$DEVICES BENCH_WORKERS=$WORKERS for the same case); last figures in bench/README.md."
  fi
  if ((FAILED)); then
    echo
    echo "NOTE: at least one platform failed or its counts were not exactly $DEVICES; its figures (if any) are not throughput."
  fi
} | tee "$result_file"
echo "(written to ${result_file#"$ROOT"/})"
exit "$FAILED"
