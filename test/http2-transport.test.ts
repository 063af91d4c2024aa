// Our own HTTP/2 framing for APNs (APNS_TRANSPORT=frames, src/http2 and src/apns/frame-pool.ts) against a server
// that checks every frame and does, on cue, what servers do to clients (test/support/h2-conformance.ts).
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFramePool, type FramePoolOptions } from '../src/apns/frame-pool.ts';
import { createTransport } from '../src/apns/push-service.ts';
import { createSender, type Push } from '../src/apns/sender.ts';
import { generateProviderKey } from '../src/apns/simulator.ts';
import { createProviderToken } from '../src/apns/token.ts';
import { ErrorCode, FrameType, Flag } from '../src/http2/frames.ts';
import { frame, startConformanceServer, type ConformanceOptions, type ConformanceServer } from './support/h2-conformance.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const key = generateProviderKey();
const headers = { 'apns-topic': 'dev.clarion.test', 'apns-push-type': 'alert', 'apns-priority': '10' };
const payload = JSON.stringify({ aps: { alert: { title: 'Hello', body: 'A push of a few dozen octets, as most are' } } });
const push = (i: number, extra: Partial<Push> = {}): Push => ({ deviceToken: `device${String(i).padStart(5, '0')}`, apnsId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, headers, payload, ...extra });

type Kind = 'frames' | 'node';

async function setUp(options: ConformanceOptions = {}, pool: Partial<FramePoolOptions> = {}, { maxAttempts = 1, now, kind = 'frames' }: { maxAttempts?: number; now?: () => number; kind?: Kind } = {}) {
  const server = await startConformanceServer(options);
  cleanups.push(() => server.close());
  const settings = { origin: server.origin, connections: 1, requestTimeoutMs: 5_000, ...pool };
  // The fallback (node:http2) against the same server: the options only our framing has are left out.
  const transport = kind === 'frames' ? createFramePool(settings) : Object.assign(createTransport('node', settings), { stats: () => ({ inFlight: 0, waiting: 0, connections: 0, ringCapacity: 0 }) });
  cleanups.push(() => transport.close());
  const token = createProviderToken({ teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: key.privateKey, now, refreshMs: 1000 });
  const send = createSender({ transport, token, maxAttempts, backoffMs: 1 });
  return { server, transport, send, token };
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Every push answered 200 exactly once by the server. */
function onceEach(server: ConformanceServer, count: number) {
  expect(server.answered.size).toBe(count);
  expect([...server.answered.values()].every((n) => n === 1)).toBe(true);
}

describe('the HTTP/2 framing transport', () => {
  it('HPACK: sends constant headers once with indexing and then by index, re-indexes a rotated token, and follows table size changes', async () => {
    let clock = Date.now();
    const { server, send } = await setUp({}, {}, { now: () => clock });
    for (let i = 0; i < 20; i += 1) expect((await send(push(i))).ok).toBe(true);
    const decoder = server.connections[0]!.decoder;
    const names = () => decoder.entries().map(([name]) => name);
    expect(names().sort()).toEqual(['apns-priority', 'apns-push-type', 'apns-topic', 'authorization', 'content-type', ':authority'].sort());
    const sizes = server.blocks.map((b) => b.length);
    expect(sizes[0]).toBeGreaterThan(300); // the JWT and the constant headers, literally, once
    expect(Math.max(...sizes.slice(1))).toBeLessThan(90); // then: indexes, :path and apns-id
    // The provider token rotates: the new authorization is added to the table, once.
    clock += 2000;
    for (let i = 20; i < 30; i += 1) expect((await send(push(i))).ok).toBe(true);
    expect(names().filter((n) => n === 'authorization')).toHaveLength(2);
    expect(new Set(server.requests.slice(20).map((r) => r.headers.authorization)).size).toBe(1);
    expect(server.requests[20]!.headers.authorization).not.toBe(server.requests[0]!.headers.authorization);
    // The server allows no dynamic table: a size update opens the next block and nothing more is added.
    server.connections[0]!.settings({ headerTableSize: 0 });
    await later(20);
    const before = server.blocks.length;
    for (let i = 30; i < 40; i += 1) expect((await send(push(i))).ok).toBe(true);
    expect(server.blocks[before]![0]).toBe(0x20); // dynamic table size update to 0
    expect(decoder.tableEntries).toBe(0);
    expect(server.requests.slice(30).every((r) => r.headers['apns-topic'] === 'dev.clarion.test' && r.headers[':path']?.startsWith('/3/device/'))).toBe(true);
    server.connections[0]!.settings({ headerTableSize: 4096 });
    await later(20);
    for (let i = 40; i < 50; i += 1) expect((await send(push(i))).ok).toBe(true);
    expect(decoder.tableEntries).toBeGreaterThan(0);
    expect(server.violations).toEqual([]);
  });

  it('decodes answers in CONTINUATION and padded frames, with Huffman, a changing dynamic table and its size updates', async () => {
    let arrived = 0;
    const { server, send } = await setUp({
      handle: ({ connection }) => {
        arrived += 1;
        if (arrived === 30) connection.encoder.setMaxSize(0);
        if (arrived === 31) connection.encoder.setMaxSize(4096);
        if (arrived % 5 === 0) return { status: 200, continuation: true };
        if (arrived % 5 === 1) return { status: 200, padded: true, body: '' };
        if (arrived % 5 === 2) return { status: 400, body: JSON.stringify({ reason: 'BadDeviceToken' }), dataChunks: 3, padded: true };
        if (arrived % 5 === 3) return { status: 410, body: JSON.stringify({ reason: 'Unregistered', timestamp: 1 }), continuation: true };
        return { status: 200 };
      },
    });
    const outcomes = [];
    for (let i = 0; i < 60; i += 1) outcomes.push(await send(push(i)));
    outcomes.forEach((outcome, i) => {
      const n = i + 1;
      if (n % 5 === 2) expect(outcome).toEqual({ ok: false, reason: 'BadDeviceToken', kind: 'token' });
      else if (n % 5 === 3) expect(outcome).toEqual({ ok: false, reason: 'Unregistered', kind: 'dead' });
      else expect(outcome).toEqual({ ok: true });
    });
    expect(server.violations).toEqual([]);
    expect(server.connections).toHaveLength(1);
  });

  it('opens a new connection when stream ids run out', async () => {
    const { server, send } = await setUp({}, { maxStreamId: 21 });
    const outcomes = await Promise.all(Array.from({ length: 100 }, (_, i) => send(push(i))));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(server.connections.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...server.requests.map((r) => r.streamId))).toBeLessThanOrEqual(21);
    onceEach(server, 100);
  });

  it('fails a push that finds no stream in time (a server allowing none) as safe to send again, instead of holding it', async () => {
    const { server, send } = await setUp({ settings: { maxConcurrentStreams: 0 } }, { requestTimeoutMs: 200 });
    expect(await send(push(1))).toEqual({ ok: false, reason: 'ConnectionError', kind: 'retry' });
    expect(server.requests).toHaveLength(0);
  });

  it('stops opening streams while the socket is full, and sends them all once it drains', async () => {
    const { server, send, transport } = await setUp({
      settings: { maxConcurrentStreams: 100_000, initialWindowSize: 1 << 30 },
      afterSettings: (socket) => {
        const increment = Buffer.alloc(4);
        increment.writeUInt32BE(2 ** 31 - 1 - 65_535);
        socket.write(frame(FrameType.WINDOW_UPDATE, 0, 0, increment));
        socket.pause(); // the server reads nothing for now
      },
      // Not a test of timeouts: the 15 MB drain through the in-process server took over 5 s on a loaded CI machine.
    }, { requestTimeoutMs: 25_000 });
    const big = JSON.stringify({ aps: { alert: 'y'.repeat(3000) } });
    const many = Array.from({ length: 5000 }, (_, i) => send(push(i + 1, { payload: big })));
    await later(300);
    const { inFlight, waiting, ringCapacity } = transport.stats();
    expect(inFlight).toBeLessThan(5000); // 15 MB are not queued in memory behind a full socket
    expect(waiting).toBeGreaterThan(0);
    expect(ringCapacity).toBeGreaterThan(2048); // the rings grew to hold the burst
    server.connections[0]!.socket.resume();
    expect((await Promise.all(many)).filter((o) => !o.ok)).toEqual([]);
    // The burst has passed: the rings that queued it give their memory back.
    await vi.waitFor(() => expect(transport.stats().ringCapacity).toBe(2048), { timeout: 5_000 });
  }, 30_000);

  it('reconnects with backoff and jitter to a server that keeps failing, and fails the pushes meanwhile instead of holding them', async () => {
    let accepted = 0;
    const failing = net.createServer((socket) => {
      accepted += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => failing.close(() => resolve())));
    const errors: Error[] = [];
    const transport = createFramePool({ origin: `http://127.0.0.1:${(failing.address() as AddressInfo).port}`, connections: 1, reconnectMs: { base: 50, max: 400 }, onError: (e) => errors.push(e) });
    cleanups.push(() => transport.close());
    const send = createSender({ transport, token: createProviderToken({ teamId: 'T', keyId: 'K', privateKey: key.privateKey }), maxAttempts: 1 });
    const started = Date.now();
    const outcomes = [];
    while (Date.now() - started < 1500) {
      outcomes.push(await send(push(outcomes.length)));
      await later(10);
    }
    expect(outcomes.every((o) => !o.ok && o.kind === 'retry')).toBe(true);
    expect(outcomes.length).toBeGreaterThan(20);
    // Without backoff each of those pushes would open a connection; with it, a handful do.
    expect(accepted).toBeGreaterThanOrEqual(2);
    expect(accepted).toBeLessThan(outcomes.length / 3);
  });

  it('takes an answer that comes before the body has all gone (RFC 9113 §8.1): the push settles with it, no more of its body is sent, and the connection goes on', async () => {
    const { server, send } = await setUp({
      settings: { initialWindowSize: 10 },
      refillWindows: false,
      // Stream 1 is answered on its headers, with its body held back by the tiny window; the server then asks for no more.
      early: ({ connection, streamId }) => {
        if (streamId !== 1) return undefined;
        connection.reply(streamId, { status: 400, body: JSON.stringify({ reason: 'BadDeviceToken' }) });
        connection.socket.write(frame(FrameType.RST_STREAM, 0, streamId, Buffer.alloc(4))); // NO_ERROR
        return undefined;
      },
    });
    expect(await send(push(1))).toEqual({ ok: false, reason: 'BadDeviceToken', kind: 'token' });
    // The window opens: what was left of stream 1's body must not follow.
    server.connections[0]!.settings({ initialWindowSize: 65_535 });
    expect((await send(push(2))).ok).toBe(true);
    const sentOn1 = server.frames.filter((f) => f.type === FrameType.DATA && f.streamId === 1).reduce((sum, f) => sum + f.length, 0);
    expect(sentOn1).toBeLessThanOrEqual(10);
    expect(server.resets).toContain(1);
    expect(server.connections).toHaveLength(1);
    expect(server.violations).toEqual([]);
  });

  it('under maxInFlight, sends the waiting pushes on a new connection when a GOAWAY leaves a stream open on the old one: every push settles', async () => {
    const held: number[] = [];
    const { server, send } = await setUp(
      {
        handle: ({ streamId, connection }) => {
          if (connection !== server.connections[0]) return { status: 200 };
          held.push(streamId);
          return undefined;
        },
      },
      { maxInFlight: 5, requestTimeoutMs: 2_000 },
    );
    const outcomes = Array.from({ length: 20 }, (_, i) => send(push(i)));
    await vi.waitFor(() => expect(held).toHaveLength(5));
    const first = server.connections[0]!;
    first.goaway(held.at(-1)!); // all five are processed here; the old connection finishes them
    for (const streamId of held.slice(0, 4)) first.reply(streamId, { status: 200 });
    // The fifth stays open (the old connection stays, draining): the fifteen waiting go on a new one meanwhile.
    expect((await Promise.all(outcomes.slice(5))).every((o) => o.ok)).toBe(true);
    first.reply(held[4]!, { status: 200 });
    expect((await Promise.all(outcomes)).every((o) => o.ok)).toBe(true);
    onceEach(server, 20);
  });

  it('cuts a closing connection whose server has stopped reading once its grace is over', async () => {
    let connections = 0;
    const errors: string[] = [];
    const { server, send, transport } = await setUp(
      {
        settings: { maxConcurrentStreams: 100_000, initialWindowSize: 1 << 30 },
        afterSettings: (socket) => {
          connections += 1;
          if (connections > 1) return;
          const increment = Buffer.alloc(4);
          increment.writeUInt32BE(2 ** 31 - 1 - 65_535);
          socket.write(frame(FrameType.WINDOW_UPDATE, 0, 0, increment));
          socket.pause(); // the first server reads nothing more: the client's socket never drains
        },
      },
      { closeGraceMs: 50, onError: (error) => errors.push(error.message) },
    );
    const big = JSON.stringify({ aps: { alert: 'y'.repeat(3000) } });
    const many = Array.from({ length: 5000 }, (_, i) => send(push(i + 1, { payload: big })));
    // Its socket full: pushes wait, and those in flight stop growing.
    let before = -1;
    await vi.waitFor(
      () => {
        const { inFlight, waiting } = transport.stats();
        const stalled = waiting > 0 && inFlight > 0 && inFlight === before;
        before = inFlight;
        expect(stalled).toBe(true);
      },
      { interval: 100, timeout: 10_000 },
    );
    // Every stream refused: the client closes, its GOAWAY stuck behind octets the server will never read.
    server.connections[0]!.goaway(0, ErrorCode.ENHANCE_YOUR_CALM);
    // Told only once its socket has closed.
    await vi.waitFor(() => expect(errors).toContain('GOAWAY from the server (ENHANCE_YOUR_CALM)'), { timeout: 5_000 });
    const outcomes = await Promise.all(many);
    expect(outcomes.every((o) => o.ok || o.kind === 'retry')).toBe(true);
    expect(outcomes.some((o) => o.ok)).toBe(true); // the rest went on a new connection
  }, 30_000);

  it('a PRIORITY frame of the wrong length is a stream error (RFC 9113 §6.3): that stream is reset with FRAME_SIZE_ERROR, the connection goes on', async () => {
    const { server, send } = await setUp({
      handle: ({ connection, streamId, headers: h }) => {
        if (h[':path'] !== '/3/device/device00001') return { status: 200 };
        connection.socket.write(frame(FrameType.PRIORITY, 0, streamId, Buffer.alloc(4)));
        return undefined;
      },
    });
    expect(await send(push(1))).toEqual({ ok: false, reason: 'ConnectionError', kind: 'ambiguous' });
    await vi.waitFor(() => expect(server.resetCodes).toEqual([ErrorCode.FRAME_SIZE_ERROR]));
    expect((await send(push(2))).ok).toBe(true);
    expect(server.connections).toHaveLength(1);
    expect(server.clientGoaways).toEqual([]);
  });

  it('a WINDOW_UPDATE of 0 on a stream whose body has all gone is a stream error (RFC 9113 §6.9): reset with PROTOCOL_ERROR, the connection goes on', async () => {
    const { server, send } = await setUp({
      handle: ({ connection, streamId, headers: h }) => {
        if (h[':path'] !== '/3/device/device00001') return { status: 200 };
        connection.socket.write(frame(FrameType.WINDOW_UPDATE, 0, streamId, Buffer.alloc(4)));
        setTimeout(() => connection.reply(streamId, { status: 200 }), 20);
        return undefined;
      },
    });
    expect(await send(push(1))).toEqual({ ok: false, reason: 'ConnectionError', kind: 'ambiguous' });
    await vi.waitFor(() => expect(server.resetCodes).toEqual([ErrorCode.PROTOCOL_ERROR]));
    expect((await send(push(2))).ok).toBe(true);
    expect(server.connections).toHaveLength(1);
    expect(server.clientGoaways).toEqual([]);
  });

  it('discards the frames that come on a stream already closed (RFC 9113 §5.1), its header blocks decoded all the same', async () => {
    const { server, send } = await setUp({
      handle: ({ connection, streamId, headers: h }) => {
        if (h[':path'] !== '/3/device/device00002') return { status: 200 };
        // An answer naming the late block's field by its index: a decoder that skipped that block is out of range.
        const block = Buffer.concat([connection.encoder.field(':status', '200', true), connection.encoder.field('x-late', '1', true)]);
        connection.socket.write(frame(FrameType.HEADERS, Flag.END_HEADERS | Flag.END_STREAM, streamId, block));
        return undefined;
      },
    });
    expect((await send(push(1))).ok).toBe(true);
    const connection = server.connections[0]!;
    const late = Buffer.concat(['1', '2', '3'].map((n) => connection.encoder.field('x-late', n, true)));
    connection.socket.write(
      Buffer.concat([
        frame(FrameType.WINDOW_UPDATE, 0, 1, Buffer.alloc(4)), // an increment of 0
        frame(FrameType.WINDOW_UPDATE, 0, 1, Buffer.from([0, 0, 1, 0])),
        frame(FrameType.PRIORITY, 0, 1, Buffer.alloc(4)), // of the wrong length
        frame(FrameType.DATA, 0, 1, Buffer.from('late')),
        frame(FrameType.HEADERS, Flag.END_HEADERS | Flag.END_STREAM, 1, late),
        frame(FrameType.RST_STREAM, 0, 1, Buffer.from([0, 0, 0, ErrorCode.CANCEL])),
      ]),
    );
    for (let i = 2; i < 6; i += 1) expect((await send(push(i))).ok).toBe(true);
    expect(server.connections).toHaveLength(1);
    expect(server.clientGoaways).toEqual([]);
    expect(server.resets).toEqual([]);
  });

  it('checks a busy connection that has gone silent with a PING, and replaces it when the PING goes unanswered', async () => {
    const errors: string[] = [];
    const { server, send } = await setUp(
      {
        handle: ({ connection }) => {
          if (connection !== server.connections[0]) return { status: 200 };
          connection.silent = true; // holds the stream, and answers nothing more, PINGs included
          return undefined;
        },
      },
      { requestTimeoutMs: 3_000, silenceMs: 50, pingTimeoutMs: 100, onError: (error) => errors.push(error.message) },
    );
    // Failed with its connection, not by its own timeout.
    expect(await send(push(1))).toEqual({ ok: false, reason: 'ConnectionError', kind: 'ambiguous' });
    expect(errors).toContain('PING unanswered for 100 ms');
    expect(server.frames.some((f) => f.type === FrameType.PING && !(f.flags & Flag.ACK))).toBe(true);
    expect((await send(push(2))).ok).toBe(true);
    expect(server.connections).toHaveLength(2);
  });

  const garbage: [string, Buffer, number][] = [
    ['DATA on stream 0', frame(FrameType.DATA, 0, 0, Buffer.from('x')), ErrorCode.PROTOCOL_ERROR],
    ['a frame beyond the maximum size', Buffer.concat([Buffer.from([0x01, 0x00, 0x00, FrameType.DATA, 0, 0, 0, 0, 1]), Buffer.alloc(100)]), ErrorCode.FRAME_SIZE_ERROR],
    ['SETTINGS of 5 octets', frame(FrameType.SETTINGS, 0, 0, Buffer.alloc(5)), ErrorCode.FRAME_SIZE_ERROR],
    ['HEADERS on a stream the client never opened', frame(FrameType.HEADERS, Flag.END_HEADERS, 2, Buffer.from([0x88])), ErrorCode.PROTOCOL_ERROR],
    ['PUSH_PROMISE', frame(FrameType.PUSH_PROMISE, Flag.END_HEADERS, 1, Buffer.alloc(5)), ErrorCode.PROTOCOL_ERROR],
    ['PRIORITY on stream 0', frame(FrameType.PRIORITY, 0, 0, Buffer.alloc(5)), ErrorCode.PROTOCOL_ERROR],
    // A stream error on an idle stream, which cannot be reset (§6.4): the connection's instead (§5.4).
    ['a PRIORITY of 4 octets on an idle stream', frame(FrameType.PRIORITY, 0, 99, Buffer.alloc(4)), ErrorCode.FRAME_SIZE_ERROR],
    ['WINDOW_UPDATE on an idle stream', frame(FrameType.WINDOW_UPDATE, 0, 99, Buffer.from([0, 0, 0, 1])), ErrorCode.PROTOCOL_ERROR],
    ['WINDOW_UPDATE of 0', frame(FrameType.WINDOW_UPDATE, 0, 0, Buffer.alloc(4)), ErrorCode.PROTOCOL_ERROR],
    ['CONTINUATION without HEADERS', frame(FrameType.CONTINUATION, Flag.END_HEADERS, 1, Buffer.from([0x88])), ErrorCode.PROTOCOL_ERROR],
    ['a PING of 7 octets', frame(FrameType.PING, 0, 0, Buffer.alloc(7)), ErrorCode.FRAME_SIZE_ERROR],
    ['SETTINGS_ENABLE_PUSH of 1', frame(FrameType.SETTINGS, 0, 0, Buffer.from([0, 2, 0, 0, 0, 1])), ErrorCode.PROTOCOL_ERROR],
    ['SETTINGS_INITIAL_WINDOW_SIZE above 2^31-1', frame(FrameType.SETTINGS, 0, 0, Buffer.from([0, 4, 0x80, 0, 0, 0])), ErrorCode.FLOW_CONTROL_ERROR],
    ['a window above 2^31-1', frame(FrameType.WINDOW_UPDATE, 0, 0, Buffer.from([0x7f, 0xff, 0xff, 0xff])), ErrorCode.FLOW_CONTROL_ERROR],
    ['padding as long as the frame', frame(FrameType.DATA, Flag.PADDED, 1, Buffer.from([5, 0, 0])), ErrorCode.PROTOCOL_ERROR],
    ['a header block continued without end (a CONTINUATION flood)', Buffer.concat([frame(FrameType.HEADERS, 0, 1, Buffer.from([0x88])), ...Array.from({ length: 10 }, () => frame(FrameType.CONTINUATION, 0, 1, Buffer.alloc(16_000, 0x41)))]), ErrorCode.ENHANCE_YOUR_CALM],
  ];

  it.each(garbage)('closes the connection on %s with the right error, and goes on on a new one', async (_name, bytes, code) => {
    let connections = 0;
    const { server, send } = await setUp(
      {
        handle: () => (connections === 1 ? undefined : { status: 200 }),
        afterSettings: (socket) => {
          connections += 1;
          // The garbage comes once the client has a stream open, so that stream 1 exists.
          if (connections === 1) setTimeout(() => socket.write(bytes), 30);
        },
      },
      {},
      { maxAttempts: 3 },
    );
    const first = await send(push(1));
    expect(first.ok === true || first.kind === 'ambiguous').toBe(true);
    await vi.waitFor(() => expect(server.clientGoaways).toContain(code));
    expect((await send(push(2))).ok).toBe(true);
  });

  it('a bad header block in an answer is a COMPRESSION_ERROR', async () => {
    let connections = 0;
    const { server, send } = await setUp(
      {
        handle: ({ connection, streamId }) => {
          if (connections > 1) return { status: 200 };
          connection.socket.write(frame(FrameType.HEADERS, Flag.END_HEADERS | Flag.END_STREAM, streamId, Buffer.from([0x80])));
          return undefined;
        },
        afterSettings: () => void (connections += 1),
      },
      {},
      { maxAttempts: 3 },
    );
    expect(await send(push(1))).toEqual({ ok: false, reason: 'ConnectionError', kind: 'ambiguous' });
    await vi.waitFor(() => expect(server.clientGoaways).toContain(ErrorCode.COMPRESSION_ERROR));
    expect((await send(push(2))).ok).toBe(true);
  });

  it('fuzz: random and truncated frames after SETTINGS never crash or hang it', async () => {
    // A seeded generator: the same frames every run.
    let seed = 0x2545f491;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0), seed / 2 ** 32);
    const randomFrames = () => {
      const parts: Buffer[] = [];
      for (let n = 1 + Math.floor(random() * 4); n > 0; n -= 1) {
        const type = Math.floor(random() * 12);
        const length = Math.floor(random() * (random() < 0.1 ? 70_000 : 40));
        const payload = Buffer.from(Array.from({ length: Math.min(length, 200) }, () => Math.floor(random() * 256)));
        const bytes = Buffer.alloc(9 + payload.length);
        bytes.writeUIntBE(length, 0, 3);
        bytes[3] = type;
        bytes[4] = Math.floor(random() * 256);
        bytes.writeUInt32BE(Math.floor(random() * 8), 5);
        payload.copy(bytes, 9);
        // Truncated or whole.
        parts.push(random() < 0.3 ? bytes.subarray(0, Math.floor(random() * bytes.length)) : bytes);
      }
      return Buffer.concat(parts);
    };
    const errors: string[] = [];
    const { server, send } = await setUp(
      { afterSettings: (socket) => setTimeout(() => socket.write(randomFrames(), () => setTimeout(() => socket.destroy(), 50)), 5) },
      { requestTimeoutMs: 300, reconnectMs: { base: 1, max: 5 }, onError: (error) => errors.push(error.message) },
    );
    // One push at a time until 100 connections have had their random frames: every push settles (none hangs).
    let settled = 0;
    for (let i = 0; server.connections.length < 100 && i < 10_000; i += 1) {
      await send(push(i));
      settled += 1;
      await later(1);
    }
    expect(server.connections.length).toBe(100);
    expect(settled).toBeGreaterThanOrEqual(100);
    expect(errors.filter((e) => /^(PROTOCOL|FRAME_SIZE|COMPRESSION|FLOW_CONTROL)_ERROR/.test(e)).length).toBeGreaterThan(10);
    await vi.waitFor(() => expect(server.clientGoaways.length).toBeGreaterThan(0));
  }, 60_000);
});

// The same cases against both transports: the server checks what any client owes it (RFC 9113), so the fallback
// (node:http2) is held to it too, and the server itself is checked against another implementation.
describe.each(['frames', 'node'] as const)('both transports against the conformance server (APNS_TRANSPORT=%s)', (kind) => {
  it('opens with the preface and its SETTINGS (push off), acknowledges the server\'s, and sends pushes that decode', async () => {
    const { server, send } = await setUp({}, {}, { kind });
    const outcomes = await Promise.all(Array.from({ length: 200 }, (_, i) => send(push(i))));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(server.violations).toEqual([]);
    // Ours says SETTINGS_ENABLE_PUSH = 0; node:http2's first SETTINGS is empty (push is refused when promised).
    if (kind === 'frames') expect(server.clientSettings[0]).toContain('000200000000');
    else expect(server.clientSettings).toHaveLength(1);
    expect(server.frames.some((f) => f.type === FrameType.SETTINGS && f.flags & Flag.ACK)).toBe(true);
    const first = server.requests[0]!;
    expect(first.headers).toMatchObject({ ':method': 'POST', ':scheme': 'http', ':path': '/3/device/device00000', 'apns-topic': 'dev.clarion.test', 'apns-id': '00000000-0000-4000-8000-000000000000' });
    expect(first.headers.authorization).toMatch(/^bearer ey/);
    expect(first.body.toString()).toBe(payload);
    onceEach(server, 200);
  });

  it('follows MAX_CONCURRENT_STREAMS as it drops to 1 mid-broadcast and rises again', async () => {
    let arrived = 0;
    const { server, send } = await setUp({
      settings: { maxConcurrentStreams: 100 },
      handle: ({ connection, streamId }) => {
        arrived += 1;
        if (arrived === 50) connection.settings({ maxConcurrentStreams: 1 }); // as Apple does after a rejected push
        if (arrived === 250) connection.settings({ maxConcurrentStreams: 100 });
        setTimeout(() => connection.reply(streamId, { status: 200 }), 1);
        return undefined;
      },
    }, {}, { kind });
    const outcomes = await Promise.all(Array.from({ length: 400 }, (_, i) => send(push(i))));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(server.violations).toEqual([]); // no stream opened beyond the limit the client had acknowledged
    expect(server.mostOpen).toBeGreaterThan(1);
    onceEach(server, 400);
  });

  it('keeps to tiny stream windows, INITIAL_WINDOW_SIZE changed mid-connection, and the connection window', async () => {
    let arrived = 0;
    const { server, send } = await setUp({
      settings: { initialWindowSize: 10 },
      handle: ({ connection }) => {
        arrived += 1;
        if (arrived === 20) connection.settings({ initialWindowSize: 3 });
        if (arrived === 40) connection.settings({ initialWindowSize: 65_535 });
        return { status: 200 };
      },
    }, {}, { kind });
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => send(push(i))));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(server.violations).toEqual([]);
    expect(server.requests.every((r) => r.body.toString() === payload)).toBe(true);
    expect(Math.max(...server.frames.filter((f) => f.type === FrameType.DATA).slice(0, 50).map((f) => f.length))).toBeLessThanOrEqual(10);

    // The connection window: 65,535 octets, not refilled until the server chooses.
    const tight = await setUp({ settings: { maxConcurrentStreams: 1000 }, refillWindows: false }, {}, { kind });
    const body = JSON.stringify({ aps: { alert: 'x'.repeat(1000) } });
    const fit = Math.floor(65_535 / body.length);
    const many = Array.from({ length: 100 }, (_, i) => tight.send(push(i, { payload: body })));
    await vi.waitFor(() => expect(tight.server.requests.length).toBe(fit));
    await later(50);
    expect(tight.server.requests.length).toBe(fit); // what fits in 65,535 octets; the next waits for the window
    tight.server.connections[0]!.windowUpdate(1 << 20);
    expect((await Promise.all(many)).every((o) => o.ok)).toBe(true);
    expect(tight.server.violations).toEqual([]);
  });

  it("answers the server's PING, and checks an idle connection with its own", async () => {
    const { server, send } = await setUp({}, { pingIntervalMs: 50 }, { kind });
    expect((await send(push(1))).ok).toBe(true);
    server.connections[0]!.ping(Buffer.from('clarion!'));
    await vi.waitFor(() => expect(server.frames.some((f) => f.type === FrameType.PING && f.flags & Flag.ACK)).toBe(true));
    await vi.waitFor(() => expect(server.pings).toBeGreaterThan(0));
    expect(server.connections).toHaveLength(1);
  });

  it('sends the streams above a GOAWAY\'s last stream id on a new connection, never those below; each push is processed once', async () => {
    const held: { streamId: number }[] = [];
    const { server, send } = await setUp(
      {
        handle: ({ streamId, connection }) => {
          if (connection !== server.connections[0]) return { status: 200 };
          held.push({ streamId });
          return undefined;
        },
      },
      {},
      { maxAttempts: 2, kind },
    );
    const outcomes = Array.from({ length: 20 }, (_, i) => send(push(i)));
    await vi.waitFor(() => expect(held).toHaveLength(20));
    const first = server.connections[0]!;
    const last = held[9]!.streamId;
    first.goaway(last);
    for (const { streamId } of held.slice(0, 10)) first.reply(streamId, { status: 200 });
    expect((await Promise.all(outcomes)).every((o) => o.ok)).toBe(true);
    expect(server.connections).toHaveLength(2);
    onceEach(server, 20);
    expect(server.requests.filter((r) => r.connection === server.connections[1]).map((r) => r.streamId)).toHaveLength(10);
  });

  it('sends a REFUSED_STREAM push again; another reset after it was sent is ambiguous and not sent again', async () => {
    const seen = new Map<string, number>();
    const { server, send } = await setUp(
      {
        handle: ({ headers: h }) => {
          const n = (seen.get(h[':path']!) ?? 0) + 1;
          seen.set(h[':path']!, n);
          if (h[':path'] === '/3/device/device00001' && n === 1) return { rst: ErrorCode.REFUSED_STREAM };
          if (h[':path'] === '/3/device/device00002') return { rst: ErrorCode.INTERNAL_ERROR };
          return { status: 200 };
        },
      },
      {},
      { maxAttempts: 3, kind },
    );
    expect(await send(push(1))).toEqual({ ok: true });
    expect(await send(push(2))).toEqual({ ok: false, reason: 'ConnectionError', kind: 'ambiguous' });
    expect(seen.get('/3/device/device00002')).toBe(1);
    expect(server.answered.get('/3/device/device00001')).toBe(1);
  });

  it('times out a push never answered, alone: its stream is cancelled and the connection goes on', async () => {
    const { server, send } = await setUp({ handle: ({ headers: h }) => (h[':path'] === '/3/device/device00000' ? undefined : { status: 200 }) }, { requestTimeoutMs: 1_000 }, { kind });
    // The connection first, so that the timeout runs from an open one (a loaded CI machine's handshake is slow).
    expect((await send(push(99))).ok).toBe(true);
    const silent = send(push(0));
    const others = await Promise.all(Array.from({ length: 10 }, (_, i) => send(push(i + 1))));
    expect(others.every((o) => o.ok)).toBe(true);
    expect(await silent).toEqual({ ok: false, reason: 'Timeout', kind: 'ambiguous' });
    await vi.waitFor(() => expect(server.resets).toEqual([server.requests.find((r) => r.headers[':path'] === '/3/device/device00000')!.streamId]));
    expect((await send(push(20))).ok).toBe(true);
    expect(server.connections).toHaveLength(1);
  });

});
