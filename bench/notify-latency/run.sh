#!/usr/bin/env bash
# What recording a broadcast and its job costs a one-device POST /v1/notify: latency percentiles of live-key
# sends (recorded, sharded, sent at once by the accepting process) next to test-key sends (sent, nothing stored)
# in the same run, and, with BENCH_REF=<git revision>, the same for that revision (a worktree sharing this
# checkout's node_modules) so that the added latency is a difference measured in one run. Figures, not a test.
#
#   bash bench/notify-latency/run.sh
#   BENCH_REF=548e186 BENCH_ROUNDS=400 bash bench/notify-latency/run.sh
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
if [[ -n "${BENCH_REF:-}" ]]; then
  REF_DIR=$(mktemp -d "${TMPDIR:-/tmp}/clarion-ref.XXXXXX")
  trap 'git -C "$ROOT" worktree remove --force "$REF_DIR" >/dev/null 2>&1 || rm -rf "$REF_DIR"' EXIT
  git worktree add --detach "$REF_DIR" "$BENCH_REF" >/dev/null 2>&1
  ln -s "$ROOT/node_modules" "$REF_DIR/node_modules"
  (cd "$REF_DIR" && npx --no-install prisma generate >/dev/null 2>&1)
  node --import tsx bench/notify-latency/measure.ts "$REF_DIR" "$BENCH_REF"
fi
node --import tsx bench/notify-latency/measure.ts "$ROOT" "$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo '+changes')"
