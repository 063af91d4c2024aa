// Where a process allocates, objects already collected included: V8's sampling heap profiler with
// includeObjectsCollectedByMinorGC/MajorGC, started when this module is preloaded and written when the process exits.
// `node --heap-prof` keeps only the objects still alive at the end, which says nothing of a push's short-lived
// garbage. Preload it into Clarion's process, whose forked workers inherit it:
//
//   BENCH_CLARION_NODE_ARGS="--import $PWD/bench/push-path/alloc-sampler.mjs" BENCH_ALLOC_DIR=/tmp/alloc \
//     BENCH_PEERS=off BENCH_WARMUP=1 bash bench/broadcast/run.sh
//   node --import tsx bench/push-path/alloc-top.ts /tmp/alloc/alloc-<pid>.heapprofile
//
// Each process writes alloc-<pid>.heapprofile into BENCH_ALLOC_DIR (default: the working directory) on a normal exit
// (a signal Node handles, process.exit), with a sample every BENCH_ALLOC_INTERVAL bytes (default 32768) on average.
import { writeFileSync, mkdirSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.BENCH_ALLOC_DIR ?? process.cwd();
const session = new Session();
session.connect();
session.post('HeapProfiler.startSampling', {
  samplingInterval: Number(process.env.BENCH_ALLOC_INTERVAL ?? 32_768),
  includeObjectsCollectedByMinorGC: true,
  includeObjectsCollectedByMajorGC: true,
});
// An in-process session answers synchronously, so the profile is written before the process ends.
process.once('exit', () => {
  session.post('HeapProfiler.stopSampling', (error, result) => {
    if (error) return void process.stderr.write(`alloc-sampler: ${error.message}\n`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `alloc-${process.pid}.heapprofile`), JSON.stringify(result.profile));
  });
});
