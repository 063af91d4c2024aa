// The APNs stand-in on our own framing (src/apns/simulator-frames.ts), which bench/broadcast can measure senders
// against: it answers as the node:http2 stand-in does, to both transports and through every status's encoding; it
// takes 10,000 pushes with delays, refusals and a GOAWAY and each delivered push once, with no protocol violation by
// either client; it keeps clients to the protocol (bad preface, even stream ids, oversized frames), answers PING,
// and survives garbage.
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '../src/apns/push-service.ts';
import { createSender } from '../src/apns/sender.ts';
import { startFrameSimulator, type FrameSimulator } from '../src/apns/simulator-frames.ts';
import { generateProviderKey, startSimulator, type Answer, type Simulator } from '../src/apns/simulator.ts';
import { createProviderToken } from '../src/apns/token.ts';
import { ErrorCode, Flag, FrameReader, FrameType, PREFACE } from '../src/http2/frames.ts';
import type { PushOutcome } from '../src/fanout/platform.ts';
import { frame } from './support/h2-conformance.ts';

const TEAM = 'TEAM123456';
const KEY_ID = 'KEY1234567';
const TOPIC = 'dev.clarion.test';
const key = generateProviderKey();
const token = (i: number) => (i + 1).toString(16).padStart(8, '0').repeat(8);
const alert = JSON.stringify({ aps: { alert: { title: 'Hello', body: 'from the test' } } });

/** Answers chosen by the device token's first octet, so that both stand-ins play the same script. */
function scripted(push: { deviceToken: string }): Answer {
  switch (push.deviceToken.slice(0, 2)) {
    case 'a1': return { status: 410, reason: 'Unregistered' };
    case 'a2': return { status: 429, reason: 'TooManyRequests' };
    case 'a3': return { status: 500, reason: 'InternalServerError' };
    case 'a4': return { status: 503, reason: 'ServiceUnavailable' };
    case 'a5': return { status: 403, reason: 'Forbidden' };
    case 'a6': return { status: 200, delayMs: 5 };
    default: return undefined;
  }
}

describe('the APNs stand-in on our own framing', () => {
  const options = { teamId: TEAM, keyId: KEY_ID, publicKey: key.publicKey, topic: TOPIC, otherTopics: ['dev.clarion.other'], answer: scripted };
  let frames: FrameSimulator;
  let node: Simulator;
  beforeAll(async () => {
    [frames, node] = await Promise.all([startFrameSimulator(options), startSimulator(options)]);
  });
  afterAll(async () => {
    await Promise.all([frames?.close(), node?.close()]);
  });

  it('answers each request as the node:http2 stand-in does, through either transport', async () => {
    const auth = `bearer ${createProviderToken({ teamId: TEAM, keyId: KEY_ID, privateKey: key.privateKey }).get()}`;
    const otherKey = generateProviderKey();
    const forged = `bearer ${createProviderToken({ teamId: TEAM, keyId: KEY_ID, privateKey: otherKey.privateKey }).get()}`;
    const base = { authorization: auth, 'apns-topic': TOPIC, 'apns-push-type': 'alert', 'content-type': 'application/json' };
    const cases: [string, Record<string, string>, string][] = [
      [`/3/device/${token(1)}`, base, alert],
      [`/3/device/${'0'.repeat(64)}`, base, alert],
      [`/3/device/${token(2)}`, { ...base, 'apns-topic': 'dev.clarion.other' }, alert],
      [`/3/device/${token(3)}`, { ...base, 'apns-topic': 'dev.someone.else' }, alert],
      [`/3/device/${token(4)}`, { ...base, 'apns-priority': '7' }, alert],
      [`/3/device/${token(5)}`, { ...base, 'apns-push-type': 'background', 'apns-priority': '10' }, alert],
      [`/3/device/${token(6)}`, { ...base, 'apns-expiration': 'soon' }, alert],
      [`/3/device/${token(7)}`, { ...base, 'apns-collapse-id': 'c'.repeat(65) }, alert],
      [`/3/device/${token(8)}`, { ...base, 'apns-id': 'not-a-uuid' }, alert],
      [`/3/device/${token(9)}`, base, ''],
      [`/3/device/${token(10)}`, base, JSON.stringify({ aps: { alert: 'x'.repeat(5000) } })],
      [`/3/device/${token(11)}`, base, '{not json'],
      [`/3/device/${token(12)}`, base, '{"no":"aps"}'],
      [`/3/device/${token(13)}`, { ...base, authorization: forged }, alert],
      [`/3/device/${token(14)}`, { ...base, authorization: 'basic x' }, alert],
      ['/3/other/path', base, alert],
      ...['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((octet): [string, Record<string, string>, string] => [`/3/device/${octet}${token(20).slice(2)}`, base, alert]),
    ];
    const answers: Record<string, unknown[]> = {};
    for (const transport of ['frames', 'node'] as const) {
      for (const [name, simulator] of [['frames', frames], ['node', node]] as const) {
        const pool = createTransport(transport, { origin: simulator.origin, ca: simulator.ca, connections: 1 });
        const apnsId = '00000000-0000-4000-8000-000000000001';
        const got = await Promise.all(cases.map(([path, headers, body]) => pool.request(path, { 'apns-id': apnsId, ...headers }, body)));
        // The frames transport's one-off form does not return the answer's apns-id; node:http2's does.
        answers[`${transport} to ${name}`] = got.map(({ status, reason, apnsId: echoed }, i) => ({ status, reason, echoed: transport === 'frames' || echoed === (cases[i]![1]['apns-id'] ?? apnsId) }));
        await pool.close();
      }
    }
    const expected = answers['node to node'];
    expect(expected!.map((answer) => (answer as { reason?: string }).reason)).toEqual([
      undefined, 'BadDeviceToken', 'DeviceTokenNotForTopic', 'TopicDisallowed', 'BadPriority', 'BadPriority', 'BadExpirationDate', 'BadCollapseId', 'BadMessageId',
      'PayloadEmpty', 'PayloadTooLarge', 'BadPayload', 'BadPayload', 'InvalidProviderToken', 'MissingProviderToken', 'BadPath',
      'Unregistered', 'TooManyRequests', 'InternalServerError', 'ServiceUnavailable', 'Forbidden', undefined,
    ]);
    for (const [run, got] of Object.entries(answers)) expect(got, run).toEqual(expected);
    expect(frames.violations()).toEqual([]);
  });

  it('takes 10,000 pushes from each transport, with delays, refusals and a GOAWAY, each delivered push once and no protocol violation', async () => {
    const PUSHES = 10_000;
    const tokens = Array.from({ length: PUSHES }, (_, i) => token(i));
    const index = new Map(tokens.map((t, i) => [t, i]));
    for (const transport of ['frames', 'node'] as const) {
      const attempts = new Map<string, number>();
      const taken = new Map<string, number>();
      const simulator = await startFrameSimulator({
        ...options, maxConcurrentStreams: 300, keep: 0,
        answer: (push) => {
          const i = index.get(push.deviceToken)!;
          const n = (attempts.get(push.deviceToken) ?? 0) + 1;
          attempts.set(push.deviceToken, n);
          if (i === 5_005 && n === 1) return { goaway: true };
          switch (i % 20) {
            case 0: return { status: 410, reason: 'Unregistered' };
            case 1: return n === 1 ? { refuse: true } : undefined;
            case 2: return n === 1 ? { status: 503, reason: 'ServiceUnavailable' } : undefined;
            case 3: return { status: 200, delayMs: 1 + (i % 7) };
            default: return undefined;
          }
        },
        onAccept: (push) => taken.set(push.deviceToken, (taken.get(push.deviceToken) ?? 0) + 1),
      });
      const pool = createTransport(transport, { origin: simulator.origin, ca: simulator.ca, connections: 2 });
      const send = createSender({ transport: pool, token: createProviderToken({ teamId: TEAM, keyId: KEY_ID, privateKey: key.privateKey }), maxAttempts: 3, backoffMs: 1 });
      const outcomes: PushOutcome[] = new Array(PUSHES);
      await new Promise<void>((resolve) => {
        let left = PUSHES;
        const sink = { settle: (i: number, outcome: PushOutcome) => ((outcomes[i] = outcome), --left === 0 && resolve()) };
        tokens.forEach((t, i) => send.dispatch!(sink, i, t, `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, { 'apns-topic': TOPIC, 'apns-push-type': 'alert' }, alert));
      });
      await pool.close();
      await simulator.close();
      outcomes.forEach((outcome, i) => expect(outcome, `${transport}: device ${i}`).toEqual(i % 20 === 0 ? { ok: false, reason: 'Unregistered', kind: 'dead' } : { ok: true }));
      const delivered = tokens.filter((_, i) => i % 20 !== 0);
      expect(delivered.every((t) => taken.get(t) === 1), transport).toBe(true);
      expect(taken.size, transport).toBe(delivered.length);
      expect(simulator.violations(), transport).toEqual([]);
    }
  }, 120_000);

  it('gives back its receive windows: 2,000 pushes of 4,000 octets, more than the connection window holds at once', async () => {
    const pool = createTransport('frames', { origin: frames.origin, ca: frames.ca, connections: 1 });
    const send = createSender({ transport: pool, token: createProviderToken({ teamId: TEAM, keyId: KEY_ID, privateKey: key.privateKey }), maxAttempts: 1, backoffMs: 1 });
    const large = JSON.stringify({ aps: { alert: 'x'.repeat(3_970) } });
    expect(Buffer.byteLength(large)).toBeGreaterThan(3_980);
    const before = frames.accepted();
    let ok = 0;
    await new Promise<void>((resolve) => {
      let left = 2_000;
      const sink = { settle: (_i: number, outcome: PushOutcome) => ((ok += outcome.ok ? 1 : 0), --left === 0 && resolve()) };
      for (let i = 0; i < 2_000; i += 1) send.dispatch!(sink, i, token(30_000 + i), '', { 'apns-topic': TOPIC, 'apns-push-type': 'alert' }, large);
    });
    await pool.close();
    expect(ok).toBe(2_000);
    expect(frames.accepted() - before).toBe(2_000);
    expect(frames.violations()).toEqual([]);
  });

  it('drops the connection on cue: the push fails as a connection error, and the next goes out on a new connection', async () => {
    const simulator = await startFrameSimulator({ ...options, answer: (push) => (push.deviceToken === token(1) ? { drop: true } : undefined) });
    const pool = createTransport('frames', { origin: simulator.origin, ca: simulator.ca, connections: 1 });
    const auth = `bearer ${createProviderToken({ teamId: TEAM, keyId: KEY_ID, privateKey: key.privateKey }).get()}`;
    const headers = { authorization: auth, 'apns-topic': TOPIC, 'apns-push-type': 'alert' };
    await expect(pool.request(`/3/device/${token(1)}`, headers, alert)).rejects.toThrow();
    expect((await pool.request(`/3/device/${token(2)}`, headers, alert)).status).toBe(200);
    expect(simulator.accepted()).toBe(1);
    await pool.close();
    await simulator.close();
  });

  describe('keeps a client to the protocol', () => {
    /** Opens TLS with ALPN h2, writes `bytes`, and reads the frames the stand-in sends until it closes (or `waitMs` pass). */
    async function exchange(bytes: Buffer, waitMs = 5_000) {
      const origin = new URL(frames.origin);
      const socket = tls.connect({ host: origin.hostname, port: Number(origin.port), ALPNProtocols: ['h2'], ca: frames.ca });
      const seen: { type: number; flags: number; streamId: number; payload: Buffer }[] = [];
      const reader = new FrameReader({ frame: (type, flags, streamId, data, start, end) => void seen.push({ type, flags, streamId, payload: Buffer.from(data.subarray(start, end)) }) }, 1 << 24);
      await new Promise<void>((resolve) => {
        socket.once('secureConnect', () => socket.write(bytes));
        socket.on('data', (chunk: Buffer) => reader.push(chunk));
        socket.on('error', () => {});
        socket.on('close', () => resolve());
        setTimeout(() => (socket.destroy(), resolve()), waitMs);
      });
      return seen;
    }
    const goawayCode = (seen: Awaited<ReturnType<typeof exchange>>) => seen.find((f) => f.type === FrameType.GOAWAY)?.payload.readUInt32BE(4);
    const settings = frame(FrameType.SETTINGS, 0, 0);

    it('a wrong preface, an even stream id and an oversized frame are connection errors, each named', async () => {
      expect(goawayCode(await exchange(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n')))).toBe(ErrorCode.PROTOCOL_ERROR);
      expect(goawayCode(await exchange(Buffer.concat([PREFACE, settings, frame(FrameType.HEADERS, Flag.END_HEADERS | Flag.END_STREAM, 2, Buffer.from([0x83]))])))).toBe(ErrorCode.PROTOCOL_ERROR);
      const oversized = Buffer.alloc(9);
      oversized.writeUIntBE(20_000, 0, 3);
      oversized[3] = FrameType.DATA;
      oversized.writeUInt32BE(1, 5);
      expect(goawayCode(await exchange(Buffer.concat([PREFACE, settings, oversized])))).toBe(ErrorCode.FRAME_SIZE_ERROR);
      expect(frames.violations()).toEqual(expect.arrayContaining([expect.stringContaining('preface'), expect.stringContaining('HEADERS on stream 2'), expect.stringContaining('20000 octets')]));
    });

    it('answers PING with its payload, and SETTINGS with an ACK after its own', async () => {
      const seen = await exchange(Buffer.concat([PREFACE, settings, frame(FrameType.PING, 0, 0, Buffer.from('abcdefgh')), frame(FrameType.GOAWAY, 0, 0, Buffer.alloc(8))]));
      expect(seen[0]).toMatchObject({ type: FrameType.SETTINGS, flags: 0 });
      expect(seen.some((f) => f.type === FrameType.SETTINGS && f.flags === Flag.ACK)).toBe(true);
      expect(seen.find((f) => f.type === FrameType.PING)).toMatchObject({ flags: Flag.ACK, payload: Buffer.from('abcdefgh') });
    });

    it('survives 200 connections of random and truncated frames, and still serves', async () => {
      let seed = 42;
      const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
      for (let round = 0; round < 200; round += 1) {
        const parts = [PREFACE, settings];
        for (let i = 0; i < 1 + Math.floor(random() * 6); i += 1) {
          const payload = Buffer.from(Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 256)));
          const bytes = frame(Math.floor(random() * 11), Math.floor(random() * 256), Math.floor(random() * 8), payload);
          parts.push(random() < 0.2 ? bytes.subarray(0, Math.floor(random() * bytes.length)) : bytes);
        }
        // A client GOAWAY last: a stand-in still reading frames then closes, so no round waits out its time.
        parts.push(frame(FrameType.GOAWAY, 0, 0, Buffer.alloc(8)));
        await exchange(Buffer.concat(parts), 500);
      }
      const pool = createTransport('frames', { origin: frames.origin, ca: frames.ca, connections: 1 });
      const auth = `bearer ${createProviderToken({ teamId: TEAM, keyId: KEY_ID, privateKey: key.privateKey }).get()}`;
      expect((await pool.request(`/3/device/${token(99)}`, { authorization: auth, 'apns-topic': TOPIC, 'apns-push-type': 'alert' }, alert)).status).toBe(200);
      await pool.close();
    }, 120_000);
  });
});
