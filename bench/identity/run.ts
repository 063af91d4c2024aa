// What verified user targeting costs a subscribe request: the same re-subscription (one device, one externalId,
// answered 200) sent as fast as possible to an organization without identity keys and to one with a key, where
// each request carries an ES256 token that is verified. Rounds alternate on one server in one run; the figure is
// the ratio verified / plain per pair of rounds. Also: jose's verification alone, per token, in this process.
//
//   node --import tsx bench/identity/run.ts        (BENCH_PG_URL, BENCH_ROUNDS=3, BENCH_SECONDS=5, BENCH_CONNECTIONS=32)
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { importPKCS8, SignJWT } from 'jose';
import { openDatabase } from '../../src/db/database.ts';
import { throwawayDatabase } from '../../src/db/throwaway-database.ts';
import { createApiKey } from '../../src/domain/api-keys/service.ts';
import { verifyExternalIdToken } from '../../src/domain/identity/tokens.ts';
import { createOrganization } from '../../src/domain/organizations/service.ts';
import { createLogger } from '../../src/logger.ts';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const answer = await fetch(url, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : undefined };
}

/** `connections` loops sending `body` for `seconds`: answers per second, and any answer that was not 200. */
async function load(url: string, body: string) {
  const end = performance.now() + seconds * 1000;
  let answered = 0;
  let wrong = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const answer = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
        await answer.arrayBuffer();
        if (answer.status === 200) answered += 1;
        else wrong += 1;
      }
    }),
  );
  return { perSecond: answered / seconds, wrong };
}

const fresh = await throwawayDatabase(serverUrl, 'clarion_bench_identity');
const port = await freePort();
const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  env: { ...process.env, DATABASE_URL: fresh.url, PORT: String(port), DASHBOARD: 'off', LOG_LEVEL: 'warn', DEVICE_REGISTRATIONS_PER_MINUTE: '0', FANOUT_WORKERS: '0', REDIS_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i += 1) {
    if (i > 300) throw new Error('the server did not answer /healthz within 60 s');
    const ok = await fetch(`${base}/healthz`).then(async (r) => (await r.arrayBuffer(), r.status === 200)).catch(() => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const database = await openDatabase({ url: fresh.url, logger: createLogger('warn') });
  const plain = await createOrganization(database.prisma, { name: 'Plain', slug: 'plain' });
  const verified = await createOrganization(database.prisma, { name: 'Verified', slug: 'verified' });
  const liveKey = await createApiKey(database.prisma, { orgSlug: 'verified', kind: 'live' });
  if (!plain.ok || !verified.ok || !liveKey.ok) throw new Error('could not seed the organizations');
  await database.close();

  const identityKey = await post(`${base}/v1/identity/keys`, undefined, { authorization: `Bearer ${liveKey.value.key}` });
  if (identityKey.status !== 201) throw new Error(`POST /v1/identity/keys answered ${identityKey.status}`);
  const { id: kid, privateKey, publicKey } = identityKey.body as { id: string; privateKey: string; publicKey: string };
  const token = await new SignJWT({}).setProtectedHeader({ alg: 'ES256', kid }).setSubject('user-42').setAudience('verified').setIssuedAt().setExpirationTime('1h').sign(await importPKCS8(privateKey, 'ES256'));
  const device = await post(`${base}/v1/devices`, { apnsToken: 'ab'.repeat(32), platform: 'ios' });
  const subscribe = `${base}/v1/devices/${device.body.deviceUuid}/subscriptions`;
  const bodies = {
    plain: JSON.stringify({ orgSlug: 'plain', externalId: 'user-42' }),
    verified: JSON.stringify({ orgSlug: 'verified', externalId: 'user-42', externalIdToken: token }),
  };
  for (const [name, body] of Object.entries(bodies)) {
    const first = await post(subscribe, JSON.parse(body));
    if (first.status !== 201) throw new Error(`the first ${name} subscription answered ${first.status}: ${JSON.stringify(first.body)}`);
  }

  // Warm-up, then alternating rounds.
  await load(subscribe, bodies.plain);
  await load(subscribe, bodies.verified);
  const ratios: number[] = [];
  console.log(`subscribe (200, same device) with ${connections} connections, ${seconds} s per round`);
  for (let round = 1; round <= rounds; round += 1) {
    const a = await load(subscribe, bodies.plain);
    const b = await load(subscribe, bodies.verified);
    if (a.wrong || b.wrong) throw new Error(`round ${round}: answers other than 200 (plain ${a.wrong}, verified ${b.wrong})`);
    ratios.push(b.perSecond / a.perSecond);
    console.log(`round ${round}: plain ${a.perSecond.toFixed(0)}/s, verified ${b.perSecond.toFixed(0)}/s, ratio ${(b.perSecond / a.perSecond).toFixed(3)}`);
  }
  const sorted = [...ratios].sort((x, y) => x - y);
  console.log(`verified / plain: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(3)} (${sorted[0]!.toFixed(3)} to ${sorted.at(-1)!.toFixed(3)})`);

  // jose alone: one token verified again and again (the parsed key is cached by id, as in the server).
  const keys = [{ id: kid, publicKey }];
  const claims = { externalId: 'user-42', orgSlug: 'verified' };
  for (let i = 0; i < 200; i += 1) await verifyExternalIdToken(keys, token, claims);
  const n = 5000;
  const started = performance.now();
  for (let i = 0; i < n; i += 1) await verifyExternalIdToken(keys, token, claims);
  console.log(`verifyExternalIdToken alone: ${(((performance.now() - started) / n) * 1000).toFixed(0)} µs per token (${n} tokens)`);
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await fresh.drop();
}
