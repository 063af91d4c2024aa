// Request bodies: JSON only, bounded in size, read before anything else sees them.
import { HttpError } from './errors.ts';
import type { Incoming } from './exchange.ts';

export const isJson = (request: Incoming) => /^application\/json\s*(;|$)/i.test(request.header('content-type') ?? '');

// The readers chain the body's one promise rather than await it in async functions of their own: each layer was two
// more promises a request (bench/rest).

/** The body as bytes, refusing (413) as soon as it passes `limit`, whatever Content-Length claims. */
export function readLimited(request: Incoming, limit: number): Promise<Uint8Array> {
  const tooLarge = () => new HttpError({ code: 'PAYLOAD_TOO_LARGE', message: `request body must be at most ${limit} bytes` });
  if (Number(request.header('content-length') ?? NaN) > limit) return Promise.reject(tooLarge());
  return request.body(limit, tooLarge);
}

const unsupported = () => new HttpError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Content-Type must be application/json' });

function parseJsonObject(bytes: Uint8Array): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw new HttpError({ code: 'INVALID_JSON', message: 'request body is not valid JSON' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError({ code: 'INVALID_JSON', message: 'request body must be a JSON object' });
  }
  return value as Record<string, unknown>;
}

export function readJsonObject(request: Incoming, limit: number): Promise<Record<string, unknown>> {
  if (!isJson(request)) return Promise.reject(unsupported());
  return readLimited(request, limit).then(parseJsonObject);
}

/** For routes whose body may be left out: an empty body is {} whatever its Content-Type; anything else must be a JSON object. */
export function readOptionalJsonObject(request: Incoming, limit: number): Promise<Record<string, unknown>> {
  return readLimited(request, limit).then((bytes) => {
    if (bytes.byteLength === 0) return {};
    if (!isJson(request)) throw unsupported();
    return parseJsonObject(bytes);
  });
}

/** GraphQL's GET `variables` and `extensions` hold JSON: a 400 naming the parameter when they do not (yoga's own parse error is an INTERNAL). */
export function requireJsonParams(query: URLSearchParams, names: string[]) {
  for (const name of names) {
    const raw = query.get(name);
    if (raw === null) continue;
    try {
      JSON.parse(raw);
    } catch {
      throw new HttpError({ code: 'INVALID_JSON', message: `${name} is not valid JSON`, field: name });
    }
  }
}
