// The Web Push sender against the strict local simulator, over real HTTPS sockets.
import https from 'node:https';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushOutcome } from '../src/fanout/platform.ts';
import type { Logger } from '../src/logger.ts';
import { buildWebPushMessage, type WebPushMessage } from '../src/webpush/message.ts';
import { createWebPushSender, type WebPushSenderOptions } from '../src/webpush/sender.ts';
import { createWebPushService } from '../src/webpush/service.ts';
import { startWebPushSimulator, type PushSubscriptionJson, type WebPushAnswer, type WebPushSimulator } from '../src/webpush/simulator.ts';
import { validateSubscription } from '../src/webpush/subscription.ts';
import { createVapidSigner } from '../src/webpush/vapid.ts';
import { generateVapidKeys } from '../src/webpush/vapid-keys.ts';

const keys = generateVapidKeys();
const signer = createVapidSigner({ subject: 'mailto:ops@example.com', ...keys });
const cues = new Map<string, (count: number) => WebPushAnswer>();
const tries = new Map<string, number>();
const seen = new Map<string, Record<string, unknown>>();
let simulator: WebPushSimulator;

beforeAll(async () => {
  simulator = await startWebPushSimulator({
    keep: 10,
    answer: (push) => {
      const count = (tries.get(push.id) ?? 0) + 1;
      tries.set(push.id, count);
      seen.set(push.id, push.headers);
      return cues.get(push.id)?.(count);
    },
  });
});
afterAll(() => simulator.close());

const idOf = (subscription: PushSubscriptionJson) => subscription.endpoint.slice(subscription.endpoint.lastIndexOf('/') + 1);
const keysOf = (subscription: PushSubscriptionJson) => [Buffer.from(subscription.keys.p256dh, 'base64url'), Buffer.from(subscription.keys.auth, 'base64url')] as const;
const senderFor = (options: Partial<WebPushSenderOptions> = {}) => createWebPushSender({ vapid: signer, allowPrivate: true, ca: simulator.ca, ...options });

function message(body: string, extra: object = {}): WebPushMessage {
  const built = buildWebPushMessage({ body, target: 'all', ...extra }, '0b6f6c1e-9a7d-4c1b-8f3e-2d5a6b7c8d9e');
  if (!built.ok) throw new Error(built.error.message);
  return built.value;
}

/** A subscription the simulator answers as `cue` says, with the pushes it was sent counted. */
function cued(cue?: (count: number) => WebPushAnswer, options?: { applicationServerKey?: string }) {
  const subscription = simulator.subscribe(options);
  if (cue) cues.set(idOf(subscription), cue);
  return subscription;
}

async function sendTo(subscription: PushSubscriptionJson, options: Partial<WebPushSenderOptions> = {}, body = 'hello') {
  const sender = senderFor(options);
  try {
    return await sender.send(subscription.endpoint, ...keysOf(subscription), message(body));
  } finally {
    sender.close();
  }
}

describe('Web Push sender', () => {
  it('delivers 500 pushes to 500 subscriptions exactly once each, with the right plaintext, settling outside dispatch', async () => {
    const subscriptions = Array.from({ length: 500 }, () => simulator.subscribe({ applicationServerKey: keys.publicKey }));
    const sender = senderFor();
    const outcomes: PushOutcome[][] = subscriptions.map(() => []);
    let dispatching = false;
    let settledDuringDispatch = 0;
    const done = new Promise<void>((resolve) => {
      let left = subscriptions.length;
      const sink = {
        settle(index: number, outcome: PushOutcome) {
          if (dispatching) settledDuringDispatch += 1;
          outcomes[index]!.push(outcome);
          if (--left === 0) resolve();
        },
      };
      subscriptions.forEach((subscription, index) => {
        dispatching = true;
        sender.dispatch(sink, index, subscription.endpoint, ...keysOf(subscription), message(`push ${index}`, { title: 'T', data: { n: index } }));
        dispatching = false;
      });
    });
    await done;
    sender.close();
    expect(settledDuringDispatch).toBe(0);
    expect(outcomes.every((list) => list.length === 1 && list[0]!.ok)).toBe(true);
    subscriptions.forEach((subscription, index) => {
      expect(simulator.count(subscription.endpoint)).toBe(1);
      expect(simulator.received(subscription.endpoint).map((text) => JSON.parse(text))).toEqual([{ body: `push ${index}`, title: 'T', data: { n: index } }]);
    });
  });

  it("sends the message's TTL, Urgency and Topic with the aes128gcm body and a VAPID authorization", async () => {
    const subscription = simulator.subscribe({ applicationServerKey: keys.publicKey });
    const sender = senderFor();
    const expiration = Math.floor(Date.now() / 1000) + 3600;
    const built = buildWebPushMessage({ body: 'hi', target: 'all', priority: 5, collapseId: 'score', expiration }, 'b');
    if (!built.ok) throw new Error(built.error.message);
    expect(await sender.send(subscription.endpoint, ...keysOf(subscription), built.value)).toEqual({ ok: true });
    sender.close();
    const headers = seen.get(idOf(subscription))!;
    expect(headers).toMatchObject({ urgency: 'normal', topic: 'score', 'content-encoding': 'aes128gcm', 'content-type': 'application/octet-stream' });
    expect(Number(headers.ttl)).toBeGreaterThan(3500);
    expect(Number(headers.ttl)).toBeLessThanOrEqual(3600);
    expect(headers.authorization).toBe(signer.authorization(simulator.origin));
  });

  it('follows no redirect: a 3xx is refused after one request', async () => {
    const moved = cued(() => ({ status: 301 }));
    expect(await sendTo(moved)).toEqual({ ok: false, kind: 'refused', reason: 'HTTP301' });
    expect(tries.get(idOf(moved))).toBe(1);
  });

  it('writes off a subscription answered 410 (unsubscribed) or 404 (unknown)', async () => {
    const gone = simulator.subscribe();
    simulator.unsubscribe(gone.endpoint);
    expect(await sendTo(gone)).toEqual({ ok: false, kind: 'dead', reason: 'Gone' });
    const unknown = { ...simulator.subscribe(), endpoint: `${simulator.origin}/push/no-such-subscription` };
    expect(await sendTo(unknown)).toEqual({ ok: false, kind: 'dead', reason: 'NotFound' });
  });

  it('hands a 429 back as retry with its Retry-After, without sending it again', async () => {
    const limited = cued(() => ({ status: 429, retryAfter: 42 }));
    expect(await sendTo(limited)).toEqual({ ok: false, kind: 'retry', reason: 'TooManyRequests', retryAfterMs: 42_000 });
    expect(tries.get(idOf(limited))).toBe(1);
    expect(simulator.count(limited.endpoint)).toBe(0);
  });

  it('sends once more after a 5xx, and hands a second one back as retry', async () => {
    const blip = cued((count) => (count === 1 ? { status: 503 } : undefined));
    expect(await sendTo(blip, { backoffMs: 1 })).toEqual({ ok: true });
    expect(simulator.count(blip.endpoint)).toBe(1);
    const down = cued(() => ({ status: 500 }));
    expect(await sendTo(down, { backoffMs: 1 })).toEqual({ ok: false, kind: 'retry', reason: 'HTTP500' });
    expect(tries.get(idOf(down))).toBe(2);
  });

  it('refuses on a 413', async () => {
    expect(await sendTo(cued(() => ({ status: 413 })))).toEqual({ ok: false, kind: 'refused', reason: 'PayloadTooLarge' });
  });

  it('answers a push under a key the subscription was not made for (403) as the token\'s, for the breaker to judge from what is proven', async () => {
    const other = generateVapidKeys();
    const subscription = simulator.subscribe({ applicationServerKey: other.publicKey });
    expect(await sendTo(subscription)).toEqual({ ok: false, kind: 'token', reason: 'Forbidden' });
    expect(simulator.count(subscription.endpoint)).toBe(0);
    const right = createVapidSigner({ subject: 'mailto:ops@example.com', ...other });
    expect(await sendTo(subscription, { vapid: right })).toEqual({ ok: true });
  });

  it('refuses an endpoint whose host resolves to a loopback address when it connects, and sends nothing', async () => {
    const subscription = simulator.subscribe();
    const port = new URL(simulator.origin).port;
    const endpoint = `https://fcm.googleapis.com:${port}/push/${idOf(subscription)}`;
    let answer = '142.250.74.10';
    const resolve = async () => [{ address: answer, family: 4 }];
    // Public when the subscription is checked; loopback by the time a push connects (DNS rebinding).
    const rules = { hosts: ['fcm.googleapis.com'], allowPrivate: false, resolve };
    expect(await validateSubscription({ ...subscription, endpoint: `https://fcm.googleapis.com/push/${idOf(subscription)}` }, rules)).toMatchObject({ ok: true });
    answer = '127.0.0.1';
    expect(await validateSubscription({ ...subscription, endpoint: `https://fcm.googleapis.com/push/${idOf(subscription)}` }, rules)).toMatchObject({ ok: false, error: { field: 'webPush.endpoint' } });
    const before = simulator.requests();
    expect(await sendTo({ ...subscription, endpoint }, { allowPrivate: false, resolve })).toEqual({ ok: false, kind: 'refused', reason: 'EndpointRefused' });
    expect(await sendTo({ ...subscription, endpoint: subscription.endpoint }, { allowPrivate: false })).toEqual({ ok: false, kind: 'refused', reason: 'EndpointRefused' });
    expect(simulator.requests()).toBe(before);
  });

  it('calls a written push that gets no answer ambiguous, and one never written retry', async () => {
    expect(await sendTo(cued(() => ({ hang: true })), { requestTimeoutMs: 300 })).toEqual({ ok: false, kind: 'ambiguous', reason: 'Timeout' });
    expect(await sendTo(cued(() => ({ drop: true })))).toEqual({ ok: false, kind: 'ambiguous', reason: 'ConnectionError' });
    // A port nobody listens on: the connection is refused, the push never written.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = { ...simulator.subscribe(), endpoint: `https://127.0.0.1:${port}/push/x` };
    expect(await sendTo(nowhere, { backoffMs: 1 })).toEqual({ ok: false, kind: 'retry', reason: 'ConnectionError' });
  });
});

/** A POST to the simulator as a sender would make it, with some part changed. */
function post(endpoint: string, headers: Record<string, string>, body: Buffer) {
  return new Promise<number>((resolve, reject) => {
    const request = https.request(endpoint, { method: 'POST', ca: simulator.ca, headers: { ...headers, 'content-length': body.length }, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('Web Push simulator', () => {
  it('refuses what a push service refuses: no TTL, a foreign audience, a token of more than 24 hours, a body that does not decrypt', async () => {
    const subscription = simulator.subscribe();
    const sender = senderFor();
    // A real body, encrypted for the subscription, through a successful send first.
    expect(await sender.send(subscription.endpoint, ...keysOf(subscription), message('x'))).toEqual({ ok: true });
    sender.close();
    const { encryptPayload } = await import('../src/webpush/encrypt.ts');
    const body = encryptPayload(Buffer.from('{"body":"x"}'), ...keysOf(subscription));
    const good = { ttl: '60', 'content-encoding': 'aes128gcm', authorization: signer.authorization(simulator.origin) };
    expect(await post(subscription.endpoint, good, body)).toBe(201);
    const { ttl: _ttl, ...noTtl } = good;
    expect(await post(subscription.endpoint, noTtl, body)).toBe(400);
    expect(await post(subscription.endpoint, { ...good, ttl: '-1' }, body)).toBe(400);
    expect(await post(subscription.endpoint, { ...good, topic: 'not a topic' }, body)).toBe(400);
    expect(await post(subscription.endpoint, { ...good, authorization: signer.authorization('https://fcm.googleapis.com') }, body)).toBe(401);
    const farAhead = createVapidSigner({ subject: 'mailto:ops@example.com', ...keys, now: () => Date.now() + 13 * 3600 * 1000 });
    expect(await post(subscription.endpoint, { ...good, authorization: farAhead.authorization(simulator.origin) }, body)).toBe(401);
    const stranger = createVapidSigner({ subject: 'mailto:ops@example.com', ...generateVapidKeys() });
    const forged = good.authorization.replace(/k=.*$/, `k=${stranger.publicKey}`);
    expect(await post(subscription.endpoint, { ...good, authorization: forged }, body)).toBe(401);
    const tampered = Buffer.from(body);
    tampered[tampered.length - 1]! ^= 1;
    expect(await post(subscription.endpoint, good, tampered)).toBe(400);
    expect(await post(subscription.endpoint, good, Buffer.alloc(4097))).toBe(413);
    expect(simulator.count(subscription.endpoint)).toBe(2);
  });
});

describe('Web Push service', () => {
  it('runs a local simulator when asked, says so, and delivers to a subscription made against it', async () => {
    const warnings: string[] = [];
    const quiet = () => {};
    const logger: Logger = { debug: quiet, info: quiet, warn: (line) => warnings.push(line), error: quiet, child: () => logger };
    const service = await createWebPushService({ vapid: { subject: 'mailto:ops@example.com', ...keys }, allowPrivate: false, hosts: ['fcm.googleapis.com'], logger, useSimulator: true });
    try {
      expect(warnings.join('\n')).toMatch(/local Web Push simulator/);
      const subscription = service.localSimulator!.subscribe({ applicationServerKey: service.publicKey });
      const checked = await service.validate(subscription);
      if (!checked.ok) throw new Error(checked.error.message);
      expect(await service.sender.send(checked.value.endpoint, checked.value.p256dh, checked.value.auth, message('to the simulator'))).toEqual({ ok: true });
      expect(service.localSimulator!.received(subscription.endpoint)).toEqual(['{"body":"to the simulator"}']);
      expect(service.simulator).toEqual({ origin: service.localSimulator!.origin, ca: service.localSimulator!.ca });
    } finally {
      await service.close();
    }
  });
});
