// Request bodies: JSON only, bounded in size, read before anything else sees them.
import { HttpError } from './errors.ts';

export function isJson(request: Request) {
  const type = request.headers.get('content-type') ?? '';
  return /^application\/json\s*(;|$)/i.test(type);
}

/** The body as bytes, refusing (413) as soon as it passes `limit`, whatever Content-Length claims. */
export async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  const tooLarge = () => new HttpError({ code: 'PAYLOAD_TOO_LARGE', message: `request body must be at most ${limit} bytes` });
  const length = request.headers.get('content-length');
  const declared = length === null ? NaN : Number(length);
  if (declared > limit) throw tooLarge();
  // With a Content-Length, the HTTP parser delivers exactly that many bytes: read them in one go.
  if (Number.isInteger(declared)) return new Uint8Array(await request.arrayBuffer());
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > limit) {
      // Not cancelled: cancelling destroys the socket before the 413 is written. Node discards the rest.
      reader.releaseLock();
      throw tooLarge();
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks, size);
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

export async function readJsonObject(request: Request, limit: number): Promise<Record<string, unknown>> {
  if (!isJson(request)) throw unsupported();
  return parseJsonObject(await readLimited(request, limit));
}

/** For routes whose body may be left out: an empty body is {} whatever its Content-Type; anything else must be a JSON object. */
export async function readOptionalJsonObject(request: Request, limit: number): Promise<Record<string, unknown>> {
  const bytes = await readLimited(request, limit);
  if (bytes.byteLength === 0) return {};
  if (!isJson(request)) throw unsupported();
  return parseJsonObject(bytes);
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
