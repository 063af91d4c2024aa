// A request as the REST façade reads it, and its answer before it is written: the same whether the request came
// through node:http or as a fetch Request. The server answers /v1 straight from node:http's request and response,
// making no fetch Request, Headers or Response for them: those cost about a tenth of a registration's CPU
// (bench/rest). app.fetch (tests without a socket) and /graphql go through the fetch API as before.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Response } from '@whatwg-node/fetch';

export interface Incoming {
  method: string;
  url: URL;
  /** A header's value by its lower-case name, or null. */
  header(name: string): string | null;
  /** The body's bytes; `tooLarge()` as soon as they pass `limit` (a Content-Length over it is refused before: ./body.ts). */
  body(limit: number, tooLarge: () => Error): Promise<Uint8Array>;
}

export interface Reply {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** JSON text, or null for no body. */
  body: string | null;
}

/** A reply with its header names in lower case (a later name wins over an earlier one spelled otherwise). */
export function reply(status: number, body: string | null, headers: Record<string, string>): Reply {
  const lower: Record<string, string> = {};
  for (const name in headers) lower[name.toLowerCase()] = headers[name]!;
  return { status, headers: lower, body };
}

export const toResponse = ({ status, headers, body }: Reply) => new Response(body, { status, headers });

export function writeReply(res: ServerResponse, { status, headers, body }: Reply) {
  // A length, never chunks: every answer is known whole before it is written.
  if (status !== 204 && status !== 304) headers['content-length'] = body === null ? '0' : String(Buffer.byteLength(body));
  res.writeHead(status, headers);
  res.end(body ?? undefined);
}

export function fromRequest(request: Request, url: URL): Incoming {
  return { method: request.method, url, header: (name) => request.headers.get(name), body: (limit, tooLarge) => requestBody(request, limit, tooLarge) };
}

export function fromNode(req: IncomingMessage, url: URL): Incoming {
  return {
    method: req.method ?? 'GET',
    url,
    header: (name) => {
      const value = req.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
    body: (limit, tooLarge) => nodeBody(req, limit, tooLarge),
  };
}

async function requestBody(request: Request, limit: number, tooLarge: () => Error): Promise<Uint8Array> {
  // With a Content-Length, the HTTP parser delivers exactly that many bytes: read them in one go.
  if (Number.isInteger(Number(request.headers.get('content-length') ?? NaN))) return new Uint8Array(await request.arrayBuffer());
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

function nodeBody(req: IncomingMessage, limit: number, tooLarge: () => Error): Promise<Uint8Array> {
  // Read after it ended or its client left (nothing would come): answered at once, not waited for.
  if (req.readableEnded) return Promise.resolve(new Uint8Array(0));
  if (req.destroyed) return Promise.reject(new BodyCutOff());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error?: Error) => {
      req.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    // Past the limit the stream flows on without a listener: Node reads the rest and drops it, and the 413 is written.
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) settle(tooLarge());
      else chunks.push(chunk);
    };
    const onEnd = () => settle();
    const onClose = () => settle(new BodyCutOff());
    req.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onClose);
  });
}

/** The client went away before its body ended: there is no one left to answer. */
export class BodyCutOff extends Error {
  constructor() {
    super('the connection closed before the request body ended');
  }
}
