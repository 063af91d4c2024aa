// Counts what a request costs in asynchronous bookkeeping: promises, process.nextTick calls and timers made per
// request, and where the promises are made (a stack for every 50th). Preloaded into Clarion's process by bench/rest:
//
//   BENCH_TARGETS=postgres BENCH_KEEP_LOGS=1 BENCH_CLARION_NODE_ARGS="--import $PWD/bench/rest/promises.mjs" bash bench/rest/run.sh
//   grep -h '^promises' <kept directory>/postgres.server.log
//
// It prints when the server is stopped (SIGTERM, as run.sh stops it) or on SIGUSR2: requests counted, then promises,
// nextTicks and timers per request, then the 30 most frequent stacks with the promises per request each stands for.
// Its own async_hooks hook makes the server slower: read its counts, not the run's req/s. Each promise costs its
// allocation and a microtask; on Node 20 the request id's AsyncLocalStorage (src/logger.ts) adds promise hooks to
// every one of them (bench/README.md).
import { createHook } from 'node:async_hooks';
import http from 'node:http';

const SAMPLE = 50;
const counts = { PROMISE: 0, TickObject: 0, Timeout: 0 };
const stacks = new Map();
let requests = 0;
let promises = 0;

createHook({
  init(_id, type) {
    if (type in counts) counts[type] += 1;
    if (type !== 'PROMISE' || ++promises % SAMPLE) return;
    const holder = {};
    Error.captureStackTrace(holder);
    const frames = holder.stack.split('\n').slice(1).map((line) => line.trim()).filter((line) => !line.includes('node:internal/async_hooks') && !line.includes('AsyncHook.init'));
    const key = frames.slice(0, 5).join(' < ');
    stacks.set(key, (stacks.get(key) ?? 0) + 1);
  },
}).enable();

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event === 'request') requests += 1;
  return emit.call(this, event, ...args);
};

function report() {
  const per = (n) => (requests ? n / requests : 0).toFixed(2);
  process.stderr.write(`promises: ${requests} requests; a request: ${per(counts.PROMISE)} promises, ${per(counts.TickObject)} nextTicks, ${per(counts.Timeout)} timers\n`);
  for (const [stack, n] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 30)) process.stderr.write(`promises ${per(n * SAMPLE)} ${stack}\n`);
}
process.prependListener('SIGTERM', report);
process.on('SIGUSR2', report);
