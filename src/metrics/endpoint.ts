// GET /metrics: open, or with METRICS_TOKEN set, only for `Authorization: Bearer <METRICS_TOKEN>`. The same
// answer serves the API port (src/http/app.ts) and a standalone worker's METRICS_PORT (src/metrics/server.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Scrape } from './scrape.ts';

export interface MetricsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the token's content nor its length shows in the time taken. */
function authorized(header: string | null, expected: Buffer) {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const refusal = (status: number, code: string, message: string, headers: Record<string, string> = {}): MetricsAnswer => ({
  status,
  headers: { ...JSON_TYPE, ...headers },
  body: JSON.stringify({ error: { code, message } }),
});

export function createMetricsEndpoint({ token, scrape }: { token: string | undefined; scrape: () => Promise<Scrape> }) {
  const expected = token === undefined ? undefined : digest(token);
  return async function answer(method: string, authorization: string | null): Promise<MetricsAnswer> {
    if (expected && !authorized(authorization, expected)) {
      return refusal(401, 'UNAUTHENTICATED', 'metrics need "Authorization: Bearer <METRICS_TOKEN>"', { 'www-authenticate': 'Bearer realm="clarion-metrics"' });
    }
    if (method !== 'GET' && method !== 'HEAD') return refusal(405, 'METHOD_NOT_ALLOWED', `${method} /metrics is not allowed`, { allow: 'GET, HEAD' });
    const { contentType, body } = await scrape();
    return { status: 200, headers: { 'content-type': contentType, 'cache-control': 'no-store' }, body: method === 'HEAD' ? '' : body };
  };
}

export type MetricsEndpoint = ReturnType<typeof createMetricsEndpoint>;
