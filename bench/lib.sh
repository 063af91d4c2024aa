# Shared by the bench/*/run.sh scripts that source it: waiting for a server, stopping processes, the database, CPU and
# PSS accounting from /proc, and small formatting helpers. Sourced, not run; nothing here runs on its own.
# Globals the caller sets (each function says which it reads): START_TIMEOUT; PG_HOST, PG_PORT, PG_USER, DATABASE for
# the database helpers; WORK (a scratch directory) and PSS_INTERVAL (seconds) for the samplers; PIDS (an array);
# PSS_SAMPLER_PID and CPU_SAMPLER_PID (empty at first; set and cleared here, for the caller's cleanup to stop).

BENCH_LIB_DIR=$(CDPATH= cd -- "$(dirname -- "${BASH_SOURCE[0]}")" >/dev/null && pwd)

median() { # numbers on stdin, one a line -> their median (the mean of the middle two when even), nothing for none
  sort -n | awk '{ a[NR] = $1 } END { if (NR) print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

wait_healthy() { # url pid log
  local url=$1 pid=$2 log=$3 deadline=$((SECONDS + START_TIMEOUT))
  while ((SECONDS < deadline)); do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "  server exited before answering $url; last lines of its log:" >&2
      tail -n 20 "$log" | sed 's/^/    /' >&2
      return 1
    fi
    curl -fsS -o /dev/null --max-time 2 "$url" 2>/dev/null && return 0
    sleep 0.2
  done
  echo "  $url did not answer 200 within ${START_TIMEOUT}s; last lines of the log:" >&2
  tail -n 20 "$log" | sed 's/^/    /' >&2
  return 1
}

# utime+stime of every process -> "pid ppid ticks comm" lines
cpu_snapshot() {
  cat /proc/[0-9]*/stat 2>/dev/null | awk '{
    line = $0; p = index(line, "("); q = 0
    for (i = length(line); i > 0; i--) if (substr(line, i, 1) == ")") { q = i; break }
    if (!p || !q) next
    n = split(substr(line, q + 2), f, " ")
    print substr(line, 1, p - 2), f[2], f[12] + f[13], substr(line, p + 1, q - p - 1)
  }'
}
machine_snapshot() { awk '/^cpu /{ idle = $5 + $6; total = 0; for (i = 2; i <= NF; i++) total += $i; print total, idle }' /proc/stat; }

stop_pid() { # pid: SIGTERM, then SIGKILL if it has not stopped within 15 s
  local pid=$1 i
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null
  for ((i = 0; i < 150; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    echo "  process $pid ignored SIGTERM for 15 s; killing it" >&2
    kill -KILL "$pid" 2>/dev/null
  fi
  wait "$pid" 2>/dev/null
  return 0
}

psql_admin() { psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d postgres -v ON_ERROR_STOP=1 -Atq "$@"; }

drop_database() {
  psql_admin -c "DROP DATABASE IF EXISTS \"$1\" WITH (FORCE)" >/dev/null 2>&1 \
    || psql_admin -c "DROP DATABASE IF EXISTS \"$1\"" >/dev/null 2>&1 \
    || echo "warning: could not drop database $1" >&2
}

psql_db() { psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$DATABASE" -v ON_ERROR_STOP=1 -Atq "$@"; } # on $DATABASE

# row count [kind] -> an SQL expression for the device_uuid of row `row` (1..count): as Clarion makes them (kind v7,
# the default: src/domain/devices/service.ts), UUIDv7s whose time is one millisecond a row up to now, so that device
# order is registration order, as on a server whose devices registered one after another; with v4 (what Clarion made
# before 2026-11-29, and still holds for devices registered then), random ones.
device_uuid_sql() {
  [[ "${3:-v7}" == v4 ]] && { echo 'gen_random_uuid()'; return; }
  local ms="lpad(to_hex((extract(epoch FROM now()) * 1000)::bigint - $2 + $1), 12, '0')"
  echo "overlay(overlay(gen_random_uuid()::text PLACING '7' FROM 15 FOR 1) PLACING (substr($ms, 1, 8) || '-' || substr($ms, 9, 4)) FROM 1 FOR 13)::uuid"
}
check_device_uuids() { [[ "${BENCH_DEVICE_UUIDS:-v7}" == v7 || "${BENCH_DEVICE_UUIDS:-v7}" == v4 ]] || { echo "BENCH_DEVICE_UUIDS must be v7 or v4" >&2; exit 2; }; }
# The SQL that adds `count` iOS devices, each subscribed to the organization `org` (an SQL expression: a quoted id or
# a subquery). Device i's token is md5(i) || md5(i + 1): distinct, 64 hex digits, and known to h2load's runs.
seed_audience_sql() { # count org: devices with uuids of kind BENCH_DEVICE_UUIDS (v7, or v4: device_uuid_sql)
  echo "WITH d AS (
          INSERT INTO devices (device_uuid, apns_token, platform)
          SELECT $(device_uuid_sql i "$1" "${BENCH_DEVICE_UUIDS:-v7}"), md5(i::text) || md5((i + 1)::text), 'ios' FROM generate_series(1, $1) AS i
          RETURNING device_uuid)
        INSERT INTO subscriptions (organization_id, device_uuid) SELECT $2, device_uuid FROM d"
}

# --- small helpers --------------------------------------------------------------------------------------
# A worktree of another revision at dir, sharing this checkout's node_modules (entry by entry, so that its own
# node_modules path exists, which the entry-point check of revisions before ddff294 needs, and its generated Prisma
# client stays apart from ours); the caller removes it (git worktree remove --force). Reads ROOT.
ref_worktree() { # revision dir
  git -C "$ROOT" worktree add --detach "$2" "$1" >/dev/null 2>&1 || fail "cannot check out $1"
  mkdir "$2/node_modules"
  for entry in "$ROOT"/node_modules/* "$ROOT"/node_modules/.bin; do ln -s "$entry" "$2/node_modules/"; done
  (cd "$2" && npx --no-install prisma generate >/dev/null 2>&1) || fail "prisma generate failed in the worktree of $1"
}

positive() { [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "$1 must be a positive integer (got '$2')" >&2; exit 2; }; } # name value
fail() { echo "$*" >&2; exit 1; } # message: to stderr, exit 1
random_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; } # bytes -> that many random bytes in hex
free_port() { node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; } # a free TCP port on 127.0.0.1
now() { date +%s.%N; } # seconds since the epoch, to the nanosecond
json_field() { # file expression-on-j -> its value (objects as JSON)
  node -e "const j=JSON.parse(require('fs').readFileSync(process.argv[1],'utf8')); const v=($2); console.log(typeof v==='object'?JSON.stringify(v):v)" "$1"
}
mb() { [[ -n "${1:-}" && "${1:-0}" != 0 ]] && awk -v k="$1" 'BEGIN{printf "%.0f MB", k / 1024}' || echo "?"; } # kB -> "<n> MB", or "?" for none or 0
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.3f", b - a}'; } # start end (from now) -> seconds, 3 decimals
pids_without() { printf '%s\n' "${PIDS[@]}" | grep -vx "$1"; } # pid -> the PIDS array's other pids, one a line
stop_and_forget() { stop_pid "$1"; mapfile -t PIDS < <(pids_without "$1"); } # pid: stop it and take it out of PIDS

# --- for a cleanup trap -------------------------------------------------------------------------------------
stop_samplers_and_pids() { # the PSS and CPU samplers (PSS_SAMPLER_PID, CPU_SAMPLER_PID), then every pid in PIDS
  local pid
  for pid in "$PSS_SAMPLER_PID" "$CPU_SAMPLER_PID"; do [[ -n "$pid" ]] && { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; }; done
  for pid in "${PIDS[@]}"; do stop_pid "$pid"; done
  PIDS=()
}
remove_database_and_work() { # drops DATABASE if set (and clears it), then removes WORK unless BENCH_KEEP_LOGS is set
  [[ -n "$DATABASE" ]] && drop_database "$DATABASE"
  DATABASE=
  if [[ -n "${BENCH_KEEP_LOGS:-}" ]]; then echo "logs kept in $WORK" >&2; else rm -rf "$WORK"; fi
}

# --- process trees, from cpu_snapshot ------------------------------------------------------------------------
descendants_of() { # root -> its descendants' pids (not the root's), one a line
  cpu_snapshot | awk -v root="$1" '{ kids[$2] = kids[$2] " " $1 } END { q[1] = root; n = 1; for (i = 1; i <= n; i++) { k = split(kids[q[i]], c, " "); for (j = 1; j <= k; j++) q[++n] = c[j] } for (i = 2; i <= n; i++) print q[i] }'
}
tree_ticks() { # root -> utime+stime (clock ticks) of it and its descendants
  cpu_snapshot | awk -v root="$1" '{ kids[$2] = kids[$2] " " $1; t[$1] = $3 } END { q[1] = root; n = 1; for (i = 1; i <= n; i++) { k = split(kids[q[i]], c, " "); for (j = 1; j <= k; j++) q[++n] = c[j] } s = 0; for (i = 1; i <= n; i++) s += t[q[i]]; print s }'
}
# root: wait (up to 30 s) until its tree is idle, under 2 clock ticks in half a second; forked workers load their
# modules for a second or more of CPU each, which neither an idle reading nor a measured run should count.
wait_tree_idle() {
  local ticks last=-1 i
  for ((i = 0; i < 60; i++)); do
    ticks=$(tree_ticks "$1")
    ((last >= 0 && ticks - last < 2)) && break
    last=$ticks
    sleep 0.5
  done
}
# pids...: give them 3 s to exit (a stopped server's children), then stop each still there by its pid, saying so on
# stderr; returns 1 if any had to be stopped.
stop_leftovers() {
  local p i alive outlived=0
  for ((i = 0; i < 30; i++)); do
    alive=0; for p in "$@"; do kill -0 "$p" 2>/dev/null && alive=1; done
    ((alive)) || break
    sleep 0.1
  done
  for p in "$@"; do
    if kill -0 "$p" 2>/dev/null; then
      echo "  Clarion's child $p ($(cat "/proc/$p/comm" 2>/dev/null)) outlived it; stopping it" >&2
      outlived=1
      stop_pid "$p"
    fi
  done
  return $((outlived))
}

# --- memory: PSS (or another /proc field) summed over a process and its descendants ---------------------
# file field root [comm to leave out]... -> "<kB> <processes counted> <their names, e.g. node*3+esbuild>". PSS, not
# RSS: a parent and the workers it forks share pages, which RSS would count once per process.
tree_kb() {
  local file=$1 field=$2 root=$3
  shift 3
  cpu_snapshot | awk -v file="$file" -v field="$field:" -v root="$root" -v skip=" $* " '
    { c = $4; for (i = 5; i <= NF; i++) c = c " " $i; comm[$1] = c; kids[$2] = kids[$2] " " $1 }
    END {
      kb = 0; n = 0; queue[1] = root; qn = 1
      for (q = 1; q <= qn; q++) {
        pid = queue[q]
        k = split(kids[pid], child, " "); for (j = 1; j <= k; j++) queue[++qn] = child[j]
        if (!(pid in comm) || index(skip, " " comm[pid] " ")) continue
        f = "/proc/" pid "/" file
        while ((getline line < f) > 0) if (index(line, field) == 1) { split(line, a, " "); kb += a[2]; n++; c = comm[pid]; gsub(/ /, "_", c); names[c]++; break }
        close(f)
      }
      list = ""; for (c in names) list = list (list == "" ? "" : "+") c (names[c] > 1 ? "*" names[c] : "")
      print kb, n, (list == "" ? "-" : list)
    }'
}
# Sample the tree's PSS every PSS_INTERVAL s into $WORK/<name>.pss until pss_watch_end; the peak is the highest sample.
# The samplers are node processes (bench/proc-sampler.mjs): shell loops forking cat and awk four times a second cost
# the machine a third of a core. Each returns once its first sample is written, so its start is not in the phase.
pss_watch_begin() { # name root [comm to leave out]...; sets PSS_SAMPLER_PID
  local name=$1 root=$2
  shift 2
  : >"$WORK/$name.pss"
  node "$BENCH_LIB_DIR/proc-sampler.mjs" pss "$WORK/$name.pss" "$PSS_INTERVAL" "$root" "$@" &
  PSS_SAMPLER_PID=$!
  first_sample "$WORK/$name.pss" "$PSS_SAMPLER_PID"
}
# file pid: wait (up to 10 s) until the sampler pid has written its first sample to file, or has exited.
first_sample() {
  local i
  for ((i = 0; i < 200; i++)); do
    [[ -s "$1" ]] && return
    kill -0 "$2" 2>/dev/null || return
    sleep 0.05
  done
}
pss_watch_end() { # name -> "<peak kB> <processes at the peak> <their names> <samples>"; clears PSS_SAMPLER_PID
  kill "$PSS_SAMPLER_PID" 2>/dev/null; wait "$PSS_SAMPLER_PID" 2>/dev/null; PSS_SAMPLER_PID=
  awk '$1 > max { max = $1; n = $2; names = $3 } END { print max + 0, n + 0, (names == "" ? "-" : names), NR }' "$WORK/$1.pss"
}

# --- CPU over a measured phase: cpu_snapshot before ($WORK/<name>.cpu0), and once a second during it plus once at
# its end ($WORK/<name>.cpu1), so that processes that exit meanwhile (PostgreSQL backends the pool closes when idle,
# neighbours) still count, up to the last second they were seen.
cpu_begin() { # name; sets CPU_SAMPLER_PID
  : >"$WORK/$1.cpu1"
  node "$BENCH_LIB_DIR/proc-sampler.mjs" cpu "$WORK/$1.cpu1" 1 &
  CPU_SAMPLER_PID=$!
  first_sample "$WORK/$1.cpu1" "$CPU_SAMPLER_PID"
  # Its first sample is the phase's start: taken after its own start, which is then not charged to the phase.
  if [[ -s "$WORK/$1.cpu1" ]]; then mv "$WORK/$1.cpu1" "$WORK/$1.cpu0"; else cpu_snapshot >"$WORK/$1.cpu0"; fi
}
cpu_end() { # name; clears CPU_SAMPLER_PID
  kill "$CPU_SAMPLER_PID" 2>/dev/null; wait "$CPU_SAMPLER_PID" 2>/dev/null; CPU_SAMPLER_PID=
  cpu_snapshot >>"$WORK/$1.cpu1"
}
# before after root [other_root] (files of cpu_begin/cpu_end) -> "<root's tree> <other_root's tree> <postgres>
# <everything else> <the two busiest of everything else by comm, "comm:ticks,comm:ticks", or ->", in clock ticks.
# postgres = every process named postgres outside the two trees.
cpu_split() {
  awk -v root="$3" -v stand="${4:-}" '
    FNR == NR { before[$1] = $3; next }
    { if (!($1 in ticks) || $3 > ticks[$1]) ticks[$1] = $3; parent[$1] = $2; comm[$1] = $4 }
    END {
      for (pid in ticks) {
        kind = "other"
        for (a = pid; a != "" && a != 0 && a != 1; a = parent[a]) {
          if (a == root) { kind = "root"; break }
          if (a == stand) { kind = "stand"; break }
        }
        d = ticks[pid] - (pid in before ? before[pid] : 0)
        if (d <= 0) continue
        if (kind == "other" && comm[pid] == "postgres") kind = "postgres"
        sum[kind] += d
        if (kind == "other") bycomm[comm[pid]] += d
      }
      top = ""
      for (k = 0; k < 2; k++) {
        best = ""; for (c in bycomm) if (best == "" || bycomm[c] > bycomm[best]) best = c
        if (best == "") break
        top = top (top == "" ? "" : ",") best ":" bycomm[best]; delete bycomm[best]
      }
      print sum["root"] + 0, sum["stand"] + 0, sum["postgres"] + 0, sum["other"] + 0, (top == "" ? "-" : top)
    }' "$1" "$2"
}

# --- several runs of one bench script, their figures gathered (bench/broadcast/rounds.sh and scale-out.sh) -----------
# The caller sets WORK (the figures go to $WORK/figures: "round workers kind value" lines, "-" for a value a failed
# run has not) and FAILED (0 at first).

run_round() { # round out command...: runs the command, its output to out; a failure is told with its last lines
  local round=$1 out=$2
  shift 2
  "$@" >"$out" 2>&1 && return 0
  echo "  round $round failed (its last lines):" >&2; tail -n 15 "$out" | sed 's/^/    /' >&2
  FAILED=1
}

round_figures() { # workers kind [round]: that round's value, or every round's but the "-"s
  awk -v w="$1" -v kind="$2" -v r="${3:-}" '$2 == w && $3 == kind && (r == "" ? $4 != "-" : $1 == r) { print $4 }' "$WORK/figures"
}

rounds_stamp() { # started: the line that says what ran, for a rounds table
  echo "started $1 | commit $(git -C "$BENCH_LIB_DIR" rev-parse --short HEAD 2>/dev/null) | node $(node --version) | $(nproc) cores"
}

rounds_results_file() { # name: the path bench/results/<name>-<date and time>.txt, its folder made
  mkdir -p "$BENCH_LIB_DIR/results" && echo "$BENCH_LIB_DIR/results/$1-$(date +%Y-%m-%d-%H%M%S).txt"
}
