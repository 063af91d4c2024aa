# Shared by bench/rest/run.sh and bench/broadcast/run.sh: waiting for a server, and CPU accounting from /proc.
# Sourced, not run. Needs START_TIMEOUT, and PG_HOST, PG_PORT, PG_USER for the database helpers.

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
