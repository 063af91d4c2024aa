// The APNs sender against the simulator: what Apple checks, and what Clarion does with each answer.
import { randomUUID } from 'node:crypto';
import { createVerifier } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '../src/apns/push-service.ts';
import { createSender } from '../src/apns/sender.ts';
import { generateProviderKey, startSimulator } from '../src/apns/simulator.ts';
import { createProviderToken } from '../src/apns/token.ts';
import { apnsIdFor } from '../src/apns/apns-id.ts';
import { startMockApns, TEST_TOPIC, TEST_TRANSPORT, type MockApns } from './support/apns.ts';
import { apnsToken } from './support/seed.ts';

const push = (deviceToken: string, headers: Record<string, string> = {}) => ({
  deviceToken,
  apnsId: '6e5a4c1e-2f0b-5a3d-8c9e-0123456789ab',
  headers: { 'apns-topic': TEST_TOPIC, 'apns-push-type': 'alert', 'apns-priority': '10', ...headers },
  payload: JSON.stringify({ aps: { alert: { body: 'hello' } } }),
});

describe('the APNs sender', () => {
  let apns: MockApns;
  beforeAll(async () => {
    apns = await startMockApns();
  });
  afterAll(async () => {
    await apns?.close();
  });

  it('delivers with a valid JWT, the headers and the payload', async () => {
    const token = apnsToken();
    expect(await apns.send(push(token))).toEqual({ ok: true });
    const [received] = apns.delivered(token);
    expect(received?.payload).toEqual({ aps: { alert: { body: 'hello' } } });
    expect(received?.headers['apns-id']).toBe('6e5a4c1e-2f0b-5a3d-8c9e-0123456789ab');
    expect(received?.headers['apns-topic']).toBe(TEST_TOPIC);
  });

  it('calls 410 Unregistered dead, and 400 BadDeviceToken / DeviceTokenNotForTopic a refused token (the fan-out judges it), without retrying', async () => {
    for (const [status, reason, kind] of [[410, 'Unregistered', 'dead'], [400, 'BadDeviceToken', 'token'], [400, 'DeviceTokenNotForTopic', 'token']] as const) {
      const token = apnsToken();
      apns.script(token, { status, reason });
      expect(await apns.send(push(token))).toEqual({ ok: false, reason, kind });
      expect(apns.attempts(token)).toBe(1);
    }
  });

  it('never retries other terminal errors', async () => {
    const token = apnsToken();
    apns.script(token, { status: 400, reason: 'BadCollapseId' });
    expect(await apns.send(push(token))).toEqual({ ok: false, reason: 'BadCollapseId', kind: 'refused' });
    expect(apns.attempts(token)).toBe(1);
  });

  it('retries 429, 500 and 503 with backoff, and gives up after the bounded attempts', async () => {
    const token = apnsToken();
    apns.script(token, { status: 429, reason: 'TooManyRequests' }, { status: 503, reason: 'ServiceUnavailable' }, { status: 200 });
    expect(await apns.send(push(token))).toEqual({ ok: true });
    expect(apns.attempts(token)).toBe(3);
    const stubborn = apnsToken();
    apns.script(stubborn, { status: 500, reason: 'InternalServerError' });
    expect(await apns.send(push(stubborn))).toEqual({ ok: false, reason: 'InternalServerError', kind: 'retry' });
    expect(apns.attempts(stubborn)).toBe(4);
  });

  it('retries a refused stream at once, on a new connection after a GOAWAY; a push cut after it was sent is ambiguous and not retried', async () => {
    const refused = apnsToken();
    apns.script(refused, { refuse: true }, { status: 200 });
    expect(await apns.send(push(refused))).toEqual({ ok: true });
    expect(apns.attempts(refused)).toBe(2);
    expect(apns.delivered(refused)).toHaveLength(1);
    const dropped = apnsToken();
    apns.script(dropped, { drop: true }, { status: 200 });
    expect(await apns.send(push(dropped))).toEqual({ ok: false, reason: 'ConnectionError', kind: 'ambiguous' });
    expect(apns.attempts(dropped)).toBe(1);
  });

  it('sends the streams a GOAWAY refused again (they were not processed), and never those below its last stream id', async () => {
    // One connection: the GOAWAY after the first push refuses whatever was opened after it on that connection.
    const single = await startMockApns({ connections: 1 });
    try {
      const first = apnsToken();
      single.script(first, { goaway: true });
      const others = Array.from({ length: 20 }, () => apnsToken());
      const outcomes = await Promise.all([single.send(push(first)), ...others.map((token) => single.send(push(token)))]);
      expect(outcomes).toEqual(Array.from({ length: 21 }, () => ({ ok: true })));
      // Some streams were refused and sent again, on the next connection...
      expect(single.simulator.requests()).toBeGreaterThan(21);
      // ...and each device got its push once.
      for (const token of [first, ...others]) expect(single.delivered(token)).toHaveLength(1);
    } finally {
      await single.close();
    }
  });

  it('calls a push unanswered within the request timeout ambiguous, and does not send it again itself', async () => {
    const slow = await startMockApns({ requestTimeoutMs: 300 });
    try {
      const token = apnsToken();
      slow.script(token, { status: 200, delayMs: 2_000 });
      expect(await slow.send(push(token))).toEqual({ ok: false, reason: 'Timeout', kind: 'ambiguous' });
      expect(slow.attempts(token)).toBe(1);
      // The stand-in, like Apple, took the push when it arrived.
      expect(slow.delivered(token)).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it('is refused by APNs checks: a bad topic, priority or collapse id', async () => {
    expect(await apns.send(push(apnsToken(), { 'apns-topic': 'com.other.app' }))).toEqual({ ok: false, reason: 'TopicDisallowed', kind: 'setting' });
    expect(await apns.send(push(apnsToken(), { 'apns-push-type': 'background', 'apns-priority': '10' }))).toEqual({ ok: false, reason: 'BadPriority', kind: 'refused' });
    expect(await apns.send(push(apnsToken(), { 'apns-collapse-id': 'x'.repeat(65) }))).toEqual({ ok: false, reason: 'BadCollapseId', kind: 'refused' });
  });

  it("keeps each broadcast's headers and payload apart when their pushes interleave", async () => {
    const alert = push(apnsToken()).headers;
    const other = { ...alert, 'apns-topic': 'com.other.app' };
    const payload = (body: string) => JSON.stringify({ aps: { alert: { body } } });
    const sends = Array.from({ length: 40 }, (_, i) => {
      const deviceToken = apnsToken();
      const headers = i % 2 ? other : alert;
      return apns.send({ deviceToken, apnsId: '6e5a4c1e-2f0b-5a3d-8c9e-0123456789ab', headers, payload: payload(`push ${i % 4}`) }).then((outcome) => ({ i, deviceToken, outcome }));
    });
    for (const { i, deviceToken, outcome } of await Promise.all(sends)) {
      if (i % 2) {
        expect(outcome).toEqual({ ok: false, reason: 'TopicDisallowed', kind: 'setting' });
      } else {
        expect(outcome).toEqual({ ok: true });
        expect(apns.delivered(deviceToken)[0]?.payload).toEqual({ aps: { alert: { body: `push ${i % 4}` } } });
      }
    }
  });

  it('is refused with a JWT signed by another key, and does not mint a new token for each refusal', async () => {
    const pool = createTransport(TEST_TRANSPORT, { origin: apns.simulator.origin, ca: apns.simulator.ca, connections: 1 });
    const forged = createProviderToken({ teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: generateProviderKey().privateKey });
    const send = createSender({ transport: pool, token: forged, maxAttempts: 3, backoffMs: 1 });
    const before = apns.simulator.requests();
    const authorization = forged.authorization();
    expect(await send(push(apnsToken()))).toEqual({ ok: false, reason: 'InvalidProviderToken', kind: 'setting' });
    expect(await send(push(apnsToken()))).toEqual({ ok: false, reason: 'InvalidProviderToken', kind: 'setting' });
    expect(apns.simulator.requests() - before).toBe(2);
    expect(forged.authorization()).toBe(authorization);
    await pool.close();
  });
});

describe('the apns-id of a push', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const broadcast = '0b5e3f0c-9d1a-4c1e-8f7a-2b6c1d3e4f50';
  const devices = Array.from({ length: 10_000 }, () => randomUUID());

  it('is a UUID, the same for the same broadcast and device', () => {
    for (const device of devices.slice(0, 100)) {
      const id = apnsIdFor(broadcast, device);
      expect(id).toMatch(UUID);
      expect(apnsIdFor(randomUUID(), device)).not.toBe(id);
      expect(apnsIdFor(broadcast, device)).toBe(id);
      expect(apnsIdFor(broadcast.toUpperCase(), device.toUpperCase())).toBe(id);
    }
  });

  it('differs between the devices of a broadcast and between broadcasts', () => {
    const other = randomUUID();
    const ids = new Set(devices.flatMap((device) => [apnsIdFor(broadcast, device), apnsIdFor(other, device)]));
    expect(ids.size).toBe(2 * devices.length);
    // Devices a bit apart, and the broadcast and device swapped.
    expect(apnsIdFor(broadcast, '00000000-0000-4000-8000-000000000000')).not.toBe(apnsIdFor(broadcast, '00000000-0000-4000-8000-000000000001'));
    expect(apnsIdFor(broadcast, devices[0]!)).not.toBe(apnsIdFor(devices[0]!, broadcast));
  });

  it('is a UUID too for keys that are not UUIDs', () => {
    expect(apnsIdFor('test:1767225600000', devices[0]!)).toMatch(UUID);
    expect(apnsIdFor('test:1767225600000', devices[0]!)).toBe(apnsIdFor('test:1767225600000', devices[0]!));
    expect(apnsIdFor('test:1767225600000', devices[0]!)).not.toBe(apnsIdFor('test:1767225600001', devices[0]!));
  });
});

describe('the provider token', () => {
  it('is an ES256 JWT another implementation verifies, and only with its own key', () => {
    const key = generateProviderKey();
    const token = createProviderToken({ teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: key.privateKey, now: () => Date.UTC(2030, 0, 1) }).get();
    const claims = createVerifier({ key: key.publicKey, algorithms: ['ES256'], clockTimestamp: Date.UTC(2030, 0, 1), complete: true })(token);
    expect(claims).toMatchObject({ header: { alg: 'ES256', typ: 'JWT', kid: 'KEY1234567' }, payload: { iss: 'TEAM123456', iat: Date.UTC(2030, 0, 1) / 1000 } });
    expect(() => createVerifier({ key: generateProviderKey().publicKey, algorithms: ['ES256'] })(token)).toThrow(/signature/i);
  });

  it('is reused until it is due, then refreshed', () => {
    let now = Date.UTC(2030, 0, 1);
    const token = createProviderToken({ teamId: 'T', keyId: 'K', privateKey: generateProviderKey().privateKey, refreshMs: 40 * 60_000, now: () => now });
    const first = token.get();
    now += 39 * 60_000;
    expect(token.get()).toBe(first);
    now += 2 * 60_000;
    const second = token.get();
    expect(second).not.toBe(first);
    expect(JSON.parse(Buffer.from(second.split('.')[1]!, 'base64url').toString())).toEqual({ iss: 'T', iat: Math.floor(now / 1000) });
    expect(JSON.parse(Buffer.from(second.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'ES256', kid: 'K' });
  });

  it('gives the authorization header with it, and is replaced when rejected only if 20 minutes old', () => {
    let now = Date.parse('2026-11-23T12:00:00Z');
    const token = createProviderToken({ teamId: 'T', keyId: 'K', privateKey: generateProviderKey().privateKey, now: () => now });
    const authorization = token.authorization();
    expect(authorization).toBe(`bearer ${token.get()}`);
    expect(token.authorization()).toBe(authorization);
    // A young token refused: its key or team is wrong, and minting again would earn TooManyProviderTokenUpdates.
    now += 5 * 60_000;
    expect(token.invalidate(authorization)).toBe(false);
    expect(token.authorization()).toBe(authorization);
    now += 15 * 60_000;
    expect(token.invalidate(authorization)).toBe(true);
    expect(token.authorization()).not.toBe(authorization);
  });
});

describe('the APNs simulator', () => {
  it('keeps counts and only a bounded window of the latest pushes, however long it runs', async () => {
    const key = generateProviderKey();
    const simulator = await startSimulator({ teamId: 'TEAM123456', keyId: 'KEY1234567', publicKey: key.publicKey, topic: TEST_TOPIC, keep: 5 });
    const pool = createTransport(TEST_TRANSPORT, { origin: simulator.origin, ca: simulator.ca, connections: 1 });
    const send = createSender({ transport: pool, token: createProviderToken({ teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: key.privateKey }) });
    try {
      const tokens = Array.from({ length: 12 }, () => apnsToken());
      for (const token of tokens) expect(await send(push(token))).toEqual({ ok: true });
      expect(await send(push('0'.repeat(64)))).toMatchObject({ ok: false, reason: 'BadDeviceToken' });
      expect(simulator.accepted()).toBe(12);
      expect(simulator.requests()).toBe(13);
      expect(simulator.recent().map((p) => p.deviceToken)).toEqual(tokens.slice(-5));
    } finally {
      await pool.close();
      await simulator.close();
    }
  });
});
