// Sends fuzz cases (test/support/fuzz.ts) as they are, and judges the answers: the fuzz campaign's property.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { FuzzCase } from './fuzz.ts';

export interface FuzzAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * Sends the case as is: node:http for paths and methods fetch refuses, a bare socket for raw request lines.
 * A connection per case: Node answers a request its parser refuses only on a connection that has not answered yet.
 */
export function send(baseUrl: string, fuzzCase: FuzzCase): Promise<FuzzAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const body = fuzzCase.body === undefined ? undefined : Buffer.from(fuzzCase.body, 'utf8');
  // HEAD too: a refused request line gets a JSON body (Node cannot know it was a HEAD), which node:http's client refuses to read.
  if (fuzzCase.raw || fuzzCase.method === 'HEAD') return sendRaw(hostname, Number(port), fuzzCase, body);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, method: fuzzCase.method, path: fuzzCase.path, agent: false, headers: { ...fuzzCase.headers, ...(body && { 'content-length': String(body.length) }) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

function sendRaw(host: string, port: number, fuzzCase: FuzzCase, body?: Buffer): Promise<FuzzAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    const chunks: Buffer[] = [];
    const head = [`${fuzzCase.method} ${fuzzCase.path} HTTP/1.1`, `Host: ${host}:${port}`, 'Connection: close', ...Object.entries(fuzzCase.headers).map(([k, v]) => `${k}: ${v}`), ...(body ? [`Content-Length: ${body.length}`] : [])];
    // Written, not ended: Node aborts a request in flight when the client half-closes. `Connection: close` ends it.
    socket.setTimeout(20_000, () => socket.destroy());
    socket.on('connect', () => socket.write(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body ?? Buffer.alloc(0)])));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      if (split < 0) return resolve({ status: 0, headers: {}, text: all.toString('latin1') });
      const [statusLine, ...lines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      let rest = all.subarray(split + 4);
      if (/chunked/i.test(String(headers['transfer-encoding']))) rest = dechunk(rest);
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, text: rest.toString('utf8') });
    });
  });
}

function dechunk(data: Buffer) {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    const size = eol < 0 ? 0 : parseInt(data.subarray(at, eol).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\n\s+at |\s{4}at \S+ \(/],
  ['SQL text', /SELECT |INSERT |UPDATE .* SET |relation \\?"|syntax error at|duplicate key|violates .* constraint/i],
  ['a source path', /\/src\/[\w./-]+\.ts|file:\/\/|node_modules/],
  ['an internals name', /Prisma|PrismaClient|pg-boss|TypeError|RangeError|ReferenceError|Maximum call stack/],
];

/** What is wrong with an answer: never a 5xx, errors as JSON, nothing leaked. Empty when all is well. */
export function violations(fuzzCase: FuzzCase, answer: FuzzAnswer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500 || answer.status < 100) problems.push(`status ${answer.status}`);
  const graphql = fuzzCase.path.startsWith('/graphql');
  if (answer.status >= 400 && fuzzCase.method !== 'HEAD') {
    let parsed: any;
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      problems.push(`a ${answer.status} whose body is not JSON: ${JSON.stringify(answer.text.slice(0, 120))}`);
    }
    const restShape = typeof parsed?.error?.code === 'string' && typeof parsed?.error?.message === 'string';
    // /graphql answers in GraphQL's own shape: {errors:[{message, extensions:{code}}]}.
    const graphqlShape = graphql && Array.isArray(parsed?.errors) && parsed.errors.every((e: any) => typeof e?.message === 'string');
    if (parsed !== undefined && !restShape && !graphqlShape) problems.push(`a ${answer.status} without {error:{code,message}}: ${answer.text.slice(0, 120)}`);
  }
  if (fuzzCase.loneSurrogate) {
    const refusal = /"code":"VALIDATION_FAILED"/.test(answer.text) && /"field":"/.test(answer.text);
    if (answer.status !== 400 || !refusal) problems.push(`a lone surrogate answered ${answer.status}, not a 400 VALIDATION_FAILED naming the field: ${answer.text.slice(0, 160)}`);
  }
  // A masked unexpected error is a bug answered politely: /graphql answers it with a 200.
  if (/"code":"INTERNAL"/.test(answer.text)) problems.push(`an INTERNAL error (an unexpected exception) in a ${answer.status}: ${answer.text.slice(0, 120)}`);
  for (const [what, pattern] of LEAKS) {
    const found = pattern.exec(answer.text);
    if (found) problems.push(`${what} in the body: …${answer.text.slice(Math.max(0, found.index - 60), found.index + 80)}…`);
  }
  return problems;
}

/** A case as a short line for reports. */
export const describeCase = (c: FuzzCase) => `${JSON.stringify(c.method)} ${JSON.stringify(c.path.slice(0, 150))}${c.path.length > 150 ? `(+${c.path.length - 150})` : ''} body=${JSON.stringify(c.body?.slice(0, 150))}${(c.body?.length ?? 0) > 150 ? `(+${c.body!.length - 150})` : ''} headers=${JSON.stringify(c.headers).slice(0, 200)}`;
