// One measured sender for bench/push-path, in a process of its own (started by run.ts): sends `pushes` pushes
// (after `warmup` unmeasured ones) to the simulator through createSender, as the fan-out does (p-map, one
// headers object and payload for the whole broadcast, apnsIdFor per push), and reports its own CPU per push.
//   variant 'clarion': the connection pool, sender, token and apns-id found under `root` (this checkout, or an
//   older commit's copy); variant 'bare': a minimal node:http2 client with no retries or queue, the floor of
//   what Node's http2 costs here.
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pMap from 'p-map';

export interface SenderConfig {
  variant: 'clarion' | 'bare';
  root: string;
  origin: string;
  ca: string;
  privateKey: string;
  teamId: string;
  keyId: string;
  topic: string;
  pushes: number;
  warmup: number;
  concurrency: number;
  connections: number;
  /** Where to write a V8 CPU profile of the measured pushes (warm-up and set-up left out). */
  profile?: string;
}

export interface SenderResult {
  pushes: number;
  seconds: number;
  cpuMicros: number;
  gcMillis: number;
  gcCount: number;
  outcomes: Record<string, number>;
}

type Send = (push: { deviceToken: string; apnsId: string; headers: Record<string, string>; payload: string }) => Promise<{ ok: true } | { ok: false; reason: string }>;

const config = JSON.parse(process.argv[2]!) as SenderConfig;
const load = (file: string) => import(pathToFileURL(path.join(config.root, file)).href);

const broadcastId = randomUUID();
const headers: Record<string, string> = { 'apns-topic': config.topic, 'apns-push-type': 'alert', 'apns-priority': '10' };
const payload = JSON.stringify({ aps: { alert: { title: 'Bench', body: 'Hello from the bench' } } });
// Through JSON, so that the strings are flat as the database driver gives them (randomUUID builds its result from
// pieces, which the first reader would pay to join).
const recipients = (count: number): { deviceUuid: string; deviceToken: string }[] =>
  JSON.parse(JSON.stringify(Array.from({ length: count }, () => ({ deviceUuid: randomUUID(), deviceToken: randomBytes(32).toString('hex') }))));

async function clarion(): Promise<{ send: Send; apnsIdFor: (b: string, d: string) => string; close: () => Promise<void> }> {
  const { createConnectionPool } = await load('src/apns/connection-pool.ts');
  const { createSender } = await load('src/apns/sender.ts');
  const { createProviderToken } = await load('src/apns/token.ts');
  const { apnsIdFor } = await load('src/apns/apns-id.ts');
  const pool = createConnectionPool({ origin: config.origin, ca: config.ca, connections: config.connections, onError: (e: Error) => console.error('pool:', e.message) });
  const token = createProviderToken({ teamId: config.teamId, keyId: config.keyId, privateKey: config.privateKey });
  return { send: createSender({ pool, token }), apnsIdFor, close: () => pool.close() };
}

/** As little as a node:http2 client can do per push: the floor under any sender written on it. */
async function bare(): Promise<{ send: Send; apnsIdFor: (b: string, d: string) => string; close: () => Promise<void> }> {
  const { createProviderToken } = await load('src/apns/token.ts');
  const authorization = `bearer ${createProviderToken({ teamId: config.teamId, keyId: config.keyId, privateKey: config.privateKey }).get()}`;
  const sessions = Array.from({ length: config.connections }, () => http2.connect(config.origin, { ca: config.ca }));
  let next = 0;
  // node:http2 copies the headers before request() returns, so one object serves every push.
  const template: Record<string, string> = { ':method': 'POST', ':path': '/', 'content-type': 'application/json', ...headers, authorization, 'apns-id': '' };
  const send: Send = (push) =>
    new Promise((resolve) => {
      const session = sessions[next]!;
      next = (next + 1) % sessions.length;
      template[':path'] = `/3/device/${push.deviceToken}`;
      template['apns-id'] = push.apnsId;
      const stream = session.request(template);
      let status = 0;
      stream.on('response', (h) => (status = Number(h[':status'])));
      stream.on('error', () => {});
      stream.on('close', () => resolve(status === 200 ? { ok: true } : { ok: false, reason: `HTTP${status}` }));
      stream.resume();
      stream.end(push.payload);
    });
  return { send, apnsIdFor: () => '6e5a4c1e-2f0b-5a3d-8c9e-0123456789ab', close: async () => sessions.forEach((s) => s.close()) };
}

async function run(send: Send, apnsIdFor: (b: string, d: string) => string, audience: ReturnType<typeof recipients>, outcomes: Record<string, number>) {
  await pMap(
    audience,
    async (recipient) => {
      const result = await send({ deviceToken: recipient.deviceToken, apnsId: apnsIdFor(broadcastId, recipient.deviceUuid), headers, payload });
      const key = result.ok ? 'ok' : result.reason;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    },
    { concurrency: config.concurrency },
  );
}

const { send, apnsIdFor, close } = config.variant === 'bare' ? await bare() : await clarion();
await run(send, apnsIdFor, recipients(config.warmup), {});
const audience = recipients(config.pushes);
const outcomes: Record<string, number> = {};
let gcMillis = 0;
let gcCount = 0;
const gc = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcMillis += entry.duration;
    gcCount += 1;
  }
});
gc.observe({ entryTypes: ['gc'] });
const inspector = config.profile ? new Session() : undefined;
if (inspector) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
  await inspector.post('Profiler.start');
}
const cpu = process.cpuUsage();
const started = process.hrtime.bigint();
await run(send, apnsIdFor, audience, outcomes);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const used = process.cpuUsage(cpu);
if (inspector) {
  const { profile } = await inspector.post('Profiler.stop');
  writeFileSync(config.profile!, JSON.stringify(profile));
  inspector.disconnect();
}
// Let the observer deliver the last entries.
await new Promise((resolve) => setImmediate(resolve));
gc.disconnect();
await close();
const result: SenderResult = { pushes: config.pushes, seconds, cpuMicros: used.user + used.system, gcMillis, gcCount, outcomes };
process.send!(result, () => process.exit(0));
