// Every request has an id, echoed in X-Request-Id and present on every log line of that request, including
// the lines a broadcast it accepted logs while it sends (npm start's process, LOG_LEVEL=debug).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { startMockApns, type MockApns } from './support/apns.ts';
import { freshPostgresDatabase, testLogger } from './support/backends.ts';
import { logLines, runClarion, waitFor } from './support/processes.ts';
import { seedAudience, seedKey, seedOrganization } from './support/seed.ts';

describe('request ids and log lines', () => {
  let apns: MockApns;
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let database: Database;
  let clarion: ReturnType<typeof runClarion>;
  let url: string;
  beforeAll(async () => {
    apns = await startMockApns();
    fresh = await freshPostgresDatabase();
    database = await openDatabase({ url: fresh.url, logger: testLogger });
    clarion = runClarion({
      DATABASE_URL: fresh.url, REDIS_URL: '', PORT: '0', DASHBOARD: 'off', LOG_LEVEL: 'debug', FANOUT_WORKERS: '0',
      ...apns.processEnv,
    });
    url = await clarion.listening;
  });
  afterAll(async () => {
    clarion?.child.kill('SIGTERM');
    await clarion?.exited;
    await database?.close();
    await fresh?.drop();
    await apns?.close();
  });
  const linesOf = (requestId: string) => logLines(clarion.output()).filter((line) => line.requestId === requestId);

  it('keeps a sane X-Request-Id, echoes it, and logs the answered request with its route template, never the raw path', async () => {
    const response = await fetch(`${url}/v1/orgs/no-such-org`, { headers: { 'x-request-id': 'edge-7f3a.1' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toBe('edge-7f3a.1');
    const [line] = await waitFor(() => (linesOf('edge-7f3a.1').length ? linesOf('edge-7f3a.1') : undefined));
    expect(line).toMatchObject({ level: 'info', message: 'request answered', method: 'GET', route: '/v1/orgs/:orgSlug', status: 404 });
    expect(JSON.stringify(line)).not.toContain('no-such-org');
  });

  it('replaces a missing or unsafe X-Request-Id with a fresh one', async () => {
    const ids = [];
    for (const incoming of [undefined, 'has space', 'x'.repeat(129), 'quote"d', 'new\\line']) {
      const response = await fetch(`${url}/healthz`, { headers: incoming ? { 'x-request-id': incoming } : {} });
      ids.push(response.headers.get('x-request-id'));
    }
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carries the request id on the lines of the broadcast the request started, and keeps the key out of the log', async () => {
    const org = await seedOrganization(database.prisma);
    const { key } = await seedKey(database.prisma, org.slug, 'live');
    await seedAudience(database.sql, org.id, 20);
    const response = await fetch(`${url}/v1/notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-request-id': 'notify-1' },
      body: JSON.stringify({ body: 'Hello', target: 'all' }),
    });
    expect([200, 202]).toContain(response.status);
    expect(response.headers.get('x-request-id')).toBe('notify-1');
    const { id } = (await response.json()) as { id: string };
    const lines = await waitFor(() => {
      const found = linesOf('notify-1');
      return found.some((line) => line.message === 'shard page stored') && found.some((line) => line.message === 'request answered') ? found : undefined;
    });
    expect(lines.find((line) => line.message === 'shard page stored')).toMatchObject({ broadcast: id });
    expect(lines.find((line) => line.message === 'request answered')).toMatchObject({ route: '/v1/notify', method: 'POST' });
    expect(clarion.output()).not.toContain(key);
  });
});
