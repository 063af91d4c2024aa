// One push over HTTP/1.1: a POST on the origin's keep-alive agent, within a time limit, no redirect followed
// (node:https never follows one). Whether the request was written decides what a failure means: not written
// (no connection, refused, reset before the request went out, still queued for a socket) is safe to send
// again; written and unanswered may have been delivered.
import type { ClientRequest, OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { hostOf } from '../domain/webhooks/addresses.ts';
import { RefusedEndpoint, type Origin } from './connect.ts';

export type Answered = (status: number, retryAfter: string | undefined) => void;
export type Failed = (kind: 'refused' | 'retry' | 'ambiguous', reason: string) => void;

class TimedOut extends Error {}
class Closed extends Error {}

/** An answer's body is read to its end only when it is small, so the connection can carry the next push. */
const MAX_ANSWER_BYTES = 64 * 1024;

export function createTransport({ requestTimeoutMs }: { requestTimeoutMs: number }) {
  const inFlight = new Set<ClientRequest>();

  function post(origin: Origin, url: URL, headers: OutgoingHttpHeaders, body: Buffer, answered: Answered, failed: Failed) {
    let ended = false;
    let written = false;
    const end = () => {
      if (ended) return false;
      ended = true;
      origin.busy -= 1;
      inFlight.delete(request);
      clearTimeout(timer);
      return true;
    };
    origin.busy += 1;
    const request = https.request(
      { agent: origin.agent, host: hostOf(url), port: url.port || 443, path: url.pathname + url.search, method: 'POST', headers },
      (response) => {
        if (!end()) return void response.destroy();
        if (Number(response.headers['content-length']) <= MAX_ANSWER_BYTES) response.resume();
        else response.destroy();
        const retryAfter = response.headers['retry-after'];
        answered(response.statusCode ?? 0, retryAfter);
      },
    );
    inFlight.add(request);
    request.on('finish', () => {
      written = true;
    });
    request.on('error', (error) => {
      if (!end()) return;
      if (error instanceof RefusedEndpoint) return failed('refused', 'EndpointRefused');
      const reason = error instanceof TimedOut ? 'Timeout' : error instanceof Closed ? 'Closed' : 'ConnectionError';
      failed(written ? 'ambiguous' : 'retry', reason);
    });
    // The time limit runs from the moment the request has a socket: waiting in the agent's queue for one of the
    // origin's sockets is no sign of a slow push service (a large page to one service queues), and the page's own
    // deadline bounds that wait.
    let timer: NodeJS.Timeout | undefined;
    request.once('socket', () => {
      if (!ended) timer = setTimeout(() => request.destroy(new TimedOut()), requestTimeoutMs);
    });
    request.end(body);
  }

  return {
    post,
    /** Ends every request still waiting: each is told as failed (Closed). */
    close() {
      for (const request of inFlight) request.destroy(new Closed());
    },
  };
}
