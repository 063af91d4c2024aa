// The FCM sender against the FCM stand-in over real HTTP/2 and TLS sockets: delivery, access tokens, and Google's
// failures played on cue.
import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PushOutcome } from '../src/fanout/platform.ts';
import { createAccessTokens } from '../src/fcm/access-token.ts';
import { parseServiceAccount, type ServiceAccount } from '../src/fcm/credentials.ts';
import { buildFcmMessage, type FcmMessage } from '../src/fcm/message.ts';
import { fcmPlatform } from '../src/fcm/platform.ts';
import { createFcmSender, type FcmSender, type FcmSenderOptions } from '../src/fcm/sender.ts';
import { createFcmService } from '../src/fcm/service.ts';
import { startFcmSimulator, type FcmSimulator, type FcmSimulatorOptions } from '../src/fcm/simulator.ts';
import type { Logger } from '../src/logger.ts';
import { waitFor } from './support/processes.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** An FCM-shaped registration token. */
const deviceToken = (i: number, kind = 'dev') => `${kind}${String(i).padStart(8, '0')}:APA91b${'x'.repeat(60)}`;

function message(extra: Record<string, unknown> = {}): FcmMessage {
  const built = buildFcmMessage({ body: 'Doors open at 8', target: 'all', title: 'Tonight', data: { seat: 12, gate: 'B' }, ...extra }, 'broadcast-1');
  if (!built.ok) throw new Error(built.error.message);
  return built.value;
}

function accountOf(simulator: FcmSimulator, change: Partial<ServiceAccount> = {}): ServiceAccount {
  const parsed = parseServiceAccount(simulator.credentials);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { ...parsed.value, ...change };
}

async function world(options: FcmSimulatorOptions = {}, { account: change, ...senderOptions }: Omit<Partial<FcmSenderOptions>, 'account'> & { account?: Partial<ServiceAccount> } = {}) {
  const simulator = await startFcmSimulator({ keep: 10_000, ...options });
  closers.push(() => simulator.close());
  const account = accountOf(simulator, change);
  const tokens = createAccessTokens({ account, ca: simulator.ca });
  const sender = createFcmSender({ origin: simulator.origin, account, tokens, ca: simulator.ca, ...senderOptions });
  closers.push(() => sender.close());
  return { simulator, sender, account };
}

/** Dispatches a push to each token; checks each is settled exactly once and never during dispatch itself. */
function dispatchAll(sender: FcmSender, tokens: string[], fcmMessage = message()) {
  return new Promise<PushOutcome[]>((resolve, reject) => {
    const outcomes: (PushOutcome | undefined)[] = new Array(tokens.length);
    let dispatching = true;
    let left = tokens.length;
    const sink = {
      settle(index: number, outcome: PushOutcome) {
        if (dispatching) return reject(new Error(`push ${index} settled during dispatch`));
        if (outcomes[index]) return reject(new Error(`push ${index} settled twice`));
        outcomes[index] = outcome;
        if (--left === 0) resolve(outcomes as PushOutcome[]);
      },
    };
    tokens.forEach((token, index) => sender.dispatch(sink, index, token, fcmMessage));
    dispatching = false;
  });
}

const range = (n: number, kind = 'dev') => Array.from({ length: n }, (_, i) => deviceToken(i, kind));

describe('FCM sender against the FCM simulator', () => {
  it('keeps to its share of the project\'s quota: a second\'s worth goes at once, the rest waits, and what waits at close is handed back unsent', async () => {
    // 6 a minute: one at once, the next ten seconds later.
    const { simulator, sender } = await world({}, { messagesPerMinute: 6 });
    const tokens = range(5, 'paced');
    const outcomes = dispatchAll(sender, tokens);
    await waitFor(() => (simulator.accepted() === 1 ? true : undefined));
    await sender.close();
    const settled = await outcomes;
    expect(settled.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(settled.filter((outcome) => !outcome.ok)).toEqual(Array(4).fill({ ok: false, kind: 'retry', reason: 'NotSent' }));
    expect(simulator.accepted()).toBe(1);
  });

  it('delivers 1,000 pushes to distinct tokens through dispatch, each exactly once', async () => {
    const { simulator, sender } = await world();
    const tokens = range(1000);
    const outcomes = await dispatchAll(sender, tokens);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    expect(simulator.accepted()).toBe(1000);
    for (const token of tokens) expect(simulator.received(token)).toHaveLength(1);
    expect(simulator.received(tokens[0]!)[0]!.message).toEqual({
      notification: { title: 'Tonight', body: 'Doors open at 8' },
      data: { seat: '12', gate: 'B' },
      android: { priority: 'high', notification: { tag: 'broadcast-1' } },
    });
  });

  it('mints one access token and reuses it across broadcasts', async () => {
    const { simulator, sender } = await world();
    await dispatchAll(sender, range(100, 'one'));
    const second = await dispatchAll(sender, range(100, 'two'), message({ body: 'Second' }));
    expect(second.every((outcome) => outcome.ok)).toBe(true);
    expect(simulator.accepted()).toBe(200);
    expect(simulator.tokensIssued()).toBe(1);
  });

  it('after a 401 for an expired access token, gets one new token and sends again', async () => {
    const { simulator, sender } = await world();
    await dispatchAll(sender, range(10, 'first'));
    simulator.expireAccessTokens();
    const outcomes = await dispatchAll(sender, range(50, 'after'));
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    expect(simulator.tokensIssued()).toBe(2);
    expect(simulator.accepted()).toBe(60);
  });

  it('a 401 that persists after the new token is a setting, sent twice at most', async () => {
    let answered = 0;
    const { simulator, sender } = await world({ answer: () => (answered++, { code: 'UNAUTHENTICATED', status: 401 }) });
    expect(await sender.send(deviceToken(1), message())).toEqual({ ok: false, kind: 'setting', reason: 'UNAUTHENTICATED' });
    expect(answered).toBe(2);
    expect(simulator.tokensIssued()).toBe(2);
  });

  it('404 UNREGISTERED is dead', async () => {
    const { simulator, sender } = await world({ answer: (push) => (push.token.startsWith('gone') ? { code: 'UNREGISTERED' } : undefined) });
    const [gone, live] = await dispatchAll(sender, [deviceToken(1, 'gone'), deviceToken(2)]);
    expect(gone).toEqual({ ok: false, kind: 'dead', reason: 'UNREGISTERED' });
    expect(live).toEqual({ ok: true });
    expect(simulator.accepted()).toBe(1);
  });

  it('a token FCM never issued is kind token (the breaker decides), not delivered', async () => {
    const { simulator, sender } = await world({ issued: (token) => /:APA91/.test(token) && !token.startsWith('made-up') });
    expect(await sender.send(deviceToken(1, 'made-up'), message())).toEqual({ ok: false, kind: 'token', reason: 'INVALID_ARGUMENT' });
    expect(await sender.send('not-even-a-token', message())).toEqual({ ok: false, kind: 'token', reason: 'INVALID_ARGUMENT' });
    expect(simulator.accepted()).toBe(0);
  });

  it("another project's token is SENDER_ID_MISMATCH, kind token, blaming the FCM project", async () => {
    const { simulator, sender, account } = await world({ otherProject: (token) => token.startsWith('other') });
    const outcome = await sender.send(deviceToken(1, 'other'), message());
    expect(outcome).toEqual({ ok: false, kind: 'token', reason: 'SENDER_ID_MISMATCH' });
    const platform = fcmPlatform({ projectId: account.projectId, origin: simulator.origin });
    const setting = platform.settingOf('SENDER_ID_MISMATCH')!;
    expect(setting).toBe('FCM_CREDENTIALS');
    expect(platform.advice(setting, message())).toMatch(/FCM_CREDENTIALS.*clarion-simulator.*FCM_CREDENTIALS_PATH/);
  });

  it('429 with Retry-After: 7 goes back as retry after 7000 ms, with no resend at once', async () => {
    let asked = 0;
    const { simulator, sender } = await world({ answer: () => (asked++, { code: 'QUOTA_EXCEEDED', retryAfter: 7 }) }, { maxAttempts: 5 });
    expect(await sender.send(deviceToken(1), message())).toEqual({ ok: false, kind: 'retry', reason: 'QUOTA_EXCEEDED', retryAfterMs: 7000 });
    expect(asked).toBe(1);
    expect(simulator.accepted()).toBe(0);
  });

  it('a 503 is sent again at once and then delivered', async () => {
    let asked = 0;
    const { simulator, sender } = await world({ answer: () => (asked++ === 0 ? { code: 'UNAVAILABLE' } : undefined) });
    expect(await sender.send(deviceToken(1), message())).toEqual({ ok: true });
    expect(asked).toBe(2);
    expect(simulator.accepted()).toBe(1);
  });

  it('a 503 within maxAttempts every time goes back as retry', async () => {
    let asked = 0;
    const { sender } = await world({ answer: () => (asked++, { code: 'UNAVAILABLE' }) }, { maxAttempts: 3 });
    expect(await sender.send(deviceToken(1), message())).toEqual({ ok: false, kind: 'retry', reason: 'UNAVAILABLE' });
    expect(asked).toBe(3);
  });

  it('a wrong private key: the token endpoint answers invalid_grant once, every push is kind setting, nothing delivered', async () => {
    const wrongKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const { simulator, sender } = await world({}, { account: { privateKey: wrongKey } });
    const outcomes = await dispatchAll(sender, range(20));
    expect(new Set(outcomes.map((outcome) => JSON.stringify(outcome)))).toEqual(new Set([JSON.stringify({ ok: false, kind: 'setting', reason: 'TOKEN_REFUSED' })]));
    expect(simulator.tokensIssued()).toBe(0);
    expect(simulator.requests()).toBe(1);
    expect(simulator.accepted()).toBe(0);
  });

  it('an unreachable token endpoint makes the pushes kind retry', async () => {
    const { simulator, sender } = await world({}, { account: { tokenUri: 'https://127.0.0.1:1/token' } });
    expect(await sender.send(deviceToken(1), message())).toEqual({ ok: false, kind: 'retry', reason: 'TOKEN_UNAVAILABLE' });
    expect(simulator.accepted()).toBe(0);
  });

  it('a message never answered is ambiguous after requestTimeoutMs, and the others go on', async () => {
    const { sender } = await world({ answer: (push) => (push.token.startsWith('hang') ? { hang: true } : undefined) }, { requestTimeoutMs: 2_000 });
    // The connection and the access token first (as below): on a loaded CI machine a new connection's TLS handshake
    // and token can take longer than a short timeout, which would fail the live push too.
    expect(await sender.send(deviceToken(0), message())).toEqual({ ok: true });
    const [hung, live] = await dispatchAll(sender, [deviceToken(1, 'hang'), deviceToken(2)]);
    expect(hung).toEqual({ ok: false, kind: 'ambiguous', reason: 'Timeout' });
    expect(live).toEqual({ ok: true });
  });

  it('keeps under the server\'s MAX_CONCURRENT_STREAMS of 5: 50 pushes, all delivered, none refused', async () => {
    // Streams the client opened beyond the limit would wait inside nghttp2 with their timeout running: 10 rounds of
    // 60 ms outlast the 400 ms timeout, though no single request comes near it.
    const { simulator, sender } = await world({ maxConcurrentStreams: 5, answer: () => ({ delayMs: 60 }) }, { connections: 1, requestTimeoutMs: 400 });
    // The connection and the access token first, so that the 50 are timed from an open connection: on a loaded CI
    // machine the first five once spent their 400 ms waiting for the TLS handshake and the token.
    expect(await sender.send(deviceToken(0), message())).toEqual({ ok: true });
    const outcomes = await dispatchAll(sender, range(50));
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    expect(simulator.accepted()).toBe(51);
    expect(simulator.peakStreams()).toBeLessThanOrEqual(5);
    // One token request and one request per push: no stream was refused and sent again.
    expect(simulator.requests()).toBe(52);
  });

  it('streams above a GOAWAY\'s last id are sent again on a new connection, each push delivered once', async () => {
    let goaway = true;
    const { simulator, sender } = await world({ answer: () => (goaway ? ((goaway = false), { goaway: true }) : { delayMs: 5 }) }, { connections: 1 });
    const tokens = range(100);
    const outcomes = await dispatchAll(sender, tokens);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    for (const token of tokens) expect(simulator.received(token)).toHaveLength(1);
  });

  it('REFUSED_STREAM is sent again; refused every time it goes back as retry', async () => {
    const refusals = new Map<string, number>();
    const { simulator, sender } = await world({
      answer: (push) => {
        const n = (refusals.get(push.token) ?? 0) + 1;
        refusals.set(push.token, n);
        return push.token.startsWith('always') || n === 1 ? { refuse: true } : undefined;
      },
    });
    const [once, always] = await dispatchAll(sender, [deviceToken(1), deviceToken(2, 'always')]);
    expect(once).toEqual({ ok: true });
    expect(always).toEqual({ ok: false, kind: 'retry', reason: 'ConnectionError' });
    expect(simulator.accepted()).toBe(1);
  });

  it('a message FCM refuses for its fields is refused, not the device\'s fault', async () => {
    const { sender } = await world();
    const bad = { ...message(), tail: message().tail.replace('"priority":"high"', '"priority":"urgent"') };
    expect(await sender.send(deviceToken(1), bad)).toEqual({ ok: false, kind: 'refused', reason: 'INVALID_ARGUMENT' });
  });
});

describe('FCM service', () => {
  const lines: { level: string; message: string }[] = [];
  const logger: Logger = {
    debug: (message) => lines.push({ level: 'debug', message }),
    info: (message) => lines.push({ level: 'info', message }),
    warn: (message) => lines.push({ level: 'warn', message }),
    error: (message) => lines.push({ level: 'error', message }),
    child: () => logger,
  };

  it('without credentials sends to a local simulator, says so, and shares it with another process', async () => {
    const service = await createFcmService({ logger });
    closers.push(service.close);
    expect(lines.some((line) => line.level === 'warn' && /local FCM simulator and reach no phone/.test(line.message))).toBe(true);
    expect(await service.sender.send(deviceToken(1), message())).toEqual({ ok: true });
    const worker = await createFcmService({ logger, shared: service.simulator });
    closers.push(worker.close);
    expect(await worker.sender.send(deviceToken(2), message())).toEqual({ ok: true });
    expect(worker.platform.fingerprint(message())).toBe(service.platform.fingerprint(message()));
  });

  it('with credentials runs no simulator and trusts only the system\'s CAs (test/platforms-crash.test.ts sends to FCM_URL with them)', async () => {
    const simulator = await startFcmSimulator();
    closers.push(simulator.close);
    await expect(createFcmService({ logger, credentialsJson: '{"type":"service_account"}' })).rejects.toThrow(/project_id/);
    // Real credentials and a stand-in FCM_URL: the simulator's CA is not trusted, so the token request fails as unreachable.
    const service = await createFcmService({ logger, credentialsJson: simulator.credentials, origin: simulator.origin });
    closers.push(service.close);
    expect(service.simulator).toBeUndefined();
    expect(await service.sender.send(deviceToken(1), message())).toMatchObject({ ok: false, kind: 'retry', reason: 'TOKEN_UNAVAILABLE' });
    expect(simulator.accepted()).toBe(0);
  });
});
