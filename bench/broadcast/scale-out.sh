#!/usr/bin/env bash
# Scale-out, several times over: bench/broadcast/run.sh's scale-out case (each forked worker held to a share of a core
# in a cgroup of its own, peers off) run BENCH_ROUNDS times, the worker counts in the opposite order every other round,
# so that a slow spell of this shared machine lands on different counts. Prints every round's pushes/s and steady rate
# per worker count, their medians, and each median as a multiple of the first count's (1 unless BENCH_WORKERS says
# otherwise). One run of a 60,000-device broadcast per count moves by a fifth from run to run here (bench/README.md),
# which a single round cannot tell from scale-out. Writes the table to bench/results/scale-out-<date>.txt too. Not a
# test: it only prints figures (exit 1 if any round failed).
#
#   bash bench/broadcast/scale-out.sh
#   BENCH_ROUNDS=5 BENCH_WORKERS="1 2 4" bash bench/broadcast/scale-out.sh
#   BENCH_DEVICES=240000 BENCH_WARMUP=2 bash bench/broadcast/scale-out.sh   # a broadcast long enough that its start and end weigh little at 8 workers
# Other BENCH_* variables reach run.sh; unset, these are the scale-out case's (bench/README.md):
set -uo pipefail
# shellcheck source=../lib.sh
source "$(dirname "$0")/../lib.sh"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROUNDS=${BENCH_ROUNDS:-3}
WORKERS=${BENCH_WORKERS:-1 2 4 8}
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || { echo "BENCH_ROUNDS must be a whole number of at least 1 (got $ROUNDS)" >&2; exit 2; }
export FANOUT_SHARD_RUNS=${FANOUT_SHARD_RUNS:-1} BENCH_MOCK=${BENCH_MOCK:-frames} BENCH_PEERS=${BENCH_PEERS:-off}
export BENCH_WORKER_CPU=${BENCH_WORKER_CPU:-0.1} BENCH_SHARD_SIZE=${BENCH_SHARD_SIZE:-2000} BENCH_DEVICES=${BENCH_DEVICES:-60000}
export BENCH_MOCK_DELAY_MS=${BENCH_MOCK_DELAY_MS:-20} BENCH_WARMUP=${BENCH_WARMUP:-8}

STARTED_AT=$(date -Is)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/clarion-scale.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
: >"$WORK/figures"
FAILED=0
echo "scale-out: $ROUNDS round(s) of bench/broadcast/run.sh, workers $WORKERS, each held to $BENCH_WORKER_CPU CPU;" \
  "$BENCH_DEVICES devices in shards of $BENCH_SHARD_SIZE, mock after $BENCH_MOCK_DELAY_MS ms, $BENCH_WARMUP warm-up(s)," \
  "FANOUT_SHARD_RUNS=$FANOUT_SHARD_RUNS${BENCH_WORKER_CPU_PERIOD_US:+, CFS period $BENCH_WORKER_CPU_PERIOD_US µs}${BENCH_WORKER_CPUSET:+, workers pinned to CPU $BENCH_WORKER_CPUSET and the API process and the mock to CPU ${BENCH_OTHER_CPUSET:-}}" >&2
for ((round = 1; round <= ROUNDS; round++)); do
  order=$WORKERS
  ((round % 2 == 0)) && order=$(tr ' ' '\n' <<<"$WORKERS" | grep . | tac | tr '\n' ' ')
  echo "== round $round/$ROUNDS: workers $order" >&2
  run_round "$round" "$WORK/round-$round.txt" env BENCH_WORKERS="$order" bash "$HERE/run.sh"
  # "Clarion  | 4 | 60000 | 0 | 1.243 | 48270 | ... | ok" and "Clarion, 4 worker(s): steady sending (...) 52627 pushes/s"
  awk -v r="$round" -F'|' '/^Clarion +\|/ { gsub(/ /, "", $2); gsub(/ /, "", $6); gsub(/^ +| +$/, "", $11); print r, $2, "rate", ($11 == "ok" ? $6 : "-") }' "$WORK/round-$round.txt" >>"$WORK/figures"
  sed -nE 's/^Clarion, ([0-9]+) worker\(s\): steady sending [^)]*\) ([0-9]+) pushes\/s.*/\1 \2/p' "$WORK/round-$round.txt" |
    awk -v r="$round" '{ print r, $1, "steady", $2 }' >>"$WORK/figures"
  # "... used up their quota in 434 of their 453 CFS periods (96%)": below about 95%, the workers had CPU left unused.
  sed -nE 's/^Clarion, ([0-9]+) worker\(s\): .*used up their quota in [0-9]+ of their [0-9]+ CFS periods \(([0-9]+)%\).*/\1 \2/p' "$WORK/round-$round.txt" |
    awk -v r="$round" '{ print r, $1, "quota", $2 }' >>"$WORK/figures"
  grep -E '^Clarion +\|' "$WORK/round-$round.txt" | sed 's/^/  /' >&2
done

RESULTS=$(rounds_results_file scale-out)
{
echo
echo "Clarion scale-out: $ROUNDS round(s), workers held to $BENCH_WORKER_CPU CPU each, $BENCH_DEVICES devices, mock after $BENCH_MOCK_DELAY_MS ms${BENCH_WORKER_CPU_PERIOD_US:+, CFS period $BENCH_WORKER_CPU_PERIOD_US µs}${BENCH_WORKER_CPUSET:+, workers pinned to CPU $BENCH_WORKER_CPUSET, the API process and the mock to CPU ${BENCH_OTHER_CPUSET:-}}"
rounds_stamp "$STARTED_AT"
echo "pushes/s: sent / POST to answer (run.sh); steady: between 10% and 90% of the pushes by the mock's count"
echo
# $WORK/figures: "round workers rate|steady|quota value" lines ("-" for a failed run's rate, left out of the medians).
whole() { [[ -z "$1" ]] || printf '%.0f' "$1"; }
ratio() { [[ -n "$1" && -n "$2" ]] && awk -v a="$1" -v b="$2" 'BEGIN { printf "x%.2f", a / b }' || echo -; }
read -ra COUNTS <<<"$WORKERS"
base=$(round_figures "${COUNTS[0]}" rate | median); steady_base=$(round_figures "${COUNTS[0]}" steady | median)
printf '%-7s | %-28s | %-9s | %-6s | %-28s | %-9s | %-6s | %s\n' workers "pushes/s, round by round" median "x ${COUNTS[0]}" "steady, round by round" median "x ${COUNTS[0]}" "quota used up, % of periods"
for w in "${COUNTS[@]}"; do
  rates=(); steadies=(); quotas=()
  for ((round = 1; round <= ROUNDS; round++)); do
    v=$(round_figures "$w" rate "$round"); rates+=("${v:-?}")
    v=$(round_figures "$w" steady "$round"); steadies+=("${v:-?}")
    v=$(round_figures "$w" quota "$round"); quotas+=("${v:-?}")
  done
  rate=$(round_figures "$w" rate | median); steady=$(round_figures "$w" steady | median)
  printf '%-7s | %-28s | %-9s | %-6s | %-28s | %-9s | %-6s | %s\n' "$w" "${rates[*]}" "$(whole "$rate")" "$(ratio "$rate" "$base")" \
    "${steadies[*]}" "$(whole "$steady")" "$(ratio "$steady" "$steady_base")" "${quotas[*]}"
done
echo
echo "Goal (issue 21): x1.8 at 2 workers, x3.6 at 4, x7 at 8, by the pushes/s medians."
echo "Quota used up: in how many of the held workers' CFS periods they used all of their share (cpu.stat's nr_throttled"
echo "of nr_periods, over the measured broadcast). Near 100%, the quota is the limit and pushes/s follow the CPU a push;"
echo "lower, the workers had CPU left and waited on something else (the machine, the database, the mock, each other)."
} | tee "$RESULTS"
echo "(written to bench/results/$(basename "$RESULTS"))"
exit "$FAILED"
