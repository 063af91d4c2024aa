// Clarion's Web Push sender against the web-push library (3.6.7), to the same simulator, in the same Node.
//   node --import tsx bench/web-push/run.ts [--pushes 20000] [--concurrency 64] [--rounds 3]
// The simulator runs in a child process; each sender run is a fresh child process, rounds alternate the
// variants. Per variant: pushes/s (wall clock of the measured pushes), the sender's CPU per push
// (process.cpuUsage) and the simulator's, medians over the rounds; and the ratio of the rates.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateVapidKeys } from '../../src/webpush/vapid-keys.ts';
import type { SenderConfig, SenderResult } from './sender.ts';

const { values: args } = parseArgs({
  options: {
    pushes: { type: 'string', default: process.env.BENCH_PUSHES ?? '20000' },
    warmup: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '64' },
    subscriptions: { type: 'string', default: '1000' },
    'max-sockets': { type: 'string', default: '32' },
    rounds: { type: 'string', default: '3' },
    variants: { type: 'string', default: 'clarion,web-push' },
    // Extra node flags for the sender processes, e.g. --cpu-prof.
    'sender-flags': { type: 'string', default: '' },
  },
});

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const child = (file: string, argv: string[] = [], flags: string[] = []) =>
  fork(path.join(here, file), argv, { execArgv: ['--import', 'tsx', ...flags], cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
/** The child's next message, or its exit as an error. */
const next = <T>(process: ChildProcess) => new Promise<T>((resolve, reject) => {
  const exited = (code: number | null) => reject(new Error(`${process.spawnargs.join(' ')} exited ${code}`));
  process.once('exit', exited);
  process.once('message', (message) => {
    process.off('exit', exited);
    resolve(message as T);
  });
});

const vapid = { subject: 'mailto:bench@clarion.invalid', ...generateVapidKeys() };
const simulator = child('simulator.ts', [JSON.stringify({ subscriptions: Number(args.subscriptions), applicationServerKey: vapid.publicKey })]);
const ready = await next<{ origin: string; ca: string; subscriptions: SenderConfig['subscriptions'] }>(simulator);
type Usage = { cpu: NodeJS.CpuUsage; accepted: number; requests: number };
const usage = () => {
  const answer = next<Usage>(simulator);
  simulator.send({ type: 'usage' });
  return answer;
};

const VARIANTS = args.variants.split(',') as SenderConfig['variant'][];
const results: Record<string, { rate: number; senderMicros: number; simulatorMicros: number; failures: Record<string, number> }[]> = { clarion: [], 'web-push': [] };

for (let round = 1; round <= Number(args.rounds); round += 1) {
  for (const variant of round % 2 ? VARIANTS : [...VARIANTS].reverse()) {
    const config: SenderConfig = {
      variant, origin: ready.origin, ca: ready.ca, subscriptions: ready.subscriptions, vapid,
      pushes: Number(args.pushes), warmup: Number(args.warmup), concurrency: Number(args.concurrency), maxSockets: Number(args['max-sockets']),
    };
    const sender = child('sender.ts', [], args['sender-flags'].split(' ').filter(Boolean));
    const result = next<SenderResult>(sender);
    sender.send(JSON.stringify(config));
    // The simulator's CPU is read around the whole child run (warm-up included) and divided by all its pushes.
    const before = await usage();
    const measured = await result;
    const after = await usage();
    const simulatorMicros = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / Math.max(1, after.requests - before.requests);
    const row = { rate: measured.pushes / measured.seconds, senderMicros: measured.cpuMicros / measured.pushes, simulatorMicros, failures: measured.failures };
    results[variant]!.push(row);
    console.error(`round ${round} ${variant}: ${row.rate.toFixed(0)} pushes/s, sender ${row.senderMicros.toFixed(1)} µs/push, simulator ${row.simulatorMicros.toFixed(1)} µs/push${Object.keys(row.failures).length ? `, FAILURES ${JSON.stringify(row.failures)}` : ''}`);
  }
}
simulator.disconnect();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const summary = (variant: string) => {
  const rows = results[variant]!;
  return { rate: median(rows.map((r) => r.rate)), sender: median(rows.map((r) => r.senderMicros)), simulator: median(rows.map((r) => r.simulatorMicros)), failures: rows.reduce((n, r) => n + Object.values(r.failures).reduce((a, b) => a + b, 0), 0) };
};
const ours = summary('clarion');
const theirs = summary('web-push');
const lines = [
  `Web Push: ${args.pushes} pushes to ${args.subscriptions} subscriptions of the local simulator, ${args.concurrency} in flight, ${args['max-sockets']} sockets, medians of ${args.rounds} rounds`,
  `node ${process.version} | ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}) | load avg ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`,
  '',
  'sender            pushes/s   sender CPU µs/push   simulator CPU µs/push   failures',
  ...[['Clarion', ours], ['web-push 3.6.7', theirs]].map(([name, s]) => {
    const r = s as typeof ours;
    return `${String(name).padEnd(16)} ${r.rate.toFixed(0).padStart(9)}   ${r.sender.toFixed(1).padStart(18)}   ${r.simulator.toFixed(1).padStart(21)}   ${r.failures}`;
  }),
  '',
  `rate ratio Clarion / web-push: ${(ours.rate / theirs.rate).toFixed(2)}x; sender CPU per push ratio web-push / Clarion: ${(theirs.sender / ours.sender).toFixed(2)}x`,
];
console.log(lines.join('\n'));
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `web-push-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
writeFileSync(file, `${lines.join('\n')}\n`);
console.error(`(written to ${path.relative(root, file)})`);
process.exit(ours.failures + theirs.failures ? 1 : 0);
