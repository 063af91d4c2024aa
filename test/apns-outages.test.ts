// APNs failing for a while: a 503 storm, one device that never gets through, GOAWAY and dropped connections.
// Nothing is lost, nothing is sent twice beyond what was in flight, and an outage costs Apple little.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTAGE_THRESHOLD, PROBE_EVERY_MS, OUTAGE_PROBE_PUSHES } from '../src/fanout/circuit.ts';
import type { Answer } from '../src/apns/simulator.ts';
import { startMockApns, TEST_TOPIC, type MockApns } from './support/apns.ts';
import { backends } from './support/backends.ts';
import { waitFor } from './support/processes.ts';
import { firstInFanoutOrder, seedAudience, seedKey, seedOrganization } from './support/seed.ts';
import { startServer, type FanoutTestOptions, type TestServer } from './support/server.ts';

describe.each(backends)('APNs outages on $name', (backend) => {
  let storage: Awaited<ReturnType<typeof backend.open>>;
  let apns: MockApns;
  let mode: ((push: { deviceToken: string }) => Answer) | undefined;
  beforeAll(async () => {
    storage = await backend.open();
    // Two attempts per push, as the server's own sender makes.
    apns = await startMockApns({ maxAttempts: 2, fallback: (push) => mode?.(push) });
  });
  afterAll(async () => {
    await apns?.close();
    await storage?.close();
  });

  async function serve(fanout: FanoutTestOptions, notifyWaitMs = 0) {
    const server = await startServer(storage, { apnsTopic: TEST_TOPIC, fanoutShardSize: 100, notifyWaitMs }, apns.send, fanout);
    const org = await seedOrganization(server.db);
    const { key } = await seedKey(server.db, org.slug, 'live');
    return { server, org, auth: { authorization: `Bearer ${key}` } };
  }
  const subscribe = (organizationId: string, count: number) => seedAudience(storage.database.sql, organizationId, count);
  const finished = (server: TestServer, id: string, auth: Record<string, string>, ms = 120_000) =>
    waitFor(async () => {
      const answer = await server.get(`/v1/notifications/${id}`, auth);
      return answer.body.status === 'sending' ? undefined : answer.body;
    }, ms);

  it('waits out 30 s of 503s: the broadcast stays sending and says since when, Apple sees a few probes, then every device gets it once', async () => {
    const { server, org, auth } = await serve({ pageSize: 50, concurrency: 50, shardRuns: 2 });
    try {
      const tokens = await subscribe(org.id, 500);
      let down = true;
      mode = () => (down ? { status: 503, reason: 'ServiceUnavailable' } : undefined);
      const before = apns.simulator.requests();
      const response = await server.post('/v1/notify', { body: 'Through the storm', target: 'all' }, auth);
      expect(response.status).toBe(202);
      const waiting = await waitFor(async () => {
        const answer = await server.get(`/v1/notifications/${response.body.id}`, auth);
        return answer.body.waitingForApnsSince ? answer.body : undefined;
      }, 20_000);
      expect(waiting).toMatchObject({ status: 'sending', sent: 0, failed: 0 });
      const startedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      const during = apns.simulator.requests() - before;
      down = false;
      // Before the breaker opened: the first pages of the two runs, each push tried twice. Then a probe of
      // OUTAGE_PROBE_PUSHES (tried twice) every PROBE_EVERY_MS.
      const bound = 2 * 50 * 2 + OUTAGE_THRESHOLD + Math.ceil((Date.now() - startedAt) / PROBE_EVERY_MS + 2) * OUTAGE_PROBE_PUSHES * 2;
      expect(during).toBeLessThanOrEqual(bound);
      const done = await finished(server, response.body.id, auth);
      expect(done).toMatchObject({ status: 'completed', sent: 500, failed: 0, waitingForApnsSince: null });
      expect(tokens.map((token) => apns.delivered(token).length).every((n) => n === 1)).toBe(true);
      expect(await storage.database.prisma.broadcastRetry.count({ where: { broadcastId: response.body.id } })).toBe(0);
    } finally {
      mode = undefined;
      await server.close();
    }
  }, 240_000);

  it('retries a device APNs keeps refusing with 503 until APNS_RETRY_WINDOW, then counts it failed; the others are delivered', async () => {
    const { server, org, auth } = await serve({ pageSize: 50, concurrency: 50, retryWindowMs: 5_000 });
    try {
      const tokens = await subscribe(org.id, 60);
      const stubborn = tokens[10]!;
      mode = (push) => (push.deviceToken === stubborn ? { status: 503, reason: 'ServiceUnavailable' } : undefined);
      const response = await server.post('/v1/notify', { body: 'One is unlucky', target: 'all' }, auth);
      const done = await finished(server, response.body.id, auth, 60_000);
      expect(done).toMatchObject({ status: 'completed', sent: 59, failed: 1, failures: { ServiceUnavailable: 1 } });
      // Tried more than the sender's own two attempts: it waited in broadcast_retries and was sent again.
      expect(apns.attempts(stubborn)).toBeGreaterThan(2);
      expect(Date.parse(done.finishedAt) - Date.parse(done.createdAt)).toBeGreaterThanOrEqual(5_000);
      expect(await server.db.device.count({ where: { apnsToken: stubborn, tokenInvalidatedAt: { not: null } } })).toBe(0);
    } finally {
      mode = undefined;
      await server.close();
    }
  }, 90_000);

  it('gets every device through GOAWAY and dropped connections, sending again at most what was in flight', async () => {
    const { server, org, auth } = await serve({ pageSize: 50, concurrency: 50, shardRuns: 2 });
    try {
      const tokens = await subscribe(org.id, 1000);
      let seen = 0;
      let goaways = 0;
      let drops = 0;
      // Faults during the first pass only, and only on a device's first attempt: a push cut after it was sent is sent
      // once more at most, so a second cut would leave it ambiguous (the next test), not delivered. A drop also cuts
      // whatever else is in flight on its connection, so drops stop before any cut push can come back: the retry
      // table sends one again 1 s after it was cut at the earliest (src/fanout/retries.ts), so no drop comes later
      // than 900 ms after the first. (A slow first pass, as on a loaded CI machine, just has fewer drops.)
      const tried = new Set<string>();
      let firstDropAt: number | undefined;
      mode = ({ deviceToken }) => {
        seen += 1;
        const again = tried.has(deviceToken);
        tried.add(deviceToken);
        if (seen > 900 || again) return undefined;
        if (seen % 150 === 0) return (goaways += 1), { goaway: true };
        if (seen % 230 === 0 && Date.now() - (firstDropAt ??= Date.now()) < 900) return (drops += 1), { drop: true };
        return undefined;
      };
      const response = await server.post('/v1/notify', { body: 'Bumpy', target: 'all' }, auth);
      const done = await finished(server, response.body.id, auth);
      expect(drops).toBeGreaterThan(0);
      expect(goaways + drops).toBeGreaterThan(4);
      expect(done).toMatchObject({ status: 'completed', sent: 1000, failed: 0 });
      const counts = tokens.map((token) => apns.delivered(token).length);
      expect(counts.filter((n) => n === 0)).toEqual([]);
      // A dropped connection loses the answers of what was in flight on it (at most a page per run): those are sent
      // again, once. What a GOAWAY refused was never processed: it is sent again and arrives once.
      expect(counts.filter((n) => n > 1).length).toBeLessThanOrEqual(drops * 2 * 50);
      expect(Math.max(...counts)).toBeLessThanOrEqual(2);
    } finally {
      mode = undefined;
      await server.close();
    }
  }, 120_000);

  it('sends a push that never answers in time once more at most, with the same collapse id, and counts it ambiguous; no other device gets two', async () => {
    // Every answer to one device takes 10 s, against a 4 s request timeout: like Apple, the stand-in takes each copy.
    // (A 1 s timeout was too short for the others on a loaded CI machine: a stall of a second would time healthy
    // pushes out, and send them twice.)
    const impatient = await startMockApns({ connections: 2, requestTimeoutMs: 4_000 });
    const server = await startServer(storage, { apnsTopic: TEST_TOPIC, notifyWaitMs: 0, fanoutShardSize: 1_000 }, impatient.send, { pageSize: 250, concurrency: 100, shardRuns: 2 });
    try {
      const org = await seedOrganization(server.db);
      const auth = { authorization: `Bearer ${(await seedKey(server.db, org.slug, 'live')).key}` };
      const tokens = await subscribe(org.id, 3000);
      const slow = tokens[1234]!;
      impatient.script(slow, { status: 200, delayMs: 10_000 });
      const response = await server.post('/v1/notify', { body: 'Slow one', target: 'all' }, auth);
      const done = await finished(server, response.body.id, auth, 60_000);
      expect(done).toMatchObject({ status: 'completed', sent: 2999, failed: 1, failures: { ambiguous: 1 } });
      const copies = impatient.delivered(slow);
      expect(copies).toHaveLength(2);
      expect(copies.map((copy) => copy.headers['apns-collapse-id'])).toEqual([response.body.id, response.body.id]);
      expect(tokens.filter((token) => token !== slow && impatient.delivered(token).length !== 1)).toEqual([]);
    } finally {
      await server.close();
      await impatient.close();
    }
  }, 90_000);

  it('cancels only the stream of a push answered after 40 s: the others on its connection are not sent twice', async () => {
    // One connection, a 3 s request timeout, every push answered after 100 ms, and three shard runs, so that other
    // pushes are in flight on that connection while the slow one waits.
    const single = await startMockApns({ maxAttempts: 2, connections: 1, requestTimeoutMs: 3_000, fallback: () => ({ status: 200, delayMs: 100 }) });
    const server = await startServer(storage, { apnsTopic: TEST_TOPIC, notifyWaitMs: 0, fanoutShardSize: 200 }, single.send, { pageSize: 50, concurrency: 10, shardRuns: 3 });
    try {
      const org = await seedOrganization(server.db);
      const { key } = await seedKey(server.db, org.slug, 'live');
      const auth = { authorization: `Bearer ${key}` };
      const tokens = await subscribe(org.id, 2000);
      // The first device of the fan-out's order, so that the whole broadcast flows while it waits.
      const slow = await firstInFanoutOrder(storage.database.sql, org.id);
      single.script(slow, { status: 200, delayMs: 40_000 }, { status: 200 });
      const response = await server.post('/v1/notify', { body: 'Patience', target: 'all' }, auth);
      const done = await finished(server, response.body.id, auth);
      expect(done).toMatchObject({ status: 'completed', sent: 2000, failed: 0 });
      // Apple took the slow push on arrival and Clarion, having no answer, sent it again: it may arrive twice.
      expect(single.delivered(slow).length).toBe(2);
      const others = tokens.filter((token) => token !== slow).map((token) => single.delivered(token).length);
      expect(others.filter((n) => n !== 1)).toEqual([]);
    } finally {
      await server.close();
      await single.close();
    }
  }, 120_000);
});
