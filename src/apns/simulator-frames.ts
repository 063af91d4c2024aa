// The APNs stand-in on our own HTTP/2 framing (../http2/server-connection.ts) instead of node:http2's server: the
// same checks as ./simulator.ts (./simulator-checks.ts), the same answers and the same connection cues (refuse, drop,
// goaway), over TLS with ALPN h2. node:http2's server spends about 35 µs of CPU a push whoever sends, so on a 2-core
// machine it, not the sender, was the limit of every sender measured against it (bench/broadcast, BENCH_MOCK=frames).
// It also records every way a client broke the protocol (`violations`), which the transports' tests require empty.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { ErrorCode } from '../http2/frames.ts';
import { ServerConnection, type ServerHandler } from '../http2/server-connection.ts';
import { standInCertificate } from '../simulator-certificate.ts';
import { check, providerTokenVerifier, takenPushes } from './simulator-checks.ts';
import type { Answer, SimulatorOptions } from './simulator.ts';

type Checked = ReturnType<typeof check>;

/** Answers held for their delay, gathered per millisecond they are due: one timer per millisecond, not per push. */
class DelayedAnswers {
  private readonly due = new Map<number, { connections: ServerConnection[]; streams: number[]; apnsIds: string[]; answers: Answer[] }>();
  constructor(private readonly reply: (connection: ServerConnection, streamId: number, apnsId: string, answer: Answer) => void) {}

  add(delayMs: number, connection: ServerConnection, streamId: number, apnsId: string, answer: Answer) {
    const at = Math.ceil(performance.now() + delayMs);
    let batch = this.due.get(at);
    if (!batch) {
      this.due.set(at, (batch = { connections: [], streams: [], apnsIds: [], answers: [] }));
      setTimeout(() => this.fire(at), at - performance.now());
    }
    batch.connections.push(connection);
    batch.streams.push(streamId);
    batch.apnsIds.push(apnsId);
    batch.answers.push(answer);
  }

  private fire(at: number) {
    const batch = this.due.get(at);
    this.due.delete(at);
    if (!batch) return;
    for (let i = 0; i < batch.streams.length; i += 1) this.reply(batch.connections[i]!, batch.streams[i]!, batch.apnsIds[i]!, batch.answers[i]);
  }
}

export async function startFrameSimulator(options: SimulatorOptions, { host = '127.0.0.1', port = 0 } = {}) {
  const pems = await standInCertificate('Clarion APNs simulator (frames)');
  const verifyToken = await providerTokenVerifier(options.publicKey);
  // A sender sends one provider token on every push until it rotates it: its claims are read once per token (the
  // token's age is still checked on every push, by `check`). A token that fails verification is never remembered.
  let lastToken = '';
  let lastClaims: Record<string, unknown> = {};
  const verify = (token: string) => {
    if (token !== lastToken) {
      lastClaims = verifyToken(token);
      lastToken = token;
    }
    return lastClaims;
  };
  const pushes = takenPushes(options.keep ?? 100, options.onAccept);
  const take = pushes.take;
  const violations: string[] = [];
  let requests = 0;

  const reply = (connection: ServerConnection, streamId: number, apnsId: string, answer: Answer) => {
    if (!answer || !('status' in answer) || answer.status === 200) return void connection.respond(streamId, 200, 'apns-id', apnsId);
    const body = answer.status === 410 ? { reason: answer.reason ?? 'Unregistered', timestamp: Date.now() } : { reason: answer.reason };
    connection.respond(streamId, answer.status, 'apns-id', apnsId, JSON.stringify(body));
  };
  const delayed = new DelayedAnswers(reply);

  function settle(connection: ServerConnection, streamId: number, checked: Checked, answer: Answer, apnsId: string) {
    if (answer && 'refuse' in answer) return connection.reset(streamId, ErrorCode.REFUSED_STREAM);
    if (answer && 'drop' in answer) return connection.destroy();
    if (answer && 'goaway' in answer) {
      if ('push' in checked) take(checked.push);
      reply(connection, streamId, apnsId, undefined);
      return connection.goaway();
    }
    // Apple takes a push when it arrives; its answer can come late, or be lost with the connection.
    if ((!answer || answer.status === 200) && 'push' in checked) take(checked.push);
    if (answer?.delayMs) delayed.add(answer.delayMs, connection, streamId, apnsId, answer);
    else reply(connection, streamId, apnsId, answer);
  }

  const handler: ServerHandler = {
    request(connection, streamId, headers, body) {
      requests += 1;
      const apnsId = headers['apns-id'] ?? randomUUID();
      const checked = check(options, verify, headers, body);
      const answer = 'status' in checked ? checked : options.answer?.(checked.push);
      if (!(answer instanceof Promise)) return settle(connection, streamId, checked, answer, apnsId);
      answer.then(
        (value) => settle(connection, streamId, checked, value, apnsId),
        () => connection.reset(streamId, ErrorCode.INTERNAL_ERROR),
      );
    },
    violation(what) {
      if (violations.length < 100) violations.push(what);
    },
  };

  const connections = new Set<ServerConnection>();
  const server = tls.createServer({ key: pems.private, cert: pems.cert, ALPNProtocols: ['h2'] }, (socket) => {
    if (socket.alpnProtocol !== 'h2') return void socket.destroy();
    const connection = new ServerConnection(socket, handler, options.maxConcurrentStreams ?? 1000);
    connections.add(connection);
    socket.on('close', () => connections.delete(connection));
  });
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return {
    origin: `https://${host}:${address.port}`,
    /** The stand-in's self-signed certificate, to trust it. */
    ca: pems.cert,
    /** The latest pushes it took, oldest first (at most `keep`). */
    recent: pushes.recent,
    /** How many pushes it took. */
    accepted: pushes.accepted,
    /** Every request it was sent, answered or not. */
    requests: () => requests,
    /** How clients broke the protocol (the first 100). */
    violations: () => [...violations],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const connection of connections) connection.destroy();
      }),
  };
}

export type FrameSimulator = Awaited<ReturnType<typeof startFrameSimulator>>;
