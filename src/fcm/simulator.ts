// A local stand-in for FCM HTTP v1 and Google's token endpoint, over HTTP/2 and TLS (HTTP/1.1 too, as Google's
// endpoints take both). There is no FCM emulator anywhere (../shared/notes/platforms.md): this one checks what Google
// checks (the JWT assertion's signature and claims, the access token, the project, the message's fields) and answers
// in Google's shapes. `npm start` runs it when no FCM credentials are configured, with a service account made for it;
// tests drive it with `answer` to play FCM's failures.
import http2 from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { standInCertificate } from '../simulator-certificate.ts';
import { createSimulatorAuth } from './simulator-auth.ts';
import { badRequest, checkMessage, fcmError, rpcError, type GoogleAnswer } from './simulator-checks.ts';

export interface SimulatedMessage {
  /** The target: the device token (or the topic or condition). */
  token: string;
  message: Record<string, unknown>;
}

/**
 * What to answer instead of 200. `code`: an FCM error code in Google's shape (its usual status unless `status`),
 * with `retryAfter` as a Retry-After header. `delayMs` waits first. `drop` cuts the connection, unanswered and not
 * taken; `refuse` resets the stream with REFUSED_STREAM, not taken; `hang` takes the message and never answers;
 * `goaway` takes it and sends GOAWAY naming the last stream taken, so later streams are refused.
 */
export type Answer =
  | { code: string; status?: number; message?: string; retryAfter?: string | number; delayMs?: number }
  | { delayMs: number; code?: undefined }
  | { drop: true }
  | { refuse: true }
  | { hang: true }
  | { goaway: true }
  | undefined;

export interface FcmSimulatorOptions {
  projectId?: string;
  answer?: (push: SimulatedMessage) => Answer | Promise<Answer>;
  maxConcurrentStreams?: number;
  /** Whether FCM issued this token (to this project's app, or another's); any other is INVALID_ARGUMENT. Default: an FCM-shaped token. */
  issued?: (token: string) => boolean;
  /** Tokens of another Firebase project's app: SENDER_ID_MISMATCH. */
  otherProject?: (token: string) => boolean;
  /** How many tokens it keeps messages of (default 100, oldest forgotten first): it runs for the life of `npm start`. */
  keep?: number;
}

/** An FCM registration token's shape: an instance id, ':', and the token proper (APA91...). */
const FCM_TOKEN = /^[\w-]{8,}:APA91[\w-]{20,}$/;

export async function startFcmSimulator({ projectId = 'clarion-simulator', answer, maxConcurrentStreams = 100, issued = (t) => FCM_TOKEN.test(t), otherProject, keep = 100 }: FcmSimulatorOptions = {}, { host = '127.0.0.1', port = 0 } = {}) {
  const pems = await standInCertificate('Clarion FCM simulator');
  const server = http2.createSecureServer({ key: pems.private, cert: pems.cert, allowHTTP1: true, settings: { maxConcurrentStreams } });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const origin = `https://${host}:${(server.address() as AddressInfo).port}`;
  const auth = createSimulatorAuth({ projectId, tokenUri: `${origin}/token` });
  const sendPath = `/v1/projects/${projectId}/messages:send`;

  const byToken = new Map<string, SimulatedMessage[]>();
  let accepted = 0;
  let requests = 0;
  let nextId = 1;
  let peak = 0;
  const sessions = new Set<http2.ServerHttp2Session>();
  // Per connection: the highest stream it took, and whether it sent GOAWAY (it takes no stream after it).
  const taken = new WeakMap<http2.Http2Session, { last: number; closing: boolean; active: number }>();
  const sockets = new Set<Socket>();
  server.on('secureConnection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('session', (session) => {
    sessions.add(session);
    taken.set(session, { last: 0, closing: false, active: 0 });
    session.on('close', () => sessions.delete(session));
  });

  function take(push: SimulatedMessage) {
    accepted += 1;
    if (keep <= 0) return;
    let list = byToken.get(push.token);
    if (!list) {
      if (byToken.size >= keep) byToken.delete(byToken.keys().next().value!);
      byToken.set(push.token, (list = []));
    }
    list.push(push);
  }

  function reply(res: http2.Http2ServerResponse, { status, body }: GoogleAnswer, headers: Record<string, string> = {}) {
    if (res.stream?.destroyed || res.headersSent) return;
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  }

  /** A message's answer from the checks alone, or the message to take. */
  function check(req: http2.Http2ServerRequest, body: string): GoogleAnswer | SimulatedMessage {
    const refusal = auth.refusal(req.headers.authorization);
    if (refusal) return refusal;
    if (req.url !== sendPath) {
      const project = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.url)?.[1];
      if (!project) return rpcError(404, 'NOT_FOUND', `The requested URL ${req.url} was not found on this server.`);
      return rpcError(403, 'PERMISSION_DENIED', `Permission 'cloudmessaging.messages.create' denied on resource '//cloudresourcemanager.googleapis.com/projects/${project}' (or it may not exist).`);
    }
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) return badRequest('', 'Invalid JSON payload received. The request must be sent as application/json.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return badRequest('', 'Invalid JSON payload received. Unexpected token.');
    }
    const message = (parsed as { message?: unknown } | null)?.message;
    if (message === undefined) return badRequest('message', 'The message is missing.');
    const wrong = checkMessage(message);
    if (wrong) return wrong;
    const m = message as Record<string, unknown>;
    const target = String(m.token ?? m.topic ?? m.condition);
    if (typeof m.token === 'string') {
      if (otherProject?.(m.token)) return fcmError('SENDER_ID_MISMATCH');
      if (!issued(m.token)) return fcmError('INVALID_ARGUMENT');
    }
    const { token: _t, ...rest } = m;
    return { token: target, message: rest };
  }

  async function send(req: http2.Http2ServerRequest, res: http2.Http2ServerResponse, body: string) {
    const connection = req.stream?.session && taken.get(req.stream.session);
    const id = req.stream?.id ?? 0;
    // After its GOAWAY a server processes no new stream.
    if (connection?.closing && id > connection.last) return void setImmediate(() => req.stream.close(http2.constants.NGHTTP2_REFUSED_STREAM));
    const checked = check(req, body);
    if ('status' in checked) return reply(res, checked, checked.status === 401 ? { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' } : {});
    const cue = await answer?.(checked);
    // Resetting a stream or dropping a session is left to the next turn of the event loop: destroying a session
    // inside nghttp2's receive corrupts Node's heap (nodejs/node#64850; see src/apns/simulator.ts).
    if (cue && 'refuse' in cue) return void setImmediate(() => (req.stream ? req.stream.close(http2.constants.NGHTTP2_REFUSED_STREAM) : req.socket.destroy()));
    if (connection) connection.last = Math.max(connection.last, id);
    if (cue && 'drop' in cue) return void setImmediate(() => (req.stream ? req.stream.session?.destroy() : req.socket.destroy()));
    // FCM takes a message when it arrives; its answer can come late, or never.
    if (cue && 'hang' in cue) return take(checked);
    if (cue && 'goaway' in cue) {
      take(checked);
      const session = req.stream?.session;
      if (connection && session) {
        connection.closing = true;
        setImmediate(() => !session.destroyed && session.goaway(http2.constants.NGHTTP2_NO_ERROR, connection.last));
      }
      return reply(res, delivered());
    }
    if (!cue?.code) take(checked);
    if (cue?.delayMs) await new Promise((resolve) => setTimeout(resolve, cue.delayMs));
    if (!cue?.code) return reply(res, delivered());
    reply(res, fcmError(cue.code, cue.message, cue.status), cue.retryAfter === undefined ? {} : { 'retry-after': String(cue.retryAfter) });
  }

  const delivered = (): GoogleAnswer => ({ status: 200, body: { name: `projects/${projectId}/messages/${nextId++}` } });

  server.on('request', (req, res) => {
    requests += 1;
    const connection = req.stream?.session && taken.get(req.stream.session);
    if (connection) {
      connection.active += 1;
      peak = Math.max(peak, connection.active);
      res.on('close', () => (connection.active -= 1));
    }
    req.stream?.on('error', () => {});
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.method !== 'POST') return reply(res, rpcError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed`));
      if (req.url === '/token') return reply(res, auth.token(String(req.headers['content-type'] ?? ''), body));
      void send(req, res, body);
    });
  });

  return {
    origin,
    projectId,
    /** The simulator's self-signed certificate, to trust it. */
    ca: pems.cert,
    /** A service account key file made for it (token_uri points here): what a user would have from Firebase. */
    credentials: auth.credentials,
    /** The public half of the service account's key (PEM), to verify what is signed with it. */
    publicKey: auth.publicKey,
    /** Messages it took. */
    accepted: () => accepted,
    /** Requests it was sent, to either endpoint, answered or not. */
    requests: () => requests,
    /** Access tokens it issued. */
    tokensIssued: auth.issued,
    /** The messages it took for a target (of the latest `keep` targets). */
    received: (target: string) => [...(byToken.get(target) ?? [])],
    /** The most requests one connection had open at once (HTTP/2 streams). */
    peakStreams: () => peak,
    /** Ends the life of every access token it issued, as an hour passing would. */
    expireAccessTokens: auth.expireAll,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Sessions and keep-alive sockets kept open by clients would hold close() forever.
        sessions.forEach((session) => session.destroy());
        sockets.forEach((socket) => socket.destroy());
      }),
  };
}

export type FcmSimulator = Awaited<ReturnType<typeof startFcmSimulator>>;
