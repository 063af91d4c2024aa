// A local stand-in for APNs: HTTP/2 over TLS, checking what Apple checks (the provider JWT's signature
// and claims, the headers, the path's token, the payload). `npm start` runs it when no APNs credentials
// are configured, so the whole flow works on a fresh machine; tests drive it with `answer` to play
// Apple's failures.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { standInCertificate } from '../simulator-certificate.ts';
import { check, providerTokenVerifier, takenPushes } from './simulator-checks.ts';

export interface SimulatedPush {
  deviceToken: string;
  headers: http2.IncomingHttpHeaders;
  payload: Record<string, unknown>;
}

/**
 * What to answer instead of 200; `delayMs` waits first (the push was taken when it arrived, as Apple takes it).
 * `drop` resets the connection after the push arrived, unanswered and not taken. `refuse` resets the stream with
 * REFUSED_STREAM, not taken (RFC 9113 §8.7: the client may send it again). `goaway` accepts this push and then
 * sends GOAWAY naming the last stream it took, so the streams opened after those are refused (as Apple does when
 * it retires a connection).
 */
export type Answer = { status: number; reason?: string; delayMs?: number } | { drop: true } | { refuse: true } | { goaway: true } | undefined;

export interface SimulatorOptions {
  teamId: string;
  keyId: string;
  /** PEM of the public key matching the provider's .p8 key. */
  publicKey: string;
  topic: string;
  /** Bundle ids of the team's other apps: a push to one of them is DeviceTokenNotForTopic (the tokens are `topic`'s). */
  otherTopics?: string[];
  answer?: (push: SimulatedPush) => Answer | Promise<Answer>;
  maxConcurrentStreams?: number;
  /**
   * Whether Apple issued this token for this environment and topic; any other is answered BadDeviceToken, as
   * made-up tokens are, and every token under the other APNS_ENV. Default: any well-formed token but all zeros.
   */
  issued?: (deviceToken: string) => boolean;
  /** Told of every push it takes (the simulator itself keeps counts and the last `keep`). */
  onAccept?: (push: SimulatedPush) => void;
  /** How many of the latest pushes it keeps for `recent()` (default 100): it runs for the life of `npm start`. */
  keep?: number;
}

/** A fresh provider key pair, as an Apple .p8 key would be (P-256). */
export function generateProviderKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string };
}

export async function startSimulator(options: SimulatorOptions, { host = '127.0.0.1', port = 0 } = {}) {
  const pems = await standInCertificate('Clarion APNs simulator');
  const verify = await providerTokenVerifier(options.publicKey);
  const server = http2.createSecureServer({ key: pems.private, cert: pems.cert, settings: { maxConcurrentStreams: options.maxConcurrentStreams ?? 1000 } });
  const pushes = takenPushes(options.keep ?? 100, options.onAccept);
  const take = pushes.take;
  let requests = 0;
  const sessions = new Set<http2.ServerHttp2Session>();
  // Per connection: the highest stream it took, and whether it has sent GOAWAY (it takes no stream after it).
  const taken = new WeakMap<http2.Http2Session, { last: number; closing: boolean }>();
  server.on('session', (session) => {
    sessions.add(session);
    taken.set(session, { last: 0, closing: false });
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    requests += 1;
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', () => {});
    stream.on('end', async () => {
      const connection = stream.session && taken.get(stream.session);
      if (!connection) return;
      const id = stream.id ?? 0;
      // After its GOAWAY a server processes no new stream: the client's own GOAWAY handling refuses it.
      if (connection.closing && id > connection.last) return void setImmediate(() => stream.close(http2.constants.NGHTTP2_REFUSED_STREAM));
      const apnsId = String(headers['apns-id'] ?? randomUUID());
      const checked = check(options, verify, headers, Buffer.concat(chunks));
      let answer: Answer = 'status' in checked ? checked : await options.answer?.(checked.push);
      if (answer && 'refuse' in answer) return void setImmediate(() => stream.close(http2.constants.NGHTTP2_REFUSED_STREAM));
      connection.last = Math.max(connection.last, id);
      // Dropping or closing the session (or resetting a stream) is left to the next turn of the event loop: this
      // runs in a microtask of the stream's 'end', still inside nghttp2's receive, and destroying a session from
      // there corrupts Node's heap (nodejs/node#64850, #64113: glibc's "corrupted size vs. prev_size" aborts here).
      if (answer && 'drop' in answer) return void setImmediate(() => stream.session?.destroy());
      if (answer && 'goaway' in answer) {
        if ('push' in checked) take(checked.push);
        stream.respond({ ':status': 200, 'apns-id': apnsId });
        stream.end();
        connection.closing = true;
        const session = stream.session!;
        return void setImmediate(() => !session.destroyed && session.goaway(http2.constants.NGHTTP2_NO_ERROR, connection.last));
      }
      // Apple takes a push when it arrives; its answer can come late, or be lost with the connection.
      const accepted = !answer || answer.status === 200;
      if (accepted && 'push' in checked) take(checked.push);
      if (answer?.delayMs) await new Promise((resolve) => setTimeout(resolve, answer!.delayMs));
      if (stream.destroyed) return;
      if (accepted) {
        stream.respond({ ':status': 200, 'apns-id': apnsId });
        return stream.end();
      }
      stream.respond({ ':status': answer.status, 'apns-id': apnsId, 'content-type': 'application/json' });
      stream.end(JSON.stringify(answer.status === 410 ? { reason: answer.reason ?? 'Unregistered', timestamp: Date.now() } : { reason: answer.reason }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return {
    origin: `https://${host === '127.0.0.1' ? '127.0.0.1' : host}:${address.port}`,
    /** The simulator's self-signed certificate, to trust it. */
    ca: pems.cert,
    /** The latest pushes it took, oldest first (at most `keep`). */
    recent: pushes.recent,
    /** How many pushes it took. */
    accepted: pushes.accepted,
    /** Every request it was sent, answered or not. */
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Sessions kept open by clients would hold close() forever.
        sessions.forEach((session) => session.destroy());
      }),
  };
}

export type Simulator = Awaited<ReturnType<typeof startSimulator>>;
