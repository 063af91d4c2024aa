// Every request has an id: the caller's X-Request-Id when it is a sane one (a proxy's or a client's, so
// their logs and ours line up), otherwise a fresh one. It is echoed in the answer and on every log line.
import { randomUUID } from 'node:crypto';

/** Visible ASCII without quotes or backslashes, at most 128 characters: safe in a header and in a log line. */
const SANE = /^[A-Za-z0-9._~:@/+=-]{1,128}$/;

export const requestIdOf = (incoming: string | null) => (incoming && SANE.test(incoming) ? incoming : randomUUID());

/** What the handler learns while routing a request: the route's template, for logs and metrics. */
export interface Observed {
  route: string;
}
