#!/usr/bin/env bash
# The broadcast comparison, several times over: bench/broadcast/run.sh (h2load, @parse/node-apn and Clarion, one after
# the other against one mock) run BENCH_ROUNDS times, each ratio taken within its own run, then their medians. On this
# shared 2-core machine one run's ratio moves by a fifth within minutes (the mock, the limit of every sender, shares the
# cores with them), which a single run cannot tell from a change. Prints every round's figures per worker count and
# their medians, and writes the table to bench/results/broadcast-rounds-<date>.txt. Not a test: it only prints figures
# (exit 1 if any round failed).
#
#   bash bench/broadcast/rounds.sh                         # 5 rounds of the default broadcast (100,000 devices)
#   BENCH_ROUNDS=3 BENCH_WORKERS="1 2" bash bench/broadcast/rounds.sh
#   BENCH_MOCK_CPUSET=0 BENCH_SENDER_CPUSET=1 bash bench/broadcast/rounds.sh   # the mock on a core of its own
# Other BENCH_* variables reach run.sh as they are.
set -uo pipefail
# shellcheck source=../lib.sh
source "$(dirname "$0")/../lib.sh"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROUNDS=${BENCH_ROUNDS:-5}
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || { echo "BENCH_ROUNDS must be a whole number of at least 1 (got $ROUNDS)" >&2; exit 2; }
[[ "${BENCH_PEERS:-on}" == off ]] && { echo "rounds.sh compares Clarion with the peers: BENCH_PEERS=off leaves nothing to compare" >&2; exit 2; }

STARTED_AT=$(date -Is)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/clarion-rounds.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
: >"$WORK/figures"
FAILED=0
echo "broadcast rounds: $ROUNDS run(s) of bench/broadcast/run.sh" >&2
for ((round = 1; round <= ROUNDS; round++)); do
  echo "== round $round/$ROUNDS" >&2
  out="$WORK/round-$round.txt"
  run_round "$round" "$out" bash "$HERE/run.sh"
  # "Clarion  | 2 | 100000 | 0 | 4.433 | 22558 | 1.54 | 0.85 | 163 MB | 197 MB | ok": a failed run's figures are left out.
  awk -v r="$round" -F'|' '/^Clarion +\|/ { for (i = 2; i <= 11; i++) gsub(/^ +| +$/, "", $i); if ($11 != "ok") next; print r, $2, "rate", $6; print r, $2, "xpeer", $7; print r, $2, "xh2load", $8 }' "$out" >>"$WORK/figures"
  # "Clarion, 2 worker(s): steady sending (...) 25383 pushes/s (0.92 x h2load's, 1.58 x node-apn's); ..."
  sed -nE 's/^Clarion, ([0-9]+) worker\(s\): steady sending [^)]*\) [0-9]+ pushes\/s \(([0-9.]+) x h2load.s, ([0-9.]+) x node-apn.s\).*/\1 \2 \3/p' "$out" |
    awk -v r="$round" '{ print r, $1, "steadyh2load", $2; print r, $1, "steadypeer", $3 }' >>"$WORK/figures"
  # "  clarion/2:   Clarion (node and its children) 35% (16.2 µs a push) | ..." and "  peer:        node-apn 95% (70.5 µs a push) | ..."
  # With BENCH_WARMUP the peer's CPU line covers its unmeasured passes too; its measured pass's is in its note.
  peer_us=$(sed -nE 's/.*its CPU over the measured pass ([0-9.]+) µs a push.*/\1/p' "$out")
  [[ -n "$peer_us" ]] || peer_us=$(sed -nE 's/^  peer: +node-apn [0-9]+% \(([0-9.]+) µs a push\).*/\1/p' "$out")
  sed -nE 's/^  clarion\/([0-9]+): +Clarion \(node and its children\) [0-9]+% \(([0-9.]+) µs a push\).*/\1 \2/p' "$out" |
    awk -v r="$round" -v peer="$peer_us" '{ print r, $1, "us", $2; if (peer > 0) printf "%s %s cpu %.2f\n", r, $1, $2 / peer }' >>"$WORK/figures"
  grep -E '^(h2load|node-apn|Clarion) +\|' "$out" | sed 's/^/  /' >&2
done

RESULTS=$(rounds_results_file broadcast-rounds)
{
echo
echo "Clarion broadcast, $ROUNDS round(s) of bench/broadcast/run.sh (${BENCH_DEVICES:-100000} devices, workers ${BENCH_WORKERS:-2}${BENCH_MOCK_CPUSET:+, the mock pinned to CPU $BENCH_MOCK_CPUSET and every sender to CPU ${BENCH_SENDER_CPUSET:-}})"
rounds_stamp "$STARTED_AT"
echo "each ratio is to the same round's h2load or node-apn; medians over the rounds Clarion's run passed"
echo
row() { # workers kind label format
  local values=() v
  for ((round = 1; round <= ROUNDS; round++)); do v=$(round_figures "$1" "$2" "$round"); values+=("${v:-?}"); done
  local m; m=$(round_figures "$1" "$2" | median)
  printf '%-7s | %-36s | %-40s | %s\n' "$1" "$3" "${values[*]}" "$([[ -n "$m" ]] && printf "$4" "$m" || echo -)"
}
printf '%-7s | %-36s | %-40s | %s\n' workers figure "round by round" median
for w in $(awk '{ print $2 }' "$WORK/figures" | sort -un); do
  row "$w" rate "Clarion pushes/s" '%.0f'
  row "$w" xpeer "x node-apn (goal >= 1.5)" '%.2f'
  row "$w" xh2load "x h2load (goal >= 0.8)" '%.2f'
  row "$w" steadypeer "steady x node-apn" '%.2f'
  row "$w" steadyh2load "steady x h2load" '%.2f'
  row "$w" us "Clarion's CPU a push, µs" '%.1f'
  row "$w" cpu "CPU a push x node-apn's (goal <= 0.4)" '%.2f'
done
} | tee "$RESULTS"
echo "(written to bench/results/$(basename "$RESULTS"))"
exit "$FAILED"
