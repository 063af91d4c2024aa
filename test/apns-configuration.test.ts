// The configuration breaker: a wrong APNS_TOPIC, APNS_ENV or provider key makes APNs refuse every device;
// Clarion stops the broadcast within its first pushes, names the setting, and writes off no device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../src/apns/simulator.ts';
import { PROBE_PUSHES, STREAK_PUSHES } from '../src/domain/broadcasts/breaker.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateProviderKey } from '../src/apns/simulator.ts';
import { KEY_ID, startMockApns, TEAM_ID, TEST_TOPIC, type MockApns } from './support/apns.ts';
import { backends } from './support/backends.ts';
import { runClarion, runCli, waitFor } from './support/processes.ts';
import { firstInFanoutOrder, seedAudience, seedKey, seedOrganization } from './support/seed.ts';
import { startServer, type TestServer } from './support/server.ts';

describe.each(backends)('APNs configuration errors on $name', (backend) => {
  let storage: Awaited<ReturnType<typeof backend.open>>;
  let apns: MockApns;
  let mode: ((push: { deviceToken: string }) => Answer) | undefined;
  let answered = 0;
  beforeAll(async () => {
    storage = await backend.open();
    apns = await startMockApns({
      fallback: (push) => {
        answered += 1;
        return mode?.(push);
      },
    });
  });
  afterAll(async () => {
    await apns?.close();
    await storage?.close();
  });

  async function audience(server: TestServer, count: number) {
    const org = await seedOrganization(server.db);
    const { key } = await seedKey(server.db, org.slug, 'live');
    const tokens = await seedAudience(storage.database.sql, org.id, count);
    return { org, tokens, auth: { authorization: `Bearer ${key}` } };
  }
  const deadDevices = (server: TestServer, organizationId: string) =>
    server.db.device.count({ where: { tokenInvalidatedAt: { not: null }, subscriptions: { some: { organizationId } } } });
  const delivered = (tokens: string[]) => tokens.filter((token) => apns.delivered(token).length > 0).length;

  async function broadcastOnce(server: TestServer, auth: Record<string, string>) {
    const response = await server.post('/v1/notify', { body: 'Hello', target: 'all' }, auth);
    return waitFor(async () => {
      const answer = await server.get(`/v1/notifications/${response.body.id}`, auth);
      return answer.body.status === 'sending' ? undefined : answer.body;
    }, 60_000);
  }

  it('`clarion apns check` says whether APNs accepts the key, team and topic, without reaching a device', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'clarion-apns-check-'));
    try {
      await writeFile(path.join(dir, 'ca.pem'), apns.simulator.ca);
      const env = { APNS_TEAM_ID: TEAM_ID, APNS_KEY_ID: KEY_ID, APNS_PRIVATE_KEY: apns.privateKey, APNS_TOPIC: TEST_TOPIC, APNS_URL: apns.simulator.origin, NODE_EXTRA_CA_CERTS: path.join(dir, 'ca.pem') };
      const before = apns.simulator.received.length;
      const good = await runCli(['apns', 'check'], env);
      expect(good.code, good.stderr).toBe(0);
      expect(JSON.parse(good.stdout)).toMatchObject({ ok: true, answer: { status: 400, reason: 'BadDeviceToken' }, verdict: expect.stringContaining('accepted the provider token and the topic') });
      const wrongTopic = await runCli(['apns', 'check'], { ...env, APNS_TOPIC: 'dev.clarion.tset' });
      expect(wrongTopic.code).toBe(1);
      expect(JSON.parse(wrongTopic.stdout)).toMatchObject({ ok: false, answer: { reason: 'TopicDisallowed' }, verdict: expect.stringContaining('APNS_TOPIC') });
      const otherKey = await runCli(['apns', 'check'], { ...env, APNS_PRIVATE_KEY: generateProviderKey().privateKey });
      expect(otherKey.code).toBe(1);
      expect(JSON.parse(otherKey.stdout)).toMatchObject({ ok: false, answer: { reason: 'InvalidProviderToken' }, verdict: expect.stringContaining('APNS_KEY_ID') });
      const malformed = await runCli(['apns', 'check'], { ...env, APNS_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nnope\\n-----END PRIVATE KEY-----' });
      expect(malformed.code).toBe(1);
      expect(malformed.stderr).toContain('APNS_PRIVATE_KEY is not a private key in PEM form');
      expect(apns.simulator.received.length).toBe(before);
      // The server refuses to start with such a key, in one line.
      const server = runClarion({ ...env, APNS_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nnope\\n-----END PRIVATE KEY-----', PORT: '0', DASHBOARD: 'off' });
      expect(await server.exited).toBe(1);
      expect(server.output().trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: APNS_PRIVATE_KEY is not a private key in PEM form/)]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('stops at a wrong APNS_TOPIC within the first pushes, names it, and loses no device; the right topic reaches all', async () => {
    const wrong = await startServer(storage, { apnsTopic: 'dev.clarion.tset', fanoutShardSize: 100 }, apns.send, { pageSize: 50, concurrency: 50 });
    const { org, tokens, auth } = await audience(wrong, 500);
    try {
      const before = apns.simulator.requests();
      const failed = await broadcastOnce(wrong, auth);
      expect(failed).toMatchObject({ status: 'failed', sent: 0, error: { code: 'APNS_CONFIGURATION', message: expect.stringContaining('APNS_TOPIC (now "dev.clarion.tset")') } });
      // Every shard run stops after its probe: 5 shards, run by 2 runs at a time.
      const attempts = apns.simulator.requests() - before;
      expect(attempts).toBeLessThanOrEqual(100);
      expect(failed.failed).toBe(attempts);
      expect(await deadDevices(wrong, org.id)).toBe(0);
    } finally {
      await wrong.close();
    }
    // The operator fixes the topic and restarts: every device receives the next broadcast.
    const fixed = await startServer(storage, { apnsTopic: TEST_TOPIC, fanoutShardSize: 100 }, apns.send, { pageSize: 50, concurrency: 50 });
    try {
      expect(await broadcastOnce(fixed, auth)).toMatchObject({ status: 'completed', sent: 500, failed: 0, error: null });
      expect(delivered(tokens)).toBe(500);
    } finally {
      await fixed.close();
    }
  });

  it('stops when every token is DeviceTokenNotForTopic or BadDeviceToken, naming APNS_TOPIC or APNS_ENV', async () => {
    const server = await startServer(storage, { apnsTopic: TEST_TOPIC }, apns.send, { pageSize: 100, concurrency: 100 });
    try {
      for (const [reason, setting] of [['DeviceTokenNotForTopic', 'APNS_TOPIC'], ['BadDeviceToken', 'APNS_ENV']] as const) {
        const { org, tokens, auth } = await audience(server, 500);
        mode = () => ({ status: 400, reason });
        answered = 0;
        const failed = await broadcastOnce(server, auth);
        mode = undefined;
        expect(failed).toMatchObject({ status: 'failed', sent: 0, failed: PROBE_PUSHES, failures: { [reason]: PROBE_PUSHES }, error: { code: 'APNS_CONFIGURATION' } });
        expect(failed.error.message).toContain(`check ${setting}`);
        expect(answered).toBe(PROBE_PUSHES);
        expect(await deadDevices(server, org.id)).toBe(0);
        expect(await broadcastOnce(server, auth)).toMatchObject({ status: 'completed', sent: 500 });
        expect(delivered(tokens)).toBe(500);
      }
    } finally {
      mode = undefined;
      await server.close();
    }
  });

  it('stops a broadcast whose key is revoked half-way, and still marks a single dead token among deliveries', async () => {
    const server = await startServer(storage, { apnsTopic: TEST_TOPIC }, apns.send, { pageSize: 100, concurrency: 20 });
    try {
      const { org, auth } = await audience(server, 600);
      // Two devices early in the fan-out's order (device_uuid) that APNs calls dead while it still delivers.
      const gone = await firstInFanoutOrder(storage.database.sql, org.id, 3);
      apns.script(gone, { status: 410, reason: 'Unregistered' });
      const stale = await firstInFanoutOrder(storage.database.sql, org.id, 7);
      apns.script(stale, { status: 400, reason: 'BadDeviceToken' });
      let served = 0;
      mode = () => (++served > 200 ? { status: 403, reason: 'InvalidProviderToken' } : undefined);
      const failed = await broadcastOnce(server, auth);
      mode = undefined;
      expect(failed).toMatchObject({ status: 'failed', error: { code: 'APNS_CONFIGURATION', message: expect.stringContaining('APNS_KEY_ID/APNS_TEAM_ID') } });
      expect(failed.sent).toBeGreaterThanOrEqual(190);
      // The streak, plus what was in flight when it tripped.
      expect(failed.failures.InvalidProviderToken).toBeLessThanOrEqual(STREAK_PUSHES + 20);
      expect(failed.sent + failed.failed).toBeLessThan(600);
      // The two devices APNs called dead while it still delivered are marked dead; no other.
      const dead = await server.db.device.findMany({ where: { tokenInvalidatedAt: { not: null }, subscriptions: { some: { organizationId: org.id } } }, select: { apnsToken: true } });
      expect(dead.map((d) => d.apnsToken).sort()).toEqual([gone, stale].sort());
    } finally {
      mode = undefined;
      await server.close();
    }
  });
});
