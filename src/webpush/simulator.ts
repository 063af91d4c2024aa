// A local stand-in for the browsers' push services, over HTTPS with a self-signed certificate. It makes
// subscriptions as a browser does (a receiver key pair and auth secret, an endpoint on itself), checks each
// push as the services do (./simulator-checks.ts), and decrypts it with the subscription's keys: a push that
// would not decrypt in a browser is refused here (400). `npm start` runs it when browser pushes have nowhere
// else to go; tests drive it with `answer` to play the services' failures.
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import https from 'node:https';
import type http from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { standInCertificate } from '../simulator-certificate.ts';
import { decryptPayload, RECORD_SIZE } from './encrypt.ts';
import { createVapidChecker, headerRefusal, type Refusal } from './simulator-checks.ts';

export interface SimulatedWebPush {
  /** The subscription's id: the last segment of its endpoint. */
  id: string;
  headers: IncomingHttpHeaders;
  plaintext: Buffer;
}

/**
 * What to answer instead of 201. `delayMs` waits first; `retryAfter` is sent as Retry-After. `drop` closes the
 * connection without an answer; `hang` never answers. Only a 201 takes the push.
 */
export type WebPushAnswer = { status: number; retryAfter?: string | number; delayMs?: number } | { drop: true } | { hang: true } | undefined;

export interface WebPushSimulatorOptions {
  answer?: (push: SimulatedWebPush) => WebPushAnswer | Promise<WebPushAnswer>;
  /** How many of the latest plaintexts each subscription keeps (default 100): it runs for the life of `npm start`. */
  keep?: number;
  onAccept?: (push: SimulatedWebPush) => void;
  host?: string;
  port?: number;
}

/** What a browser's PushSubscription.toJSON() gives. */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

interface Subscription {
  receiver: ECDH;
  auth: Buffer;
  applicationServerKey?: string;
  gone: boolean;
  received: Buffer[];
  count: number;
}

const idOf = (endpointOrId: string) => endpointOrId.slice(endpointOrId.lastIndexOf('/') + 1);

export async function startWebPushSimulator({ answer, keep = 100, onAccept, host = '127.0.0.1', port = 0 }: WebPushSimulatorOptions = {}) {
  const pems = await standInCertificate('Clarion Web Push simulator');
  const server = https.createServer({ key: pems.private, cert: pems.cert, keepAlive: true });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const origin = `https://${host}:${(server.address() as AddressInfo).port}`;
  const vapidRefusal = createVapidChecker(origin);
  const subscriptions = new Map<string, Subscription>();
  const hanging = new Set<ServerResponse>();
  let requests = 0;
  let accepted = 0;

  function check(id: string, headers: IncomingHttpHeaders, body: Buffer, tooLarge: boolean): Refusal | SimulatedWebPush {
    const subscription = subscriptions.get(id);
    if (!subscription) return { status: 404, reason: 'no such subscription' };
    if (subscription.gone) return { status: 410, reason: 'the subscription has expired or was unsubscribed' };
    const refused = headerRefusal(headers) ?? vapidRefusal(headers.authorization, subscription.applicationServerKey);
    if (refused) return refused;
    if (tooLarge) return { status: 413, reason: `a push is at most ${RECORD_SIZE} bytes` };
    try {
      return { id, headers, plaintext: decryptPayload(body, subscription.receiver, subscription.auth) };
    } catch {
      return { status: 400, reason: 'the body does not decrypt with the subscription keys' };
    }
  }

  function take(push: SimulatedWebPush) {
    const subscription = subscriptions.get(push.id)!;
    accepted += 1;
    subscription.count += 1;
    if (keep > 0) {
      if (subscription.received.length >= keep) subscription.received.shift();
      subscription.received.push(push.plaintext);
    }
    onAccept?.(push);
  }

  async function respond(response: ServerResponse, checked: Refusal | SimulatedWebPush) {
    const cue = 'reason' in checked ? { status: checked.status, reason: checked.reason } : await answer?.(checked);
    if (cue && 'drop' in cue) return void response.socket?.destroy();
    if (cue && 'hang' in cue) return void hanging.add(response);
    if (cue && 'delayMs' in cue && cue.delayMs) await new Promise((resolve) => setTimeout(resolve, cue.delayMs));
    const status = cue?.status ?? 201;
    if (status === 201 && !('reason' in checked)) take(checked);
    if (response.destroyed) return;
    const headers: Record<string, string> = status === 201 ? { location: `${origin}/message/${randomBytes(8).toString('hex')}` } : {};
    if (cue && 'retryAfter' in cue && cue.retryAfter !== undefined) headers['retry-after'] = String(cue.retryAfter);
    const text = cue && 'reason' in cue ? JSON.stringify({ code: status, error: cue.reason }) : '';
    response.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(text) }).end(text);
  }

  /**
   * What a browser would do through its push service, over HTTP for another process (a demo, `npm start`'s own
   * tests): POST /subscriptions {applicationServerKey} makes a subscription, GET /push/<id> shows what it received.
   */
  function serveBrowser(request: http.IncomingMessage, response: http.ServerResponse, body: Buffer) {
    const answer = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (request.method === 'POST' && request.url === '/subscriptions') {
      let key: unknown;
      try {
        key = body.length ? (JSON.parse(body.toString('utf8')) as { applicationServerKey?: unknown }).applicationServerKey : undefined;
      } catch {
        return answer(400, { error: 'the body must be JSON: {"applicationServerKey": "<base64url>"}' });
      }
      // Those made over HTTP are bounded (the simulator runs for the life of `npm start`): the oldest go first.
      if (madeOverHttp.length >= MAX_HTTP_SUBSCRIPTIONS) subscriptions.delete(madeOverHttp.shift()!);
      const made = subscribe({ applicationServerKey: typeof key === 'string' ? key : undefined });
      madeOverHttp.push(idOf(made.endpoint));
      return answer(201, made);
    }
    const id = request.method === 'GET' ? /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '')?.[1] : undefined;
    const subscription = id ? subscriptions.get(id) : undefined;
    if (!subscription) return answer(404, { error: 'no such subscription' });
    return answer(200, { count: subscription.count, received: subscription.received.map((plaintext) => plaintext.toString()) });
  }

  const MAX_HTTP_SUBSCRIPTIONS = 10_000;
  const madeOverHttp: string[] = [];

  function subscribe({ applicationServerKey }: { applicationServerKey?: string } = {}): PushSubscriptionJson {
    const receiver = createECDH('prime256v1');
    receiver.generateKeys();
    const id = randomBytes(16).toString('base64url');
    const auth = randomBytes(16);
    subscriptions.set(id, { receiver, auth, applicationServerKey, gone: false, received: [], count: 0 });
    return { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: receiver.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
  }

  server.on('request', (request, response) => {
    requests += 1;
    const match = request.method === 'POST' ? /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '') : null;
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= RECORD_SIZE) chunks.push(chunk);
    });
    request.on('end', () => {
      if (!match) return serveBrowser(request, response, Buffer.concat(chunks));
      const checked: Refusal | SimulatedWebPush = check(match[1]!, request.headers, Buffer.concat(chunks), size > RECORD_SIZE);
      void respond(response, checked);
    });
  });

  return {
    origin,
    /** The simulator's self-signed certificate, to trust it. */
    ca: pems.cert,
    /** A new subscription, as a browser's pushManager.subscribe() makes one; `applicationServerKey` restricts it to that VAPID key. */
    subscribe,
    /** Later pushes to it are answered 410 Gone, as after the user revoked the permission. */
    unsubscribe(endpointOrId: string) {
      const subscription = subscriptions.get(idOf(endpointOrId));
      if (subscription) subscription.gone = true;
    },
    /** The plaintexts a subscription took, oldest first (at most `keep`), as text. */
    received: (endpointOrId: string) => (subscriptions.get(idOf(endpointOrId))?.received ?? []).map((plaintext) => plaintext.toString()),
    /** How many pushes a subscription took. */
    count: (endpointOrId: string) => subscriptions.get(idOf(endpointOrId))?.count ?? 0,
    /** How many pushes it took (answered 201). */
    accepted: () => accepted,
    /** Every request it was sent, answered or not. */
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type WebPushSimulator = Awaited<ReturnType<typeof startWebPushSimulator>>;
