#!/usr/bin/env bash
# `npm run bench:rest` (package.json) calls this path; the benchmark lives in bench/rest/run.sh.
exec bash "$(dirname "${BASH_SOURCE[0]}")/rest/run.sh" "$@"
