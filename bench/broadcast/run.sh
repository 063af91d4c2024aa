#!/usr/bin/env bash
# Broadcast benchmark: one POST /v1/notify with a live key to N subscribed devices, Clarion sending to a mock
# APNs (HTTP/2 over TLS, Clarion's own simulator in a process of its own), next to two other senders of the same
# push to the same N devices through the same mock in the same run: h2load (the ceiling) and @parse/node-apn (the
# peer, as its users send to a large audience). Clarion runs once per BENCH_WORKERS value (FANOUT_WORKERS).
# Prints pushes/s, the ratios to the peer and to h2load, and peak PSS, and writes the same table to
# bench/results/broadcast-<date>.txt. See bench/README.md.
# Not a test: it only prints figures (exit 1 if any sender failed or had errors).
#
#   bash bench/broadcast/run.sh
#   BENCH_DEVICES=1000000 BENCH_MOCK_DELAY_MS=20 BENCH_WORKERS="1 2" bash bench/broadcast/run.sh
set -uo pipefail
# shellcheck source=../lib.sh
source "$(dirname "$0")/../lib.sh"

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 1

DEVICES=${BENCH_DEVICES:-100000}
# BENCH_WORKER_CPU=0.1: each forked worker in a cgroup of its own (cgroup v1 cpu controller) held to that much of a
# core, as on a small machine; the API process is not held. BENCH_PEERS=off skips h2load and the peer (for such runs,
# which compare worker counts with each other).
WORKER_CPU=${BENCH_WORKER_CPU:-}
# BENCH_WORKER_CPUSET=1 BENCH_OTHER_CPUSET=0 (with BENCH_WORKER_CPU): the held workers pinned to the first list of CPUs,
# Clarion's API process and the mock to the second (taskset; PostgreSQL, the machine's, is left where it runs). On 2
# cores the scheduler otherwise moves every process between them, and a worker's CPU a push rose with the machine's
# load, not with its own work (bench/README.md, "Scale-out, pinned").
WORKER_CPUSET=${BENCH_WORKER_CPUSET:-}
OTHER_CPUSET=${BENCH_OTHER_CPUSET:-}
# BENCH_WORKER_CPU_PERIOD_US=10000 (with BENCH_WORKER_CPU): the held workers' CFS period (cpu.cfs_period_us), the
# quota being BENCH_WORKER_CPU of it. Unset: the kernel's default, 100 ms, which is Kubernetes' too. A worker held to 0.1
# CPU then runs at most 10 ms and waits the other 90 of each period, whatever answers arrive meanwhile.
WORKER_CPU_PERIOD=${BENCH_WORKER_CPU_PERIOD_US:-}
# BENCH_MOCK_CPUSET=0 BENCH_SENDER_CPUSET=1: the mock pinned to the first list of CPUs from its start, and every sender
# (h2load, the peer, Clarion's API process and the workers it forks) to the second (taskset; PostgreSQL, the machine's,
# and the samplers are left where the scheduler puts them). APNs runs on Apple's machines, not on the sender's: unpinned,
# the mock here shares 2 cores with the sender's processes, so a sender of several processes slows the mock that sets
# every sender's rate, and its share of the cores counts twice (bench/README.md, "The mock on a core of its own").
MOCK_CPUSET=${BENCH_MOCK_CPUSET:-}
SENDER_CPUSET=${BENCH_SENDER_CPUSET:-}
PEERS=${BENCH_PEERS:-on}
# BENCH_WARMUP=n: each Clarion start first sends n whole broadcasts to the same audience, unmeasured, so that the
# measured one runs on workers whose hot code V8 has already optimized, as a long-running instance's are. Each of
# w workers sees 1/w of a broadcast: n = w gives each as many pushes to warm up on as one worker gets from n = 1.
# The peer (JavaScript too) does the same: n unmeasured passes over the audience in its process, then the measured
# one, so that warm is compared with warm (h2load, compiled C, has nothing to warm).
WARMUP=${BENCH_WARMUP:-0}
# FANOUT_WORKER_IDLE_SECONDS for Clarion: 0 (the default here) starts the workers with the server, so that they can be
# held in their cgroups and the measured broadcast does not include their start; BENCH_WORKER_IDLE=60 measures the
# on-demand default, whose first broadcast starts them.
WORKER_IDLE=${BENCH_WORKER_IDLE:-0}
CGROUPS=()
WORKERS_LIST=${BENCH_WORKERS:-$(nproc)}
SHARD_SIZE=${BENCH_SHARD_SIZE:-}
AUDIENCE=${BENCH_AUDIENCE:-received}
# BENCH_TARGET=topics: every device follows the topic "news" (and every tenth "sports" too) and the broadcast is
# target "topics" ["news", "sports"]: the audience is the same N devices, read through the topics' key.
# BENCH_LANGUAGES=20: the devices' locales spread over 20 languages and the broadcast carries a text for each.
TARGET=${BENCH_TARGET:-all}
LANGUAGES=${BENCH_LANGUAGES:-0}
# BENCH_LOG_LEVEL=debug: Clarion logs each shard page it stores (with BENCH_KEEP_LOGS=1 the log is kept); default warn.
MOCK_DELAY_MS=${BENCH_MOCK_DELAY_MS:-0}
# BENCH_MOCK=frames: the mock on our own HTTP/2 framing (src/apns/simulator-frames.ts: the same checks and answers)
# instead of node:http2's server, which costs about 35 µs of CPU a push and so limits every sender on 2 cores.
MOCK_KIND=${BENCH_MOCK:-node}
H2_CLIENTS=${BENCH_H2LOAD_CLIENTS:-4}
H2_STREAMS=${BENCH_H2LOAD_STREAMS:-250}
PEER_CHUNK=${BENCH_PEER_CHUNK:-1000}
PEER_IN_FLIGHT=${BENCH_PEER_IN_FLIGHT:-4}
PEER_CLIENTS=${BENCH_PEER_CLIENTS:-1}
PHASE_TIMEOUT=${BENCH_TIMEOUT:-900}
PG_HOST=${BENCH_PG_HOST:-127.0.0.1}
PG_PORT=${BENCH_PG_PORT:-5432}
PG_USER=${BENCH_PG_USER:-postgres}
START_TIMEOUT=${BENCH_START_TIMEOUT:-90}
PSS_INTERVAL=0.25
RESULTS_DIR="$ROOT/bench/results"
TITLE='Bench'
BODY='Hello from the bench'
# The goals of the issue this benchmark measures (printed beside the figures, never a reason to fail).
GOAL_PEER=1.5
GOAL_H2LOAD=0.8
GOAL_PSS_MB=300

case "$PG_HOST" in 127.0.0.1 | localhost | ::1) ;; *) echo "BENCH_PG_HOST must be a loopback address (got $PG_HOST)" >&2; exit 2 ;; esac
positive BENCH_DEVICES "$DEVICES"
positive BENCH_TIMEOUT "$PHASE_TIMEOUT"
positive BENCH_PEER_CHUNK "$PEER_CHUNK"
positive BENCH_PEER_IN_FLIGHT "$PEER_IN_FLIGHT"
positive BENCH_PEER_CLIENTS "$PEER_CLIENTS"
[[ "$MOCK_KIND" == node || "$MOCK_KIND" == frames ]] || { echo "BENCH_MOCK must be node or frames" >&2; exit 2; }
if [[ -n "$WORKER_CPU_PERIOD" ]]; then
  [[ -n "$WORKER_CPU" && "$WORKER_CPU_PERIOD" =~ ^[0-9]+$ ]] && ((WORKER_CPU_PERIOD >= 1000 && WORKER_CPU_PERIOD <= 1000000)) ||
    { echo "BENCH_WORKER_CPU_PERIOD_US goes with BENCH_WORKER_CPU and is 1000 to 1000000 microseconds (got '$WORKER_CPU_PERIOD')" >&2; exit 2; }
fi
if [[ -n "$WORKER_CPUSET$OTHER_CPUSET" ]]; then
  [[ -n "$WORKER_CPU" && "$WORKER_CPUSET" =~ ^[0-9][0-9,-]*$ && "$OTHER_CPUSET" =~ ^[0-9][0-9,-]*$ ]] ||
    { echo "BENCH_WORKER_CPUSET and BENCH_OTHER_CPUSET go together, with BENCH_WORKER_CPU, each a CPU list such as 1 or 0-1 (got '$WORKER_CPUSET' and '$OTHER_CPUSET')" >&2; exit 2; }
  # The mock stays pinned once a Clarion run has pinned it: the peers would meet a different mock than Clarion's first run.
  [[ "$PEERS" == off ]] || { echo "BENCH_WORKER_CPUSET compares worker counts: set BENCH_PEERS=off" >&2; exit 2; }
fi
if [[ -n "$MOCK_CPUSET$SENDER_CPUSET" ]]; then
  [[ "$MOCK_CPUSET" =~ ^[0-9][0-9,-]*$ && "$SENDER_CPUSET" =~ ^[0-9][0-9,-]*$ ]] ||
    { echo "BENCH_MOCK_CPUSET and BENCH_SENDER_CPUSET go together, each a CPU list such as 0 or 0-1 (got '$MOCK_CPUSET' and '$SENDER_CPUSET')" >&2; exit 2; }
  [[ -z "$WORKER_CPUSET$OTHER_CPUSET" ]] || { echo "BENCH_MOCK_CPUSET pins the senders; BENCH_WORKER_CPUSET the held workers: one or the other" >&2; exit 2; }
fi
[[ -z "$WORKER_CPUSET$OTHER_CPUSET$MOCK_CPUSET$SENDER_CPUSET" ]] || command -v taskset >/dev/null 2>&1 || { echo "taskset not found (util-linux)" >&2; exit 2; }
[[ "$MOCK_DELAY_MS" =~ ^[0-9]+$ ]] || { echo "BENCH_MOCK_DELAY_MS must be whole milliseconds (got '$MOCK_DELAY_MS')" >&2; exit 2; }
[[ -z "$SHARD_SIZE" ]] || positive BENCH_SHARD_SIZE "$SHARD_SIZE"
[[ "$AUDIENCE" == received || "$AUDIENCE" == new ]] || { echo "BENCH_AUDIENCE must be received or new" >&2; exit 2; }
check_device_uuids
[[ "$WARMUP" =~ ^[0-9]+$ ]] || { echo "BENCH_WARMUP must be a number of warm-up broadcasts (0, 1, ...)" >&2; exit 2; }
[[ "$TARGET" == all || "$TARGET" == topics ]] || { echo "BENCH_TARGET must be all or topics" >&2; exit 2; }
[[ "$LANGUAGES" =~ ^[0-9]+$ ]] && ((LANGUAGES <= 50)) || { echo "BENCH_LANGUAGES must be 0 to 50" >&2; exit 2; }
read -r -a WORKERS <<<"$WORKERS_LIST"
((${#WORKERS[@]})) || { echo "BENCH_WORKERS must list at least one worker count" >&2; exit 2; }
for w in "${WORKERS[@]}"; do positive "BENCH_WORKERS (each value)" "$w"; done

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
[[ -f node_modules/@parse/node-apn/package.json ]] || { echo "node_modules/@parse/node-apn is missing (a devDependency: npm ci)" >&2; exit 2; }
PEER_VERSION=$(node -p "require('@parse/node-apn/package.json').version")

# --- bookkeeping and cleanup -------------------------------------------------------------------------
STARTED_AT=$(date -Is)
STAMP=$(date +%Y-%m-%d-%H%M%S)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/clarion-bcast.XXXXXX")
PIDS=()
DATABASE=
PSS_SAMPLER_PID=
CPU_SAMPLER_PID=

cleanup() {
  local cg
  stop_samplers_and_pids
  [[ -n "${REF_DIR:-}" ]] && git -C "$ROOT" worktree remove --force "$REF_DIR" >/dev/null 2>&1
  for cg in "${CGROUPS[@]}"; do rmdir "$cg" 2>/dev/null; done
  remove_database_and_work
}
trap cleanup EXIT
trap 'echo "interrupted" >&2; exit 130' INT TERM

divide() { [[ -n "${1:-}" && -n "${2:-}" ]] && awk -v a="$1" -v b="$2" 'BEGIN{ if (b > 0) printf "%.2f", a / b; else printf "-" }' || echo "-"; }

# before after machine_before machine_after seconds sender_label sender_root [sender_ticks [pushes]] -> one line of CPU
# figures; pushes (default DEVICES) is what the sender sent over the phase.
# The sender = sender_root and its descendants (for Clarion: the node process and the workers it forks). A sender
# that has exited by the end (h2load, the peer) is timed by its parent with `times`: sender_ticks, and its processes
# are left out of the snapshots. mock = the mock APNs process, postgres = every process named postgres.
cpu_report() {
  local sender mock postgres other top
  read -r sender mock postgres other top <<<"$(cpu_split "$1" "$2" "$7" "$MOCK_PID")"
  [[ -n "${8:-}" ]] && sender=$8 # timed by the caller
  awk -v label="$6" -v sender="$sender" -v mock="$mock" -v postgres="$postgres" -v other="$other" -v top2="$top" -v secs="$5" \
    -v hz="$(getconf CLK_TCK)" -v mb="$3" -v ma="$4" -v ncores="$(nproc)" -v pushes="${9:-$DEVICES}" '
    BEGIN {
      # The busiest of everything else ("comm:ticks,comm:ticks"), those of 5% or more.
      top = ""; k = split(top2 == "-" ? "" : top2, t, ",")
      for (i = 1; i <= k; i++) {
        n = split(t[i], ct, ":"); share = ct[n] * 100 / (hz * secs); c = substr(t[i], 1, length(t[i]) - length(ct[n]) - 1)
        if (share < 5) break
        top = top (top == "" ? "" : ", ") sprintf("%s %.0f%%", c, share)
      }
      split(mb, b, " "); split(ma, e, " ")
      busy = (e[1] - b[1]) - (e[2] - b[2]); all = e[1] - b[1]
      scale = 100 / (hz * secs)
      # Machine-wide busy time charged to no process seen: processes that lived less than a second, the
      # last second of those that exited, kernel time not charged to a process.
      counted = sender + mock + postgres + other
      unattributed = (all > 0 ? ncores * 100 * busy / all : 0) - counted * scale; if (unattributed < 0) unattributed = 0
      # CPU per push: the sender user + system time over the pushes of the phase.
      printf "%s %.0f%% (%.1f µs a push) | mock APNs %.0f%% | postgres %.0f%% | everything else %.0f%%%s | not attributed %.0f%% | machine busy %.0f%% of %d cores\n",
        label, sender * scale, sender * 1e6 / hz / pushes, mock * scale, postgres * scale, other * scale, (top == "" ? "" : " (" top ")"),
        unattributed, (all > 0 ? 100 * busy / all : 0), ncores
    }'
}

# The subshell's children times (second line of `times`, "0m1.234s 0m0.567s") -> clock ticks.
times_ticks() { awk -v hz="$(getconf CLK_TCK)" 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] } printf "%.0f", t * hz }' "$1"; }

# Samples the mock's count every 100 ms into $1 (bench/broadcast/accepted-watch.mjs); sets WATCHER. Returns once the
# first sample is written: node's own start-up (tens of ms of CPU) is then over before the sender starts, rather than
# shared with a run that lasts under a second on 2 cores.
start_watcher() {
  node "$HERE/accepted-watch.mjs" "$MOCK_CONTROL" "$1" &
  WATCHER=$!
  PIDS+=("$WATCHER")
  local i
  for ((i = 0; i < 200; i++)); do
    [[ -s "$1" ]] && return
    sleep 0.05
  done
}

# A sender that runs to its end (h2load, the peer): `timeout` it in a background subshell, sample the PSS of its
# processes (not the subshell or timeout) and the machine's CPU meanwhile. Leaves $WORK/<name>.out, .err, .rc, and
# sets PHASE_SECS (wall clock), PHASE_PSS ("<peak kB> <processes> <samples>") and CPU[name].
run_sender() { # name label command... (accepted0: the mock's count before)
  local name=$1 label=$2 pid m0 m1 t0 t1 watcher
  shift 2
  start_watcher "$WORK/$name.accepted"
  watcher=$WATCHER
  # The sender waits behind a gate (a FIFO) until its PSS sampler, which needs its pid, has started. Opened read-write
  # the FIFO never blocks its opening, and the wait gives up after 60 s, so a run stopped before the gate opens leaves
  # nothing behind (cleanup stops the subshell too: PIDS).
  mkfifo "$WORK/$name.gate"
  ( read -r -t 60 _ <>"$WORK/$name.gate" || exit 1
    ${SENDER_CPUSET:+taskset -c "$SENDER_CPUSET"} timeout "$PHASE_TIMEOUT" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err"; echo "$?" >"$WORK/$name.rc"; times >"$WORK/$name.times" ) &
  pid=$!
  PIDS+=("$pid")
  pss_watch_begin "$name" "$pid" bash timeout
  cpu_begin "$name"; m0=$(machine_snapshot); t0=$(now)
  echo go >"$WORK/$name.gate"
  wait "$pid"
  t1=$(now)
  sleep 0.1; kill "$watcher" 2>/dev/null; wait "$watcher" 2>/dev/null
  # The measured pass is the last DEVICES pushes (a sender's warm-up passes come first: SKIPPED).
  STEADY[$name]=$(node "$HERE/accepted-watch.mjs" --steady "$WORK/$name.accepted" "$((accepted0 + ${SKIPPED:-0}))" "$DEVICES" 2>/dev/null)
  PHASE_PSS=$(pss_watch_end "$name")
  m1=$(machine_snapshot); cpu_end "$name"
  PHASE_SECS=$(elapsed "$t0" "$t1")
  CPU[$name]=$(cpu_report "$WORK/$name.cpu0" "$WORK/$name.cpu1" "$m0" "$m1" "$PHASE_SECS" "$label" "$pid" "$(times_ticks "$WORK/$name.times")" "$((${SKIPPED:-0} + DEVICES))")
}

# Results, keyed by sender: h2load, peer, clarion/<workers>.
declare -A PUSHES FAILS RATE SECS STATUS CPU EXTRA PSS_PEAK PSS_IDLE STEADY
FAILED=0
MOCK_PID=
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
  -c "$(seed_audience_sql "$DEVICES" "'$ORG_ID'::uuid")" \
  -c 'VACUUM ANALYZE devices' -c 'VACUUM ANALYZE subscriptions' >"$WORK/seed.log" 2>&1 \
  || { sed 's/^/    /' "$WORK/seed.log" >&2; fail "seeding failed"; }
# BENCH_AUDIENCE=received (the default): an audience that has received broadcasts before, as a real one has, so the
# configuration breaker's first-delivery bookkeeping (devices.first_delivered_at, written once per device) is not part
# of every run; BENCH_AUDIENCE=new measures a first broadcast to devices that never received anything.
if [[ "$AUDIENCE" == received ]] && [[ "$(psql_db -c "SELECT count(*) FROM information_schema.columns WHERE table_name = 'devices' AND column_name = 'first_delivered_at'")" == 1 ]]; then
  psql_db -c "UPDATE devices SET first_delivered_at = now() - interval '1 day'" -c 'VACUUM ANALYZE devices' >/dev/null || fail "marking the audience as having received failed"
fi
if [[ "$TARGET" == topics ]]; then
  # The counting triggers are off while seeding (a row each would be updated a million times in one transaction);
  # the counts are written once after.
  psql_db -c "SET session_replication_role = replica; INSERT INTO subscription_topics (organization_id, topic, device_uuid) SELECT organization_id, 'news', device_uuid FROM subscriptions" \
    -c "SET session_replication_role = replica; INSERT INTO subscription_topics (organization_id, topic, device_uuid) SELECT organization_id, 'sports', device_uuid FROM subscriptions WHERE random() < 0.1" \
    -c "INSERT INTO topic_subscriber_counts (organization_id, topic, count) SELECT organization_id, topic, count(*) FROM subscription_topics GROUP BY 1, 2" \
    -c 'VACUUM ANALYZE subscription_topics' >/dev/null || fail "seeding the topics failed"
fi
if ((LANGUAGES > 0)); then
  # Locales l0..l(N-1) as private-use tags of English ("en-x-l3"), a third of the devices with a region the lookup cuts.
  psql_db -c "UPDATE devices SET locale = 'en-x-l' || (abs(hashtext(device_uuid::text)) % $LANGUAGES)" -c 'VACUUM ANALYZE devices' >/dev/null || fail "seeding the locales failed"
fi
SEEDED=$(psql_db -c "SELECT count(*) FROM subscriptions WHERE organization_id = '$ORG_ID'")
[[ "$SEEDED" == "$DEVICES" ]] || fail "seeded $SEEDED subscriptions, expected $DEVICES"
echo "  seeded in $(elapsed "$t0" "$(now)") s" >&2

# The peer's audience: the organization's tokens, as its users would read them from their own database (dumped
# here, before any timing). h2load sends to one of them (device 1).
timeout "$PHASE_TIMEOUT" psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$DATABASE" -v ON_ERROR_STOP=1 -Atq -c "COPY (SELECT d.apns_token FROM subscriptions s JOIN devices d USING (device_uuid)
  WHERE s.organization_id = '$ORG_ID') TO STDOUT" >"$WORK/tokens.txt" 2>"$WORK/tokens.err" \
  || { sed 's/^/    /' "$WORK/tokens.err" >&2; fail "dumping the tokens failed"; }
[[ "$(wc -l <"$WORK/tokens.txt")" == "$DEVICES" ]] || fail "dumped $(wc -l <"$WORK/tokens.txt") tokens, expected $DEVICES"
DEVICE_TOKEN=$(printf '%s%s' "$(echo -n 1 | md5sum | cut -c1-32)" "$(echo -n 2 | md5sum | cut -c1-32)")
[[ "$(psql_db -c "SELECT count(*) FROM devices WHERE apns_token = '$DEVICE_TOKEN'")" == 1 ]] || fail "h2load's token $DEVICE_TOKEN is not a seeded device"

# --- mock APNs ---------------------------------------------------------------------------------------------
MOCK_DIR="$WORK/mock"
mkdir -p "$MOCK_DIR"
${MOCK_CPUSET:+taskset -c "$MOCK_CPUSET"} node --import tsx "$HERE/mock-apns.ts" "$MOCK_DIR" $(((2 + ${#WORKERS[@]}) * PHASE_TIMEOUT + 300)) "$MOCK_DELAY_MS" "$MOCK_KIND" >"$WORK/mock.log" 2>&1 &
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
echo "== mock APNs ($MOCK_KIND) at $MOCK_ORIGIN (pid $MOCK_PID), answering each push after ${MOCK_DELAY_MS} ms" >&2

# The payload Clarion builds for {"title":"Bench","body":"Hello from the bench","target":"all"}.
printf '{"aps":{"alert":{"title":"%s","body":"%s"}}}' "$TITLE" "$BODY" >"$WORK/payload.json"
NOTIFY_BODY=$(TITLE=$TITLE BODY=$BODY TARGET=$TARGET LANGUAGES=$LANGUAGES node -e '
  const { TITLE: title, BODY: body, TARGET: target, LANGUAGES: n } = process.env;
  const request = { title, body, target, ...(target === "topics" && { topics: ["news", "sports"] }) };
  if (+n) request.localized = Object.fromEntries(Array.from({ length: +n }, (_, i) => [`en-x-l${i}`, { title: `${title} ${i}`, body: `${body} (${i})` }]));
  process.stdout.write(JSON.stringify(request));')

# --- h2load -------------------------------------------------------------------------------------------------
if [[ "$PEERS" == on ]]; then
echo "== h2load: $DEVICES pushes, -c $H2_CLIENTS -m $H2_STREAMS" >&2
accepted0=$(mock_accepted)
run_sender h2load h2load h2load -n "$DEVICES" -c "$H2_CLIENTS" -m "$H2_STREAMS" \
  -H "authorization: bearer $(cat "$MOCK_DIR/jwt.txt")" -H "apns-topic: $TOPIC" -H 'apns-push-type: alert' -H 'apns-priority: 10' \
  -H 'content-type: application/json' -H 'apns-id: 6f1e2d3c-4b5a-5968-8776-655443322110' \
  -d "$WORK/payload.json" "$MOCK_ORIGIN/3/device/$DEVICE_TOKEN"
read -r PSS_PEAK[h2load] _ <<<"$PHASE_PSS"
accepted1=$(mock_accepted)
# h2load says "finished in 6.01s" or, for short runs, "finished in 289.59ms".
h2_secs=$(awk '/^finished in /{ v = $3; sub(/,$/, "", v); if (v ~ /ms$/) { sub(/ms$/, "", v); v = v / 1000 } else if (v ~ /us$/) { sub(/us$/, "", v); v = v / 1000000 } else sub(/s$/, "", v); print v }' "$WORK/h2load.out")
read -r h2_total _ h2_started _ h2_done _ h2_ok _ h2_failed _ h2_errored _ h2_timeout _ < <(sed -n 's/^requests: //p' "$WORK/h2load.out" | tr -d ',')
h2_2xx=$(sed -n 's/^status codes: \([0-9]*\) 2xx.*/\1/p' "$WORK/h2load.out")
h2_mock=$((accepted1 - accepted0))
if [[ -z "$h2_secs" || -z "${h2_ok:-}" ]]; then
  STATUS[h2load]="FAILED: no summary from h2load (exit $(cat "$WORK/h2load.rc"))"; FAILED=1
  cat "$WORK/h2load.out" "$WORK/h2load.err" | tail -n 20 | sed 's/^/    /' >&2
else
  SECS[h2load]=$h2_secs
  PUSHES[h2load]=$h2_ok
  FAILS[h2load]=$((DEVICES - h2_ok))
  RATE[h2load]=$(awk -v n="$h2_ok" -v s="$h2_secs" 'BEGIN{printf "%.0f", n / s}')
  if [[ "$h2_ok" == "$DEVICES" && "$h2_2xx" == "$DEVICES" && "$h2_mock" == "$DEVICES" ]]; then
    STATUS[h2load]=ok
  else
    STATUS[h2load]="ERRORS: ${h2_ok} succeeded, ${h2_2xx:-?} 2xx, ${h2_failed:-?} failed, ${h2_errored:-?} errored, ${h2_timeout:-?} timeout, mock accepted ${h2_mock}"
    FAILED=1
    grep -E '^(requests|status codes):' "$WORK/h2load.out" | sed 's/^/    /' >&2
  fi
fi
echo "  ${RATE[h2load]:-?} pushes/s, ${STATUS[h2load]}" >&2

# --- the peer: @parse/node-apn --------------------------------------------------------------------------------
echo "== @parse/node-apn $PEER_VERSION: $DEVICES pushes, provider.send() with $PEER_CHUNK tokens, $PEER_IN_FLIGHT at once, $PEER_CLIENTS connection(s)$( ((WARMUP > 0)) && echo ", after $WARMUP unmeasured pass(es)")" >&2
accepted0=$(mock_accepted)
SKIPPED=$((WARMUP * DEVICES))
# Warm, the peer's CPU line covers its whole process (node's start, the warm-up passes and the measured one) over all
# its pushes; its measured pass's own CPU is in its note below the table.
run_sender peer "node-apn$( ((WARMUP > 0)) && echo " (every pass, with node's start)")" node "$HERE/peer-node-apn.mjs" "$MOCK_ORIGIN" "$MOCK_DIR/ca.pem" "$MOCK_DIR/provider-key.pem" "$KEY_ID" "$TEAM_ID" "$TOPIC" \
  "$WORK/tokens.txt" "$PEER_CHUNK" "$PEER_IN_FLIGHT" "$PEER_CLIENTS" "$WARMUP"
SKIPPED=0
read -r PSS_PEAK[peer] _ <<<"$PHASE_PSS"
accepted1=$(mock_accepted)
p_mock=$((accepted1 - accepted0 - WARMUP * DEVICES))
if [[ "$(cat "$WORK/peer.rc")" != 0 ]] || ! json_field "$WORK/peer.out" 'j.sent' >/dev/null 2>&1; then
  STATUS[peer]="FAILED: exit $(cat "$WORK/peer.rc"), no result"; FAILED=1
  tail -n 20 "$WORK/peer.err" | sed 's/^/    /' >&2
else
  PUSHES[peer]=$(json_field "$WORK/peer.out" 'j.sent')
  FAILS[peer]=$(json_field "$WORK/peer.out" 'j.failed')
  SECS[peer]=$(json_field "$WORK/peer.out" 'j.seconds')
  RATE[peer]=$(awk -v n="${PUSHES[peer]}" -v s="${SECS[peer]}" 'BEGIN{printf "%.0f", n / s}')
  if ((WARMUP > 0)); then
    EXTRA[peer]="the peer's own clock over its measured pass, after $WARMUP unmeasured one(s) (process wall time with node's start and them ${PHASE_SECS} s); its CPU over the measured pass $(awk -v us="$(json_field "$WORK/peer.out" 'j.cpuMicros')" -v n="$DEVICES" 'BEGIN{printf "%.1f", us / n}') µs a push (user + system, process.cpuUsage)"
  else
    EXTRA[peer]="the peer's own clock from its first send() to the last settled chunk (process wall time with node's start ${PHASE_SECS} s)"
  fi
  EXTRA[peer]+="; its maxRSS $(mb "$(json_field "$WORK/peer.out" 'j.maxRssKb')"); mock accepted ${p_mock}$( ((WARMUP > 0)) && echo " in the measured pass")"
  if [[ "${PUSHES[peer]}" == "$DEVICES" && "${FAILS[peer]}" == 0 && "$(json_field "$WORK/peer.out" 'j.warmUpFailed')" == 0 && "$p_mock" == "$DEVICES" ]]; then
    STATUS[peer]=ok
  else
    STATUS[peer]="FAILED: sent ${PUSHES[peer]}, failed ${FAILS[peer]} $(json_field "$WORK/peer.out" 'j.reasons'), failed in its warm-up $(json_field "$WORK/peer.out" 'j.warmUpFailed'), mock accepted ${p_mock}"; FAILED=1
    echo "  !!! the peer (@parse/node-apn) had failures; its first ones:" >&2
    head -n 10 "$WORK/peer.err" | sed 's/^/    /' >&2
  fi
fi
echo "  ${RATE[peer]:-?} pushes/s, ${STATUS[peer]}" >&2
fi

# file cgroup...: the held workers' CFS counters now, a line "nr_periods nr_throttled" per cgroup (none: an empty file).
throttling() {
  local file=$1 cg
  shift
  for cg in "$@"; do awk '$1 == "nr_periods" { p = $2 } $1 == "nr_throttled" { t = $2 } END { print p + 0, t + 0 }' "$cg/cpu.stat"; done >"$file" 2>/dev/null
}
# before after (files of throttling): in how many of the held workers' CFS periods they used up their quota, or nothing.
throttled_share() {
  [[ -s "$1" && -s "$2" ]] || return 0
  paste -d' ' "$1" "$2" | awk '{ p += $3 - $1; t += $4 - $2 } END { if (p > 0) printf "; the held workers used up their quota in %d of their %d CFS periods (%.0f%%)", t, p, 100 * t / p }'
}

# --- Clarion, once per worker count ----------------------------------------------------------------------------
# A fresh start each time, against the same database: a new broadcast to the same audience.
clarion_run() { # workers [label dir]: label "ref" runs the BENCH_REF worktree
  local workers=$1 label=${2:-clarion} dir=${3:-$ROOT} key="${2:-clarion}/$1" tag="${2:-clarion}-$1" port pid http id deadline t0 t1 m0 m1 idle peak samples tree p i
  local held=() # this run's workers' cgroups (BENCH_WORKER_CPU)
  port=$(free_port)
  (cd "$dir" && exec ${SENDER_CPUSET:+taskset -c "$SENDER_CPUSET"} env -u DATA_DIR -u REDIS_URL -u APNS_PRIVATE_KEY -u APNS_ENV -u FANOUT_SHARD_SIZE \
    HOST=127.0.0.1 PORT="$port" DASHBOARD=off LOG_LEVEL="${BENCH_LOG_LEVEL:-warn}" DATABASE_URL="$DB_URL" NOTIFY_WAIT_MS=$((PHASE_TIMEOUT * 1000)) \
    APNS_TEAM_ID="$TEAM_ID" APNS_KEY_ID="$KEY_ID" APNS_PRIVATE_KEY_PATH="$MOCK_DIR/provider-key.pem" APNS_TOPIC="$TOPIC" \
    APNS_URL="$MOCK_ORIGIN" NODE_EXTRA_CA_CERTS="$MOCK_DIR/ca.pem" FANOUT_WORKERS="$workers" FANOUT_WORKER_IDLE_SECONDS="$WORKER_IDLE" ${SHARD_SIZE:+FANOUT_SHARD_SIZE="$SHARD_SIZE"} \
    NODE_OPTIONS="${BENCH_CLARION_NODE_OPTIONS:-${NODE_OPTIONS:-}}" node ${BENCH_CLARION_NODE_ARGS:-} $(if [[ -f scripts/start.mjs ]]; then echo scripts/start.mjs; else echo --import tsx src/main.ts; fi)) >"$WORK/$tag.log" 2>&1 &
  pid=$!
  CLARION_PID=$pid
  PIDS+=("$pid")
  echo "== Clarion ($label), FANOUT_WORKERS=$workers, on 127.0.0.1:$port (pid $pid)" >&2
  if ! wait_healthy "http://127.0.0.1:$port/healthz" "$pid" "$WORK/$tag.log"; then
    STATUS[$key]="FAILED: did not start"; FAILED=1
    stop_and_forget "$pid"
    return
  fi
  sleep 2 # let forked workers settle before the idle reading
  # Forked workers load their modules for a second or more of CPU each: wait until the whole tree is idle, so that
  # neither the idle reading nor a held worker's run counts its start-up.
  wait_tree_idle "$pid"
  if [[ -n "$WORKER_CPU" ]]; then
    local n=0 cg
    for p in $(ps -o pid= --ppid "$pid"); do
      # A forked worker runs the node binary (its comm is "node" on Node 20, "MainThread" on Node 24).
      [[ "$(basename "$(readlink "/proc/$p/exe" 2>/dev/null)")" == node ]] || continue
      cg="/sys/fs/cgroup/cpu/clarion-bench-$tag-$n"
      mkdir -p "$cg" && cat /sys/fs/cgroup/cpu/cpu.cfs_period_us >/dev/null &&
        { [[ -z "$WORKER_CPU_PERIOD" ]] || echo "$WORKER_CPU_PERIOD" >"$cg/cpu.cfs_period_us"; } &&
        awk -v c="$WORKER_CPU" -v p="$(cat "$cg/cpu.cfs_period_us")" 'BEGIN{printf "%d", c * p}' >"$cg/cpu.cfs_quota_us" &&
        echo "$p" >"$cg/cgroup.procs" || fail "cannot hold worker $p to $WORKER_CPU CPU in $cg (root and cgroup v1 needed)"
      [[ -z "$WORKER_CPUSET" ]] || taskset -a -p -c "$WORKER_CPUSET" "$p" >/dev/null || fail "cannot pin worker $p to CPU $WORKER_CPUSET"
      CGROUPS+=("$cg")
      held+=("$cg")
      n=$((n + 1))
    done
    ((n == workers)) || fail "held $n worker process(es) to $WORKER_CPU CPU, expected $workers"
    echo "  $n worker(s) held to $WORKER_CPU CPU each (cgroups clarion-bench-$tag-*, CFS period $(cat "$cg/cpu.cfs_period_us") µs)" >&2
    if [[ -n "$WORKER_CPUSET" ]]; then
      taskset -a -p -c "$OTHER_CPUSET" "$pid" >/dev/null && taskset -a -p -c "$OTHER_CPUSET" "$MOCK_PID" >/dev/null ||
        fail "cannot pin the API process and the mock to CPU $OTHER_CPUSET"
      echo "  workers pinned to CPU $WORKER_CPUSET, the API process and the mock to CPU $OTHER_CPUSET" >&2
    fi
  fi
  local round
  for ((round = 1; round <= WARMUP; round++)); do
    echo "  warm-up $round/$WARMUP: an unmeasured broadcast to the same $DEVICES devices ..." >&2
    http=$(curl -sS --max-time "$PHASE_TIMEOUT" -o "$WORK/warmup-$tag.json" -w '%{http_code}' -X POST "http://127.0.0.1:$port/v1/notify" \
      -H "authorization: Bearer $API_KEY" -H 'content-type: application/json' -d "$NOTIFY_BODY" 2>>"$WORK/notify-$tag.err")
    [[ "$http" == 200 && "$(json_field "$WORK/warmup-$tag.json" 'j.status')" == completed ]] || echo "  !!! the warm-up broadcast answered $http: $(head -c 300 "$WORK/warmup-$tag.json")" >&2
    wait_tree_idle "$pid"
  done
  read -r idle _ IDLE_PROCS[$key] <<<"$(tree_kb smaps_rollup Pss "$pid" postgres)"
  PSS_IDLE[$key]=$idle

  echo "  POST /v1/notify to $DEVICES devices ..." >&2
  accepted0=$(mock_accepted)
  pss_watch_begin "$tag" "$pid" postgres
  start_watcher "$WORK/$tag.accepted"
  local watcher=$WATCHER
  throttling "$WORK/throttled0-$tag" "${held[@]}"
  cpu_begin "c$tag"; m0=$(machine_snapshot); t0=$(now)
  http=$(curl -sS --max-time "$PHASE_TIMEOUT" -o "$WORK/notify-$tag.json" -w '%{http_code}' -X POST "http://127.0.0.1:$port/v1/notify" \
    -H "authorization: Bearer $API_KEY" -H 'content-type: application/json' \
    -d "$NOTIFY_BODY" 2>"$WORK/notify-$tag.err")
  # A 202 ("sending") means it outlived NOTIFY_WAIT_MS: poll its record until it is no longer sending.
  if [[ "$http" == 202 ]]; then
    id=$(json_field "$WORK/notify-$tag.json" 'j.id')
    deadline=$((SECONDS + PHASE_TIMEOUT))
    while ((SECONDS < deadline)); do
      http=$(curl -sS --max-time 10 -o "$WORK/notify-$tag.json" -w '%{http_code}' -H "authorization: Bearer $API_KEY" "http://127.0.0.1:$port/v1/notifications/$id")
      [[ "$http" == 200 && "$(json_field "$WORK/notify-$tag.json" 'j.status')" != sending ]] && break
      sleep 0.1
    done
  fi
  t1=$(now); m1=$(machine_snapshot); cpu_end "c$tag"
  throttling "$WORK/throttled1-$tag" "${held[@]}"
  sleep 0.1; kill "$watcher" 2>/dev/null; wait "$watcher" 2>/dev/null
  STEADY[$key]=$(node "$HERE/accepted-watch.mjs" --steady "$WORK/$tag.accepted" "$accepted0" "$DEVICES" 2>/dev/null)
  tree_kb smaps_rollup Pss "$pid" postgres >>"$WORK/$tag.pss" # one last sample, at the answer
  read -r peak _ PEAK_PROCS[$key] samples <<<"$(pss_watch_end "$tag")"
  PSS_PEAK[$key]=$peak
  read -r HWM_SUM[$key] _ <<<"$(tree_kb status VmHWM "$pid" postgres)"
  SECS[$key]=$(elapsed "$t0" "$t1")
  CPU[$key]=$(cpu_report "$WORK/c$tag.cpu0" "$WORK/c$tag.cpu1" "$m0" "$m1" "${SECS[$key]}" "Clarion (node and its children)" "$pid")
  accepted1=$(mock_accepted)
  local c_mock=$((accepted1 - accepted0)) f="$WORK/notify-$tag.json"

  if [[ "$http" != 200 ]] || ! json_field "$f" 'j.sent' >/dev/null 2>&1; then
    STATUS[$key]="FAILED: HTTP ${http:-none} $(head -c 300 "$f" 2>/dev/null) $(cat "$WORK/notify-$tag.err")"; FAILED=1
  else
    local c_status c_recipients c_failures c_server_ms
    c_status=$(json_field "$f" 'j.status')
    PUSHES[$key]=$(json_field "$f" 'j.sent')
    FAILS[$key]=$(json_field "$f" 'j.failed')
    c_recipients=$(json_field "$f" 'j.recipients')
    c_failures=$(json_field "$f" 'j.failures')
    c_server_ms=$(json_field "$f" 'j.timing.durationMs')
    RATE[$key]=$(awk -v n="${PUSHES[$key]}" -v s="${SECS[$key]}" 'BEGIN{printf "%.0f", n / s}')
    EXTRA[$key]="steady sending (10-90% of the pushes, by the mock's count every 100 ms) ${STEADY[$key]:-?} pushes/s ($(divide "${STEADY[$key]}" "${STEADY[h2load]:-}") x h2load's, $(divide "${STEADY[$key]}" "${STEADY[peer]:-}") x node-apn's); server-side timing.durationMs ${c_server_ms} ms ($(awk -v n="${PUSHES[$key]}" -v ms="$c_server_ms" 'BEGIN{ if (ms > 0) printf "%.0f", n * 1000 / ms; else printf "?" }') pushes/s); recipients ${c_recipients}, mock accepted ${c_mock}; processes ${IDLE_PROCS[$key]} idle, ${PEAK_PROCS[$key]} at the PSS peak (of ${samples} samples); summed VmHWM $(mb "${HWM_SUM[$key]}")$(throttled_share "$WORK/throttled0-$tag" "$WORK/throttled1-$tag")"
    if [[ "$c_status" == completed && "${PUSHES[$key]}" == "$DEVICES" && "${FAILS[$key]}" == 0 && "$c_mock" == "$DEVICES" ]]; then
      STATUS[$key]=ok
    else
      STATUS[$key]="ERRORS: status ${c_status}, failures ${c_failures}, mock accepted ${c_mock}"
      FAILED=1
    fi
  fi
  echo "  ${RATE[$key]:-?} pushes/s, peak PSS $(mb "${PSS_PEAK[$key]}"), ${STATUS[$key]}" >&2

  # Stop it; forked workers must leave with it (any still there 3 s later are reported, then stopped by their pid).
  tree=$(descendants_of "$pid")
  stop_and_forget "$pid"
  CLARION_PID=
  # shellcheck disable=SC2086 # one pid a word
  stop_leftovers $tree || EXTRA[$key]="${EXTRA[$key]:-}; a child process outlived the main one"
  if grep -qiE 'error|warn' "$WORK/$tag.log"; then
    echo "  Clarion's log had warnings/errors (first lines):" >&2; grep -iE 'error|warn' "$WORK/$tag.log" | head -n 5 | sed 's/^/    /' >&2
  fi
}
declare -A IDLE_PROCS PEAK_PROCS HWM_SUM
CLARION_PID=
for w in "${WORKERS[@]}"; do clarion_run "$w"; done
# BENCH_REF=<revision>: the same runs with that revision's Clarion (a worktree sharing node_modules), so that a
# change is measured before and after in one run.
if [[ -n "${BENCH_REF:-}" ]]; then
  REF_DIR="$WORK/ref"
  ref_worktree "$BENCH_REF" "$REF_DIR"
  for w in "${WORKERS[@]}"; do clarion_run "$w" ref "$REF_DIR"; done
fi

# The fan-out's page query at the start, middle and end of the audience (EXPLAIN ANALYZE, after the broadcasts).
echo "  EXPLAIN ANALYZE of one page of the recipient query ..." >&2
timeout 300 node --import tsx "$HERE/explain-page.ts" "$DB_URL" "$ORG_ID" "${FANOUT_PAGE_SIZE:-1000}" 0 0.5 0.9 >"$WORK/explain.txt" 2>&1 \
  || { echo "  (explain-page.ts failed)" >&2; sed 's/^/    /' "$WORK/explain.txt" | tail -n 5 >&2; echo "failed; see stderr" >"$WORK/explain.txt"; }
MOCK_HWM=$(awk '$1 == "VmHWM:" {print $2}' "/proc/$MOCK_PID/status" 2>/dev/null)

# --- report ---------------------------------------------------------------------------------------------------
mkdir -p "$RESULTS_DIR"
result_file="$RESULTS_DIR/broadcast-$STAMP.txt"
pg_version=$(psql_admin -c 'SHOW server_version' 2>/dev/null)
commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null)
[[ -n "$(git -C "$ROOT" status --porcelain -- src prisma package.json 2>/dev/null)" ]] && commit="$commit (work tree modified)"

row() { # key sender workers
  local k=$1
  echo "$2|$3|${PUSHES[$k]:--}|${FAILS[$k]:--}|${SECS[$k]:--}|${RATE[$k]:--}|$(divide "${RATE[$k]:-}" "${RATE[peer]:-}")|$(divide "${RATE[$k]:-}" "${RATE[h2load]:-}")|$([[ -n "${PSS_IDLE[$k]:-}" ]] && mb "${PSS_IDLE[$k]}" || echo -)|$(mb "${PSS_PEAK[$k]:-}")|${STATUS[$k]:-not run}"
}
verdict() { awk -v v="$1" -v goal="$2" -v op="$3" 'BEGIN{ if (v == "" || v == "-") print "?"; else if ((op == ">=" && v + 0 >= goal) || (op == "<" && v + 0 < goal)) print "met"; else print "MISSED" }'; }

{
  echo "Clarion broadcast benchmark: one push to $DEVICES devices (Clarion: POST /v1/notify, live key, target $TARGET, $LANGUAGES languages), three senders, the same mock APNs"
  echo "started $STARTED_AT | commit $commit | node $(node -v) | PostgreSQL $pg_version | $(h2load --version 2>/dev/null | head -n1) | @parse/node-apn $PEER_VERSION | $(nproc) cores | load avg $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "mock APNs ($MOCK_KIND): answers each push after ${MOCK_DELAY_MS} ms, 1000 streams per connection | h2load -n $DEVICES -c $H2_CLIENTS -m $H2_STREAMS (one device token) | node-apn: ${PEER_CLIENTS} connection(s), send() of $PEER_CHUNK tokens, $PEER_IN_FLIGHT at once"
  echo "Clarion: FANOUT_WORKERS=${WORKERS[*]} (one run each$( ((WARMUP > 0)) && echo ", each after $WARMUP unmeasured warm-up broadcast(s)"))${SHARD_SIZE:+ FANOUT_SHARD_SIZE=$SHARD_SIZE} FANOUT_CONCURRENCY=${FANOUT_CONCURRENCY:-1000} FANOUT_PAGE_SIZE=${FANOUT_PAGE_SIZE:-1000} APNS_CONNECTIONS=${APNS_CONNECTIONS:-4}${BENCH_CLARION_NODE_OPTIONS:+ NODE_OPTIONS=$BENCH_CLARION_NODE_OPTIONS}${WORKER_CPU_PERIOD:+ | worker CFS period $WORKER_CPU_PERIOD µs}${WORKER_CPUSET:+ | workers pinned to CPU $WORKER_CPUSET, the API process and the mock to CPU $OTHER_CPUSET}${MOCK_CPUSET:+ | the mock pinned to CPU $MOCK_CPUSET, every sender to CPU $SENDER_CPUSET} | audience: $AUDIENCE (BENCH_AUDIENCE), device uuids ${BENCH_DEVICE_UUIDS:-v7} (BENCH_DEVICE_UUIDS)"
  echo
  {
    echo "sender|workers|pushes|failures|seconds|pushes/s|x peer|x h2load|idle PSS|peak PSS|status"
    row h2load h2load -
    row peer "node-apn" -
    for w in "${WORKERS[@]}"; do row "clarion/$w" Clarion "$w"; done
    if [[ -n "${BENCH_REF:-}" ]]; then for w in "${WORKERS[@]}"; do row "ref/$w" "Clarion@$BENCH_REF" "$w"; done; fi
  } | column -t -s '|' -o ' | '
  echo
  echo "Goals (Clarion >= ${GOAL_PEER}x the peer, >= ${GOAL_H2LOAD}x h2load, peak PSS < ${GOAL_PSS_MB} MB at 1,000,000 devices):"
  for w in "${WORKERS[@]}"; do
    k="clarion/$w"
    xp=$(divide "${RATE[$k]:-}" "${RATE[peer]:-}"); xh=$(divide "${RATE[$k]:-}" "${RATE[h2load]:-}")
    pss=$(awk -v k="${PSS_PEAK[$k]:-}" 'BEGIN{ if (k != "") printf "%.0f", k / 1024 }')
    echo "  $w worker(s): ${xp}x peer $(verdict "$xp" "$GOAL_PEER" ">="), ${xh}x h2load $(verdict "$xh" "$GOAL_H2LOAD" ">="), peak PSS ${pss:-?} MB $(verdict "$pss" "$GOAL_PSS_MB" "<")$( ((DEVICES < 1000000)) && echo " (the PSS goal is for 1,000,000 devices; this run has $DEVICES)")"
  done
  echo
  echo "pushes/s: Clarion: sent / the time from sending the POST to its answer with the finished broadcast (curl's view); h2load: its own"
  echo "'finished in'; node-apn: ${EXTRA[peer]:-}."
  echo "Steady sending: the rate between 10% and 90% of the pushes by the mock's count (every 100 ms), apart from each sender's start and tail: h2load ${STEADY[h2load]:-?}, node-apn ${STEADY[peer]:-?} pushes/s."
  for w in "${WORKERS[@]}"; do echo "Clarion, $w worker(s): ${EXTRA[clarion/$w]:-}."; done
  if [[ -n "${BENCH_REF:-}" ]]; then
    for w in "${WORKERS[@]}"; do echo "Clarion@$BENCH_REF, $w worker(s): ${EXTRA[ref/$w]:-}. This checkout / $BENCH_REF: $(divide "${RATE[clarion/$w]:-}" "${RATE[ref/$w]:-}")x pushes/s."; done
  fi
  echo "PSS: summed over the process and its descendants (Clarion: the node process and every child, no postgres; the others: the"
  echo "sender's own processes), /proc/<pid>/smaps_rollup, sampled every ${PSS_INTERVAL} s during the phase; idle = 2 s after /healthz answered."
  echo "Mock APNs peak RSS $(mb "$MOCK_HWM")."
  echo
  echo "One page (${FANOUT_PAGE_SIZE:-1000} rows) of the fan-out's recipient query, by cursor position in the audience (EXPLAIN ANALYZE after the broadcasts):"
  sed 's/^/  /' "$WORK/explain.txt"
  echo
  echo "CPU over each measured phase (100% = one core; a process can exceed it):"
  for k in h2load peer "${WORKERS[@]/#/clarion/}" ${BENCH_REF:+"${WORKERS[@]/#/ref/}"}; do [[ -n "${CPU[$k]:-}" ]] && printf '  %-12s %s\n' "$k:" "${CPU[$k]}"; done
  if ((FAILED)); then
    echo
    echo "NOTE: at least one sender failed or had errors; its figures (if any) are not comparable throughput."
  fi
} | tee "$result_file"
echo "(written to ${result_file#"$ROOT"/})"
if ((FAILED)); then
  [[ "${STATUS[peer]:-}" == ok ]] || echo "FAILED: the peer (@parse/node-apn): ${STATUS[peer]:-not run}" >&2
fi
exit "$FAILED"
