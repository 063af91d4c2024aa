// One Clarion (the checkout in argv[2], default this one) on a fresh database of the machine's PostgreSQL, one
// subscribed device, and POST /v1/notify sent one at a time: with a live key (recorded, sharded, sent at once
// by the accepting process) and with a test key (sent, nothing stored), alternately. Prints one JSON line of
// latency percentiles in ms. Run by bench/notify-latency/run.sh; not a test.
// BENCH_DEVICES=60 BENCH_SHARD_SIZE=20: the live sends go to 60 devices in 3 shards, which the fan-out workers send
// while the request waits for the broadcast's end (the test sends still reach one device).
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import pg from 'pg';

const dir = process.argv[2] ?? process.cwd();
const label = process.argv[3] ?? 'this checkout';
const rounds = Number(process.env.BENCH_ROUNDS ?? 400);
const devices = Number(process.env.BENCH_DEVICES ?? 1);
const shardSize = process.env.BENCH_SHARD_SIZE;
const admin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const run = promisify(execFile);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2));
};

const name = `clarion_latency_${randomBytes(5).toString('hex')}`;
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`CREATE DATABASE ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const env = { ...process.env, DATABASE_URL: url.toString(), REDIS_URL: '', DATA_DIR: '', LOG_LEVEL: 'warn', DASHBOARD: 'off', NOTIFY_PER_MINUTE: '0', DEVICE_REGISTRATIONS_PER_MINUTE: '0', SUBSCRIPTIONS_PER_MINUTE: '0', ...(shardSize && { FANOUT_SHARD_SIZE: shardSize }) };
const port = await freePort();
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: dir, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
try {
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    if (i > 600 || server.exitCode !== null) throw new Error('Clarion did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const cli = async (...args: string[]) => JSON.parse((await run('npx', ['--no-install', 'clarion', ...args], { cwd: dir, env })).stdout);
  await cli('org', 'create', '--name', 'Latency', '--slug', 'latency');
  const live = (await cli('key', 'create', '--org', 'latency', '--kind', 'live')).key as string;
  const test = (await cli('key', 'create', '--org', 'latency', '--kind', 'test')).key as string;
  const post = (path: string, body: unknown, key?: string) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(key && { authorization: `Bearer ${key}` }) }, body: JSON.stringify(body) });
  for (let i = 0; i < devices; i += 1) {
    const device = (await (await post('/v1/devices', { apnsToken: randomBytes(32).toString('hex'), platform: 'ios' })).json()) as { deviceUuid: string };
    await post(`/v1/devices/${device.deviceUuid}/subscriptions`, { orgSlug: 'latency' });
  }
  const times = { live: [] as number[], test: [] as number[] };
  for (let i = 0; i < rounds + 50; i += 1) {
    for (const kind of ['live', 'test'] as const) {
      const started = performance.now();
      const response = await post('/v1/notify', { body: `Hello ${i}`, target: 'all' }, kind === 'live' ? live : test);
      const answer = (await response.json()) as { status: string; sent: number };
      const elapsed = performance.now() - started;
      if (response.status !== 200 || answer.status !== 'completed' || answer.sent !== (kind === 'live' ? devices : 1)) throw new Error(`unexpected answer ${response.status} ${JSON.stringify(answer)}`);
      if (i >= 50) times[kind].push(elapsed); // the first 50 warm up
    }
  }
  const summary = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95), p99: percentile(values, 99) });
  console.log(JSON.stringify({ label, rounds, devices, shardSize: shardSize ?? 'default', live: summary(times.live), test: summary(times.test) }));
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}
