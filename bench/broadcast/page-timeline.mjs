// Where a broadcast's time went, from Clarion's own debug lines: when each shard run claimed its shard, and how long
// each of its pages spent being read, sent (until the last answer) and committed. Reads a server log written with
// LOG_LEVEL=debug (bench/broadcast/run.sh: BENCH_LOG_LEVEL=debug BENCH_KEEP_LOGS=1, then the kept clarion-<workers>.log)
// and looks at the last broadcast in it. Not a test: it prints a summary.
//
//   node bench/broadcast/page-timeline.mjs <server log> [--runs]     (--runs: every run's pages too)
import { readFileSync } from 'node:fs';

const [file, flag] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/broadcast/page-timeline.mjs <server log written with LOG_LEVEL=debug> [--runs]');
  process.exit(2);
}
const lines = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('{'))
  .map((line) => JSON.parse(line));
const at = (line) => Date.parse(line.time);

const pages = lines.filter((line) => line.message === 'shard page stored');
if (!pages.length) {
  console.error(`${file} has no "shard page stored" lines: run Clarion with LOG_LEVEL=debug`);
  process.exit(1);
}
if (pages.at(-1).sendMs === undefined) {
  console.error(`${file} has page lines without their steps' times: it was written by a Clarion older than page-timeline.mjs`);
  process.exit(1);
}
const broadcast = pages.at(-1).broadcast;
const mine = (line) => line.broadcast === broadcast;
// A run is one claim of one shard: the same process and shard, from its "shard claimed" line on.
const runs = [];
for (const line of lines.filter(mine)) {
  if (line.message === 'shard claimed') runs.push({ pid: line.pid, shard: line.shard, claimed: at(line), claimMs: line.claimMs, pages: [] });
  if (line.message !== 'shard page stored') continue;
  const run = runs.findLast((each) => each.pid === line.pid && each.shard === line.shard);
  if (!run) continue; // claimed before the log begins
  const end = at(line);
  const sent = end - line.commitMs;
  const sending = sent - line.sendMs;
  run.pages.push({ read: sending - line.readMs, sending, sent, end, devices: line.devices, readMs: line.readMs, sendMs: line.sendMs, commitMs: line.commitMs });
}
const post = lines.filter((line) => line.message === 'request answered' && line.method === 'POST' && line.route === '/v1/notify').at(-1);
// Its shards committed and the workers woken (a Clarion older than this line has none).
const planned = lines.find((line) => mine(line) && line.message === 'shards planned');
const start = post ? at(post) - post.durationMs : Math.min(...runs.map((run) => run.claimed - run.claimMs));
const all = runs.flatMap((run) => run.pages);
const first = Math.min(...runs.map((run) => run.claimed));
const firstSend = Math.min(...all.map((page) => page.sending));
const lastEnd = Math.max(...all.map((page) => page.end));
const ms = (t) => `${Math.round(t - start)} ms`;
const sum = (values) => values.reduce((total, value) => total + value, 0);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

console.log(`broadcast ${broadcast}: ${sum(all.map((page) => page.devices))} devices in ${all.length} pages, ${runs.length} shard runs in ${new Set(runs.map((run) => run.pid)).size} processes`);
console.log(`times from ${post ? 'the POST /v1/notify arriving' : 'the first claim'}: ${planned ? `shards planned ${ms(at(planned))}, ` : ''}first shard claimed ${ms(first)}, first page sending ${ms(firstSend)}, last page stored ${ms(lastEnd)}${post ? `, answered ${ms(at(post))}` : ''}`);
for (const step of ['readMs', 'sendMs', 'commitMs']) {
  const values = all.map((page) => page[step]);
  console.log(`  ${step.replace('Ms', '').padEnd(6)} a page: median ${median(values).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms, ${((100 * sum(values)) / sum(all.map((page) => page.end - page.read))).toFixed(1)}% of the runs' page time`);
}
console.log(`  claim a run: median ${median(runs.map((run) => run.claimMs)).toFixed(1)} ms; claim to its first page sending: median ${median(runs.filter((run) => run.pages.length).map((run) => run.pages[0].sending - run.claimed)).toFixed(1)} ms`);

// How many runs had pushes in flight, in 10 ms steps from the first send to the last store.
const STEP = 10;
const counts = new Map();
for (let t = firstSend; t < lastEnd; t += STEP) {
  const busy = all.filter((page) => page.sending <= t && t < page.sent).length;
  counts.set(busy, (counts.get(busy) ?? 0) + 1);
}
const steps = sum([...counts.values()]);
console.log(`runs with pushes in flight (share of ${STEP} ms steps from the first send to the last store):`);
console.log(`  ${[...counts].sort(([a], [b]) => a - b).map(([busy, n]) => `${busy}: ${((100 * n) / steps).toFixed(0)}%`).join(', ')}`);

if (flag === '--runs') {
  for (const run of runs.sort((a, b) => a.pid - b.pid || a.claimed - b.claimed)) {
    const pagesText = run.pages.map((page) => `[${Math.round(page.sending - start)}-${Math.round(page.sent - start)}-${Math.round(page.end - start)}]`).join('');
    console.log(`  pid ${run.pid} shard ${run.shard}: claimed ${ms(run.claimed)} ${pagesText}`);
  }
  console.log('  (each page: [sending from - last answer - stored], ms from the start)');
}
