// Fuzz campaign against a real Clarion: `node --import tsx src/main.ts` on a fresh database of the machine's
// PostgreSQL, driven with test/support/fuzz.ts's cases (every /v1 route of the route table, /graphql, other paths,
// raw request lines). Prints counts by status and by target, and every property violation (a 5xx, an error body
// that is not JSON, a stack trace, SQL or a source path); exits 1 if there was any. See bench/README.md.
//
//   node --import tsx bench/fuzz/run.ts                  # FUZZ_CASES=12000 by default
//   FUZZ_CASES=50000 FUZZ_SEED=42 node --import tsx bench/fuzz/run.ts
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import fc from 'fast-check';
import { openDatabase } from '../../src/db/database.ts';
import { throwawayDatabase } from '../../src/db/throwaway-database.ts';
import { createApiKey } from '../../src/domain/api-keys/service.ts';
import { createOrganization } from '../../src/domain/organizations/service.ts';
import { routes } from '../../src/http/rest/routes.ts';
import { createLogger } from '../../src/logger.ts';
import { describeCase, graphqlCases, otherCases, rawCases, routeCases, send, violations, type FuzzCase, type FuzzSeeds } from '../../test/support/fuzz.ts';

const total = Number(process.env.FUZZ_CASES ?? 12_000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const serverUrl = process.env.BENCH_DATABASE_URL ?? `postgres://${process.env.BENCH_PG_USER ?? 'postgres'}@${process.env.BENCH_PG_HOST ?? '127.0.0.1'}:${process.env.BENCH_PG_PORT ?? '5432'}/postgres`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function main() {
  const fresh = await throwawayDatabase(serverUrl, 'clarion_fuzz');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env, DATABASE_URL: fresh.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', DASHBOARD: 'off',
    DEVICE_REGISTRATIONS_PER_MINUTE: '0', NOTIFY_PER_MINUTE: '0', WEBHOOK_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'), WEBHOOKS_ALLOW_PRIVATE: 'true',
  };
  delete env.REDIS_URL;
  delete env.DATA_DIR;
  // Its log is counted, not shown: error lines are worth knowing of even when every answer was right.
  const clarion = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const logErrors: string[] = [];
  for (const stream of [clarion.stdout, clarion.stderr]) {
    let rest = '';
    stream.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const text of lines) if (/"level":"(error|fatal)"|^[^{]/.test(text) && text.trim()) logErrors.push(text);
    });
  }
  let exited = false;
  clarion.on('exit', () => (exited = true));
  try {
    for (let i = 0; ; i++) {
      if (exited) throw new Error('clarion exited before answering /healthz');
      if ((await fetch(`${url}/healthz`).then((r) => r.status, () => 0)) === 200) break;
      if (i > 600) throw new Error('clarion did not answer /healthz within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seeds = await seedAll(fresh.url, url);
    const groups: [string, fc.Arbitrary<FuzzCase>][] = [
      ...routes.map((route) => [`${route.method} ${route.path}`, routeCases(route, seeds)] as [string, fc.Arbitrary<FuzzCase>]),
      ['/graphql', graphqlCases(seeds)],
      ['other paths', otherCases(seeds)],
      ['raw request lines', rawCases()],
    ];
    const perGroup = Math.ceil(total / groups.length);
    const byStatus = new Map<string, number>();
    const byGroup: [string, Map<string, number>][] = [];
    const problems: string[] = [];
    let sent = 0;
    const started = performance.now();
    for (const [index, [name, cases]] of groups.entries()) {
      const counts = new Map<string, number>();
      for (const fuzzCase of fc.sample(cases, { numRuns: perGroup, seed: seed + index })) {
        const answer = await send(url, fuzzCase).catch((error: Error) => ({ status: 0, headers: {}, text: `no answer: ${error.message}` }));
        const found = answer.status === 0 ? [answer.text] : violations(fuzzCase, answer);
        if (found.length) problems.push(`${name}: ${describeCase(fuzzCase)}\n    → ${found.join('\n    → ')}`);
        const key = String(answer.status);
        counts.set(key, (counts.get(key) ?? 0) + 1);
        byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
        sent += 1;
      }
      const health = await fetch(`${url}/healthz`).then((r) => r.status, () => 0);
      if (health !== 200) problems.push(`${name}: /healthz answered ${health} after the batch`);
      byGroup.push([name, counts]);
    }
    const seconds = (performance.now() - started) / 1000;
    const line = (counts: Map<string, number>) => [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([status, n]) => `${status}:${n}`).join(' ');
    console.log(`fuzz: ${sent} cases in ${seconds.toFixed(1)} s against ${url} (seed ${seed}; replay with FUZZ_SEED=${seed} FUZZ_CASES=${total})`);
    console.log(`by status: ${line(byStatus)}`);
    console.log('by target:');
    for (const [name, counts] of byGroup) console.log(`  ${name.padEnd(48)} ${line(counts)}`);
    const messages = new Map<string, number>();
    for (const text of logErrors) {
      const message = /"message":"((?:[^"\\]|\\.)*)"/.exec(text)?.[1] ?? text;
      const key = message.replace(/\\"[^"]*\\"|\d+/g, '…').slice(0, 100);
      messages.set(key, (messages.get(key) ?? 0) + 1);
    }
    console.log(`server log: ${logErrors.length} error lines${messages.size ? '' : ''}`);
    for (const [message, n] of [...messages].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  ${String(n).padStart(6)} × ${message}`);
    console.log(`violations: ${problems.length}`);
    for (const problem of problems.slice(0, 50)) console.log(`  ${problem}`);
    if (exited) problems.push('clarion exited during the run');
    process.exitCode = problems.length ? 1 : 0;
  } finally {
    clarion.kill('SIGTERM');
    await new Promise((resolve) => (exited ? resolve(undefined) : clarion.once('exit', resolve)));
    await fresh.drop();
  }
}

/** An organization with a live and a test key (through the domain, as the CLI does), a device, a notification and a webhook. */
async function seedAll(databaseUrl: string, url: string): Promise<FuzzSeeds> {
  const database = await openDatabase({ url: databaseUrl, logger: createLogger('silent') });
  try {
    const organization = await createOrganization(database.prisma, { name: 'Fuzz', slug: 'fuzz' });
    if (!organization.ok) throw new Error(organization.error.message);
    const keyOf = async (kind: 'live' | 'test') => {
      const created = await createApiKey(database.prisma, { orgSlug: 'fuzz', kind });
      if (!created.ok) throw new Error(created.error.message);
      return created.value.key;
    };
    const [liveKey, testKey] = [await keyOf('live'), await keyOf('test')];
    const post = async (path: string, body: unknown) => {
      const response = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${liveKey}` }, body: JSON.stringify(body) });
      if (response.status >= 300) throw new Error(`seeding ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as Record<string, string>;
    };
    const { deviceUuid } = await post('/v1/devices', { apnsToken: 'cd'.repeat(32), platform: 'ios' });
    const notification = await post('/v1/notify', { body: 'seed', target: 'all' });
    const webhook = await post('/v1/webhooks', { url: 'https://127.0.0.1:9/hook', events: ['broadcast.completed'] });
    return { liveKey, testKey, orgSlug: 'fuzz', inviteCode: organization.value.inviteCode, deviceUuid: deviceUuid!, notificationId: notification.id!, webhookId: webhook.id! };
  } finally {
    await database.close();
  }
}

await main();
