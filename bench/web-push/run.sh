#!/usr/bin/env bash
# Clarion's Web Push sender vs the web-push library, to the local simulator (see run.ts): bash bench/web-push/run.sh [--pushes N]
cd "$(dirname "$0")/../.." && exec node --import tsx bench/web-push/run.ts "$@"
