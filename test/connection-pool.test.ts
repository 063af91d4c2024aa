// The APNs connection pool: streams held to what each server's SETTINGS allow, the rest queued in order;
// requests to the least busy connection; failures and silence answered with a TransportError, not a hang.
import http2 from 'node:http2';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTransport } from '../src/apns/push-service.ts';
import { createSender } from '../src/apns/sender.ts';
import { generateProviderKey, startSimulator } from '../src/apns/simulator.ts';
import { createProviderToken } from '../src/apns/token.ts';
import { TransportError, type PoolOptions } from '../src/apns/transport.ts';
import { apnsToken } from './support/seed.ts';

const TOPIC = 'dev.clarion.test';
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A cleartext HTTP/2 server that holds every stream until the test answers it. */
async function holdingServer(maxConcurrentStreams: number) {
  const server = http2.createServer({ settings: { maxConcurrentStreams } });
  const held: { session: http2.ServerHttp2Session; stream: http2.ServerHttp2Stream; path: string }[] = [];
  const arrived: string[] = [];
  const sessions: http2.ServerHttp2Session[] = [];
  let settled = 0;
  const settledListeners: (() => void)[] = [];
  server.on('session', (session) => {
    sessions.push(session);
    // The client has acknowledged this server's SETTINGS: it knows the limit.
    session.once('localSettings', () => {
      settled += 1;
      settledListeners.forEach((listener) => listener());
    });
  });
  server.on('stream', (stream, headers) => {
    stream.on('error', () => {});
    held.push({ session: stream.session as http2.ServerHttp2Session, stream, path: String(headers[':path']) });
    arrived.push(String(headers[':path']));
    stream.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      sessions.forEach((session) => session.destroy());
    });
  cleanups.push(close);
  return {
    origin,
    held,
    arrived,
    sessions,
    /** Resolves once `count` clients have the server's settings. */
    settled: (count: number) => new Promise<void>((resolve) => (settled >= count ? resolve() : settledListeners.push(() => settled >= count && resolve()))),
    answer(entries: typeof held) {
      for (const entry of entries) {
        held.splice(held.indexOf(entry), 1);
        entry.stream.respond({ ':status': 200 }, { endStream: true });
      }
    },
  };
}

const headers = { 'apns-topic': TOPIC, 'apns-push-type': 'alert', 'apns-priority': '10' };
const body = Buffer.from(JSON.stringify({ aps: { alert: { body: 'hello' } } }));

describe.each(['frames', 'node'] as const)('the connection pool (APNS_TRANSPORT=%s)', (transport) => {
  const createConnectionPool = (options: PoolOptions) => createTransport(transport, options);

  it('sends 500 pushes at once over one connection whose server allows 10 streams: all delivered, none refused', async () => {
    const key = generateProviderKey();
    let open = 0;
    let most = 0;
    const simulator = await startSimulator({
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      publicKey: key.publicKey,
      topic: TOPIC,
      maxConcurrentStreams: 10,
      // Each answer waits a little, so that streams overlap.
      answer: async () => {
        open += 1;
        most = Math.max(most, open);
        await new Promise((resolve) => setImmediate(resolve));
        open -= 1;
        return undefined;
      },
    });
    cleanups.push(() => simulator.close());
    const pool = createConnectionPool({ origin: simulator.origin, ca: simulator.ca, connections: 1 });
    cleanups.push(() => pool.close());
    // One attempt: a refused stream would show as a failure instead of being retried.
    const send = createSender({ transport: pool, token: createProviderToken({ teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: key.privateKey }), maxAttempts: 1 });
    const pushHeaders = { 'apns-topic': TOPIC, 'apns-push-type': 'alert', 'apns-priority': '10' };
    const payload = JSON.stringify({ aps: { alert: { body: 'hello' } } });
    const tokens = Array.from({ length: 500 }, () => apnsToken());
    const outcomes = await Promise.all(tokens.map((deviceToken, i) => send({ deviceToken, apnsId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, headers: pushHeaders, payload })));
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    expect(simulator.accepted()).toBe(500);
    expect(most).toBeLessThanOrEqual(10);
  });

  it('sends waiting requests first come first served', async () => {
    const server = await holdingServer(1);
    const pool = createConnectionPool({ origin: server.origin, connections: 1 });
    cleanups.push(() => pool.close());
    const answers = Array.from({ length: 20 }, (_, i) => pool.request(`/3/device/${i}`, headers, body));
    for (let i = 0; i < 20; i += 1) {
      await vi.waitFor(() => expect(server.held).toHaveLength(1), { interval: 1 });
      server.answer([...server.held]);
    }
    expect((await Promise.all(answers)).every((answer) => answer.status === 200)).toBe(true);
    expect(server.arrived).toEqual(Array.from({ length: 20 }, (_, i) => `/3/device/${i}`));
  });

  it('sends to the least busy connection rather than in turn', async () => {
    const server = await holdingServer(100);
    const pool = createConnectionPool({ origin: server.origin, connections: 2 });
    cleanups.push(() => pool.close());
    const answers = new Map<string, Promise<unknown>>();
    const send = (path: string) => answers.set(path, pool.request(path, headers, body));
    send('/3/device/first');
    await server.settled(2);
    await vi.waitFor(() => expect(server.held).toHaveLength(1));
    for (let i = 0; i < 9; i += 1) send(`/3/device/more-${i}`);
    await vi.waitFor(() => expect(server.held).toHaveLength(10));
    const [a, b] = server.sessions;
    const on = (session: http2.ServerHttp2Session | undefined) => server.held.filter((entry) => entry.session === session);
    expect([on(a).length, on(b).length]).toEqual([5, 5]);
    // One connection's streams all finish: the next six go to it, not three and three.
    const finished = on(a);
    server.answer(finished);
    await Promise.all(finished.map((entry) => answers.get(entry.path)));
    for (let i = 0; i < 6; i += 1) send(`/3/device/later-${i}`);
    await vi.waitFor(() => expect(server.held).toHaveLength(11));
    expect(on(a).length).toBeGreaterThanOrEqual(5);
    server.answer([...server.held]);
    await Promise.all(answers.values());
  });

  it('fails the requests waiting for a connection that cannot be made, instead of holding them', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const errors: Error[] = [];
    const pool = createConnectionPool({ origin: `http://127.0.0.1:${port}`, connections: 2, onError: (error) => errors.push(error) });
    cleanups.push(() => pool.close());
    const answers = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => pool.request(`/3/device/${i}`, headers, body)));
    expect(answers.every((answer) => answer.status === 'rejected' && answer.reason instanceof TransportError)).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
  });

  it('gives up on a request without an answer in time, and on a server that never speaks HTTP/2', async () => {
    const server = await holdingServer(10);
    const pool = createConnectionPool({ origin: server.origin, connections: 1, requestTimeoutMs: 50 });
    cleanups.push(() => pool.close());
    await expect(pool.request('/3/device/silent', headers, body)).rejects.toBeInstanceOf(TransportError);

    // Reads what it is sent (so that it sees the client leave) and never answers.
    const mute = net.createServer((socket) => socket.on('error', () => {}).resume());
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => mute.close(() => resolve())));
    const stuck = createConnectionPool({ origin: `http://127.0.0.1:${(mute.address() as AddressInfo).port}`, connections: 1, requestTimeoutMs: 50 });
    cleanups.push(() => stuck.close());
    await expect(stuck.request('/3/device/nobody', headers, body)).rejects.toBeInstanceOf(TransportError);
  });

  it('fails what is still waiting when it is closed', async () => {
    const server = await holdingServer(1);
    const pool = createConnectionPool({ origin: server.origin, connections: 1 });
    const sent = pool.request('/3/device/sent', headers, body);
    const waiting = pool.request('/3/device/waiting', headers, body);
    await vi.waitFor(() => expect(server.held).toHaveLength(1));
    const closing = pool.close();
    await expect(waiting).rejects.toBeInstanceOf(TransportError);
    server.answer([...server.held]);
    expect((await sent).status).toBe(200);
    await closing;
    await expect(pool.request('/3/device/after', headers, body)).rejects.toBeInstanceOf(TransportError);
  });

  it('cancels only a timed-out stream: the others on its connection are answered, and the connection stays', async () => {
    const server = await holdingServer(10);
    const pool = createConnectionPool({ origin: server.origin, connections: 1, requestTimeoutMs: 1_000 });
    cleanups.push(() => pool.close());
    const slow = pool.request('/3/device/slow', headers, body);
    await vi.waitFor(() => expect(server.held).toHaveLength(1));
    // Half a timeout later, so that the second push has that long left, once the first has timed out, to be answered
    // (with both sent at once, a loaded machine could let both time out before the answer: a flake seen in a full run).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const later = pool.request('/3/device/later', headers, body);
    await vi.waitFor(() => expect(server.held).toHaveLength(2));
    const timedOut = await slow.catch((error: TransportError) => error);
    expect(timedOut).toBeInstanceOf(TransportError);
    expect((timedOut as TransportError).reason).toBe('Timeout');
    server.answer(server.held.filter((entry) => entry.path === '/3/device/later'));
    expect((await later).status).toBe(200);
    expect(server.sessions.filter((session) => !session.destroyed)).toHaveLength(1);
  });

  it('replaces a connection that stops answering, found by a PING while it is idle', async () => {
    const server = await holdingServer(10);
    // A TCP relay that can be frozen: it keeps the socket open and passes nothing more.
    let frozen = false;
    const sockets: net.Socket[] = [];
    const relay = net.createServer((client) => {
      const upstream = net.connect((server.origin.match(/:(\d+)$/) as RegExpMatchArray)[1] as unknown as number, '127.0.0.1');
      sockets.push(client, upstream);
      for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
        from.on('data', (chunk) => !frozen && to.write(chunk));
        from.on('error', () => {});
        from.on('close', () => to.destroy());
      }
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => (sockets.forEach((socket) => socket.destroy()), relay.close(() => resolve()))));
    const errors: Error[] = [];
    const pool = createConnectionPool({ origin: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`, connections: 1, pingIntervalMs: 100, pingTimeoutMs: 200, onError: (error) => errors.push(error) });
    cleanups.push(() => pool.close());
    const first = pool.request('/3/device/first', headers, body);
    await vi.waitFor(() => expect(server.held).toHaveLength(1));
    server.answer([...server.held]);
    expect((await first).status).toBe(200);
    frozen = true;
    await vi.waitFor(() => expect(errors.map((error) => error.message)).toContain('PING unanswered for 200 ms'), { timeout: 5_000 });
    frozen = false;
    const second = pool.request('/3/device/second', headers, body);
    await vi.waitFor(() => expect(server.held).toHaveLength(1));
    server.answer([...server.held]);
    expect((await second).status).toBe(200);
    expect(server.sessions).toHaveLength(2);
  });

  it('keeps at most maxInFlight requests in flight across its connections', async () => {
    const server = await holdingServer(100);
    const pool = createConnectionPool({ origin: server.origin, connections: 2, maxInFlight: 3 });
    cleanups.push(() => pool.close());
    const requests = Array.from({ length: 7 }, (_, i) => pool.request(`/3/device/${i}`, headers, body));
    await vi.waitFor(() => expect(server.held).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.held).toHaveLength(3);
    server.answer([...server.held]);
    await vi.waitFor(() => expect(server.held).toHaveLength(3));
    server.answer([...server.held]);
    await vi.waitFor(() => expect(server.held).toHaveLength(1));
    server.answer([...server.held]);
    expect((await Promise.all(requests)).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
  });
});
