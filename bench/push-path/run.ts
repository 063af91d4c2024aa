// The per-push CPU of Clarion's APNs sender, and its throughput, against the simulator in a process of its own.
//   node --import tsx bench/push-path/run.ts [--pushes 100000] [--rounds 3] [--variants baseline,current,bare]
// Each variant sends from a fresh child process (bench/push-path/sender.ts), rounds alternate the variants, and
// the table gives each variant's median and range. See bench/push-path/README.md.
import { execFileSync, fork } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { SenderConfig, SenderResult } from './sender.ts';

const { values: args } = parseArgs({
  options: {
    pushes: { type: 'string', default: '100000' },
    warmup: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    variants: { type: 'string', default: 'baseline,current' },
    // The commit before the push path was reworked.
    baseline: { type: 'string', default: '548e186' },
    'max-streams': { type: 'string', default: '1000' },
    'cpu-prof': { type: 'boolean', default: false },
    // Extra node flags for the sender processes, e.g. --max-semi-space-size=32.
    'sender-flags': { type: 'string', default: '' },
  },
});

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const results = path.join(repo, 'bench/results/push-path');
mkdirSync(results, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const SENDER_FILES = ['src/apns/connection-pool.ts', 'src/apns/sender.ts', 'src/apns/token.ts', 'src/apns/apns-id.ts'];

/**
 * A copy of the sender's files as they were at `commit`, in the temporary directory (out of the type check's way),
 * with this checkout's node_modules linked in so that their imports resolve.
 */
function checkoutOf(commit: string) {
  const root = path.join(os.tmpdir(), 'clarion-push-path', `at-${commit}`);
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'package.json'), '{"type":"module"}\n');
  if (!existsSync(path.join(root, 'node_modules'))) symlinkSync(path.join(repo, 'node_modules'), path.join(root, 'node_modules'));
  for (const file of SENDER_FILES) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), execFileSync('git', ['show', `${commit}:${file}`], { cwd: repo }));
  }
  return root;
}

function variantConfig(name: string): Pick<SenderConfig, 'variant' | 'root'> {
  if (name === 'current') return { variant: 'clarion', root: repo };
  if (name === 'bare') return { variant: 'bare', root: repo };
  // A directory laid out as the checkout (src/apns/..., src/apns/apns-id.ts, node_modules), e.g. an experiment.
  if (name.startsWith('dir:')) return { variant: 'clarion', root: path.resolve(name.slice(4)) };
  return { variant: 'clarion', root: checkoutOf(name === 'baseline' ? args.baseline : name) };
}

type Usage = { cpu: NodeJS.CpuUsage; accepted: number };
const simulator = fork(path.join(here, 'simulator.ts'), { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_MAX_STREAMS: args['max-streams'] } });
const ready = await new Promise<{ origin: string; ca: string; privateKey: string; teamId: string; keyId: string; topic: string }>((resolve, reject) => {
  simulator.once('message', resolve as (m: unknown) => void);
  simulator.once('exit', (code) => reject(new Error(`simulator exited (${code})`)));
});
const simulatorUsage = () =>
  new Promise<Usage>((resolve) => {
    simulator.once('message', resolve as (m: unknown) => void);
    simulator.send({ type: 'usage' });
  });

function runSender(name: string, profile: boolean) {
  const config: SenderConfig = {
    ...variantConfig(name),
    ...ready,
    pushes: Number(args.pushes),
    warmup: Number(args.warmup),
    concurrency: Number(args.concurrency),
    connections: Number(args.connections),
  };
  // The V8 CPU profiler (as --cpu-prof) through node:inspector, over the measured pushes only.
  if (profile) config.profile = path.join(results, `${name}-${stamp}.cpuprofile`);
  const child = fork(path.join(here, 'sender.ts'), [JSON.stringify(config)], { execArgv: ['--import', 'tsx', ...args['sender-flags'].split(' ').filter(Boolean)] });
  return new Promise<SenderResult>((resolve, reject) => {
    child.once('message', resolve as (m: unknown) => void);
    child.once('exit', (code) => code !== 0 && reject(new Error(`sender ${name} exited (${code})`)));
  });
}

const variants = args.variants.split(',');
const rows: Record<string, { rate: number; cpu: number; gc: number; sim: number }[]> = {};
const lines: string[] = [];
const log = (line: string) => {
  console.log(line);
  lines.push(line);
};
log(`push path: ${args.pushes} pushes (+${args.warmup} warm-up), concurrency ${args.concurrency}, ${args.connections} connections, server max ${args['max-streams']} streams,${args['sender-flags'] ? ` sender flags ${args['sender-flags']},` : ''} node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`);
log('variant       pushes/s   sender CPU us/push   GC ms (count)   simulator CPU us/push   outcomes');
for (let round = 0; round < Number(args.rounds); round += 1) {
  for (const name of variants) {
    const before = await simulatorUsage();
    const result = await runSender(name, false);
    const after = await simulatorUsage();
    const simMicros = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / result.pushes;
    const row = { rate: result.pushes / result.seconds, cpu: result.cpuMicros / result.pushes, gc: result.gcMillis, sim: simMicros };
    (rows[name] ??= []).push(row);
    const ok = result.outcomes.ok === result.pushes ? 'all ok' : JSON.stringify(result.outcomes);
    log(`${name.padEnd(12)} ${row.rate.toFixed(0).padStart(9)}   ${row.cpu.toFixed(1).padStart(18)}   ${`${row.gc.toFixed(0)} (${result.gcCount})`.padStart(13)}   ${simMicros.toFixed(1).padStart(21)}   ${ok}`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const range = (xs: number[], digits: number) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`;
log('\nmedian (min-max) over the rounds');
for (const [name, runs] of Object.entries(rows)) {
  log(`${name.padEnd(12)} pushes/s ${range(runs.map((r) => r.rate), 0)}   sender CPU us/push ${range(runs.map((r) => r.cpu), 1)}   GC ms ${range(runs.map((r) => r.gc), 0)}`);
}
// Runs next to each other share the same neighbours: the ratio within a round is steadier than either figure.
const [first, ...others] = Object.keys(rows);
for (const name of others) {
  const ratios = rows[name]!.map((run, i) => run.cpu / rows[first!]![i]!.cpu);
  if (ratios.length) log(`${name.padEnd(12)} sender CPU per push / ${first}'s in the same round: ${range(ratios, 2)}`);
}
if (args['cpu-prof']) {
  // An extra run per variant, left out of the figures above: the profiler costs CPU too.
  for (const name of variants) await runSender(name, true);
  log(`\nCPU profiles (one more run per variant, not counted above): ${results}/*-${stamp}.cpuprofile; summarise with bench/push-path/profile-top.ts`);
}
writeFileSync(path.join(results, `run-${stamp}.txt`), `${lines.join('\n')}\n`);
simulator.disconnect();
