// The configuration breaker against a strict APNs stand-in: a wrong APNS_TOPIC, APNS_ENV or provider key makes
// APNs refuse every device, and so do made-up tokens a stranger subscribed. Clarion tells them apart from what is
// proven (src/fanout/breaker.ts): made-up tokens are written off and never stop a broadcast; a wrong
// setting stops it, names the setting, and writes off no device, at any audience size.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../src/apns/simulator.ts';
import { generateProviderKey } from '../src/apns/simulator.ts';
import { HELD_LIMIT, PROBE_PUSHES, STREAK_PUSHES } from '../src/fanout/breaker.ts';
import type { AppConfig } from '../src/http/app.ts';
import { OTHER_APP_TOPIC, startMockApns, TEST_TOPIC, type MockApns } from './support/apns.ts';
import { backends } from './support/backends.ts';
import { runClarion, runCli, waitFor } from './support/processes.ts';
import { firstInFanoutOrder, seedAudience, seedKey, seedOrganization, seedSubscription } from './support/seed.ts';
import { startServer, type FanoutTestOptions, type TestServer } from './support/server.ts';

describe.each(backends)('APNs configuration errors on $name', (backend) => {
  let storage: Awaited<ReturnType<typeof backend.open>>;
  /** The right environment, and the other one (a wrong APNS_ENV: none of the devices' tokens was issued there). */
  let apns: MockApns;
  let otherEnvironment: MockApns;
  let mode: ((push: { deviceToken: string }) => Answer) | undefined;
  let answered = 0;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    apns = await startMockApns({
      fallback: (push) => {
        answered += 1;
        return mode?.(push);
      },
    });
    otherEnvironment = await startMockApns({ issued: false });
  });
  afterAll(async () => {
    await apns?.close();
    await otherEnvironment?.close();
  });
  afterEach(async () => {
    mode = undefined;
    for (const server of servers.splice(0)) await server.close();
    await storage?.close();
    storage = undefined!;
  });

  /** A fresh database: a new install, where no setting and no device is proven yet. */
  const install = async () => (storage = await backend.open());
  /** Clarion on that database, sending through `through` (its settings are the mock's). */
  async function clarion(through: MockApns, config: Partial<AppConfig> = {}, fanout: FanoutTestOptions = {}) {
    const server = await startServer(storage, { apnsTopic: TEST_TOPIC, ...config }, through.send, { pageSize: 50, concurrency: 50, platform: through.platform, ...fanout });
    servers.push(server);
    return server;
  }
  async function stop(server: TestServer) {
    servers.splice(servers.indexOf(server), 1);
    await server.close();
  }

  async function audience(server: TestServer, count: number) {
    const org = await seedOrganization(server.db);
    const { key } = await seedKey(server.db, org.slug, 'live');
    const tokens = await seedAudience(storage.database.sql, org.id, count);
    return { org, tokens, auth: { authorization: `Bearer ${key}` } };
  }
  const deadDevices = (server: TestServer, organizationId: string) =>
    server.db.device.count({ where: { tokenInvalidatedAt: { not: null }, subscriptions: { some: { organizationId } } } });
  /** The organization's devices that can still receive. */
  const liveDevices = (server: TestServer, organizationId: string) =>
    server.db.device.count({ where: { tokenInvalidatedAt: null, subscriptions: { some: { organizationId } } } });
  const delivered = (tokens: string[], mock = apns) => tokens.filter((token) => mock.delivered(token).length > 0).length;

  async function broadcastOnce(server: TestServer, auth: Record<string, string>, extra: Record<string, unknown> = {}) {
    const response = await server.post('/v1/notify', { body: 'Hello', target: 'all', ...extra }, auth);
    if (response.body.id === null) return response.body; // a test key's send answers when it is done
    return waitFor(async () => {
      const answer = await server.get(`/v1/notifications/${response.body.id}`, auth);
      return answer.body.status === 'sending' ? undefined : answer.body;
    }, 60_000);
  }

  it('`clarion apns check` says whether APNs accepts the key, team and topic, without reaching a device', async () => {
    const env = apns.processEnv;
    const before = apns.simulator.accepted();
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
    expect(apns.simulator.accepted()).toBe(before);
    // The server refuses to start with such a key, in one line.
    const server = runClarion({ ...env, APNS_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nnope\\n-----END PRIVATE KEY-----', PORT: '0', DASHBOARD: 'off' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: APNS_PRIVATE_KEY is not a private key in PEM form/)]);
  }, 60_000);

  it('a new install with a wrong APNS_TOPIC stops within the first pushes, names it, and loses no device; the right topic reaches all', async () => {
    await install();
    const wrong = await clarion(apns, { apnsTopic: 'dev.clarion.tset', fanoutShardSize: 100 });
    const { org, tokens, auth } = await audience(wrong, 500);
    const before = apns.simulator.requests();
    const failed = await broadcastOnce(wrong, auth);
    expect(failed).toMatchObject({ status: 'failed', sent: 0, error: { code: 'APNS_CONFIGURATION', message: expect.stringContaining('APNS_TOPIC (now "dev.clarion.tset")') } });
    // Every shard run stops after its probe: 5 shards, run by 2 runs at a time. A run whose probe was in flight when
    // another run's breaker failed the broadcast stores its count just after the end (the answer can come first, now
    // that it leaves when the broadcast ends): every push attempted is counted failed once those have settled.
    const { attempts } = await waitFor(async () => {
      const counted = (await wrong.get(`/v1/notifications/${failed.id}`, auth)).body.failed as number;
      const sentToApple = apns.simulator.requests() - before;
      return counted === sentToApple ? { attempts: sentToApple } : undefined;
    });
    expect(attempts).toBeGreaterThan(0);
    expect(attempts).toBeLessThanOrEqual(5 * PROBE_PUSHES);
    expect(await deadDevices(wrong, org.id)).toBe(0);
    await stop(wrong);
    // The operator fixes the topic and restarts: every device receives the next broadcast.
    const fixed = await clarion(apns, { fanoutShardSize: 100 });
    expect(await broadcastOnce(fixed, auth)).toMatchObject({ status: 'completed', sent: 500, failed: 0, error: null });
    expect(delivered(tokens)).toBe(500);
  });

  it('a new install with a wrong APNS_ENV stops within its first 100 pushes, naming it, and writes off nobody, even with 3 devices', async () => {
    await install();
    const wrong = await clarion(otherEnvironment);
    const large = await audience(wrong, 500);
    const small = await audience(wrong, 3);
    for (const { org, auth } of [large, small]) {
      const before = otherEnvironment.simulator.requests();
      const failed = await broadcastOnce(wrong, auth);
      expect(failed).toMatchObject({ status: 'failed', sent: 0, error: { code: 'APNS_CONFIGURATION', message: expect.stringContaining('check APNS_ENV') } });
      expect(otherEnvironment.simulator.requests() - before).toBeLessThanOrEqual(HELD_LIMIT);
      expect(await deadDevices(wrong, org.id)).toBe(0);
      expect(await liveDevices(wrong, org.id)).toBe(org.slug === small.org.slug ? 3 : 500);
    }
    await stop(wrong);
    const fixed = await clarion(apns);
    for (const { tokens, auth } of [large, small]) {
      expect(await broadcastOnce(fixed, auth)).toMatchObject({ status: 'completed', sent: tokens.length, failed: 0 });
      expect(delivered(tokens)).toBe(tokens.length);
    }
  });

  it('200 made-up tokens among 20 real devices: the broadcast completes, all 20 receive it, the 200 are written off, the next sends 20 pushes', async () => {
    await install();
    const server = await clarion(apns);
    const { org, tokens: real, auth } = await audience(server, 20);
    // The organization's real audience has received broadcasts before.
    expect(await broadcastOnce(server, auth)).toMatchObject({ status: 'completed', sent: 20 });
    // A stranger registers and subscribes 200 tokens Apple never issued, through the public routes.
    const fakes: string[] = [];
    for (let i = 0; i < 200; i += 1) {
      const device = await seedSubscription(server, org.slug);
      apns.madeUp(device.apnsToken);
      fakes.push(device.apnsToken);
    }
    const before = apns.simulator.requests();
    const attacked = await broadcastOnce(server, auth);
    expect(attacked).toMatchObject({ status: 'completed', sent: 20, failed: 200, failures: { BadDeviceToken: 200 }, error: null });
    expect(real.every((token) => apns.delivered(token).length === 2)).toBe(true);
    expect(await deadDevices(server, org.id)).toBe(200);
    expect(apns.simulator.requests() - before).toBe(220);
    const after = apns.simulator.requests();
    expect(await broadcastOnce(server, auth)).toMatchObject({ status: 'completed', sent: 20, failed: 0, recipients: 20 });
    expect(apns.simulator.requests() - after).toBe(20);
  });

  it('2,000 made-up tokens among 20 real devices, in shards of 1,000: every shard completes and the 2,000 are written off', async () => {
    await install();
    const server = await clarion(apns, { fanoutShardSize: 1_000 }, { pageSize: 500, concurrency: 100 });
    const { org, tokens: real, auth } = await audience(server, 20);
    expect(await broadcastOnce(server, auth)).toMatchObject({ status: 'completed', sent: 20 });
    const fakes = await seedAudience(storage.database.sql, org.id, 2_000);
    apns.madeUp(...fakes);
    const attacked = await broadcastOnce(server, auth);
    expect(attacked).toMatchObject({ status: 'completed', sent: 20, failed: 2_000, error: null });
    expect(real.every((token) => apns.delivered(token).length === 2)).toBe(true);
    expect(await deadDevices(server, org.id)).toBe(2_000);
    const after = apns.simulator.requests();
    expect(await broadcastOnce(server, auth)).toMatchObject({ status: 'completed', sent: 20, failed: 0 });
    expect(apns.simulator.requests() - after).toBe(20);
  });

  it('a new install with made-up tokens among devices that never received anything: deliveries prove the setting, and the fakes are written off', async () => {
    await install();
    const server = await clarion(apns);
    const { org, tokens: real, auth } = await audience(server, 20);
    const fakes = await seedAudience(storage.database.sql, org.id, 200);
    apns.madeUp(...fakes);
    expect(await broadcastOnce(server, auth)).toMatchObject({ status: 'completed', sent: 20, failed: 200, error: null });
    expect(delivered(real)).toBe(20);
    expect(await deadDevices(server, org.id)).toBe(200);
  });

  it.each([
    ['APNS_ENV', 'BadDeviceToken'],
    ['APNS_TOPIC', 'DeviceTokenNotForTopic'],
  ] as const)('restarted with a wrong %s over an existing audience: 1- and 3-device sends, a test-key send and 5,000 devices write off nobody', async (setting, reason) => {
    await install();
    const right = await clarion(apns, { fanoutShardSize: 2_000 }, { pageSize: 500, concurrency: 200 });
    const orgs = [];
    for (const size of [1, 3, 5_000]) orgs.push(await audience(right, size));
    const testKey = `Bearer ${(await seedKey(right.db, orgs[0]!.org.slug, 'test')).key}`;
    for (const { auth, tokens } of orgs) expect(await broadcastOnce(right, auth)).toMatchObject({ status: 'completed', sent: tokens.length });
    await stop(right);

    // The other environment, or another app's bundle id of the same team.
    const wrong = setting === 'APNS_ENV' ? await clarion(otherEnvironment, { fanoutShardSize: 2_000 }) : await clarion(apns, { apnsTopic: OTHER_APP_TOPIC, fanoutShardSize: 2_000 });
    const mock = setting === 'APNS_ENV' ? otherEnvironment : apns;
    for (const { org, auth, tokens } of orgs) {
      const before = mock.simulator.requests();
      const failed = await broadcastOnce(wrong, auth);
      expect(failed, `${tokens.length} devices`).toMatchObject({ status: 'failed', sent: 0, error: { code: 'APNS_CONFIGURATION', message: expect.stringContaining(`check ${setting}`) } });
      expect(failed.failures[reason]).toBeGreaterThan(0);
      // Each of the 3 shards stops after its probe.
      expect(mock.simulator.requests() - before).toBeLessThanOrEqual(3 * PROBE_PUSHES);
      expect(await deadDevices(wrong, org.id)).toBe(0);
    }
    const tested = await broadcastOnce(wrong, { authorization: testKey });
    expect(tested).toMatchObject({ test: true, status: 'failed', sent: 0, failed: 1, error: { code: 'APNS_CONFIGURATION' } });
    expect(await deadDevices(wrong, orgs[0]!.org.id)).toBe(0);
    await stop(wrong);

    // Restarted with the right setting, every device receives.
    const fixed = await clarion(apns, { fanoutShardSize: 2_000 }, { pageSize: 500, concurrency: 200 });
    for (const { org, auth, tokens } of orgs) {
      expect(await broadcastOnce(fixed, auth)).toMatchObject({ status: 'completed', sent: tokens.length, failed: 0 });
      expect(await liveDevices(fixed, org.id)).toBe(tokens.length);
      expect(tokens.every((token) => apns.delivered(token).length === 2)).toBe(true);
    }
  }, 120_000);

  it('stops a broadcast whose key is revoked half-way, and still marks a single dead token among deliveries', async () => {
    await install();
    const server = await clarion(apns, {}, { pageSize: 100, concurrency: 20 });
    const { org, auth } = await audience(server, 600);
    // Devices early in the fan-out's order (device_uuid) that APNs calls dead while it still delivers: a 410,
    // and a token Apple never issued.
    const gone = await firstInFanoutOrder(storage.database.sql, org.id, 3);
    apns.script(gone, { status: 410, reason: 'Unregistered' });
    const stale = await firstInFanoutOrder(storage.database.sql, org.id, 7);
    apns.madeUp(stale);
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
    expect(answered).toBeGreaterThan(0);
  });
});
