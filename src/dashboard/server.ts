// The dashboard's own origin (DASHBOARD_PORT): the built web app, and /graphql handed to the same
// application the API port serves. The session cookie therefore belongs to the dashboard's origin,
// and the app's Origin check accepts the dashboard's own pages and nothing else.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { filesUnder } from './build.ts';
import { loadDocsPage } from './docs-page.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

// Logos are any http(s) image the organization names; everything else comes from this origin.
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' https: http: data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

interface BuiltFile {
  body: Buffer;
  gzipped?: Buffer;
  type: string;
}

/**
 * Every file of the build, read once: a build never changes under a running server (a new one is moved
 * in whole), the files are small, and only what is in this map can ever be served. Dotfiles and
 * dot-directories (the build stamp, a Vite manifest) are left out.
 */
function loadBuild(root: string) {
  const files = new Map<string, BuiltFile>();
  try {
    for (const full of existsSync(root) ? filesUnder(root, { skipDotted: true }) : []) {
      const body = readFileSync(full);
      const type = TYPES[path.extname(full)] ?? 'application/octet-stream';
      // Text compresses to a third or less; it is compressed once here rather than on every request.
      const gzipped = /^(text|application\/json|image\/svg)/.test(type) && body.length > 1024 && !full.endsWith('.map') ? gzipSync(body, { level: 9 }) : undefined;
      files.set(`/${path.relative(root, full).split(path.sep).join('/')}`, { body, gzipped, type });
    }
  } catch {
    // A build being moved into place right now: an empty map is loaded again on the next request.
    files.clear();
  }
  return files;
}

/** Whether Accept-Encoding allows gzip: listed (or `*`) with a q-value above 0, and not refused by name. */
export function acceptsGzip(header: string | undefined) {
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';').map((piece) => piece.trim());
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (name === 'gzip' || name === 'x-gzip') gzip = Number.isNaN(q) ? 0 : q;
    if (name === '*') any = Number.isNaN(q) ? 0 : q;
  }
  return (gzip ?? any ?? 0) > 0;
}

function send(req: IncomingMessage, res: ServerResponse, file: BuiltFile, cache: string) {
  const gzip = file.gzipped !== undefined && acceptsGzip(req.headers['accept-encoding']);
  const body = gzip ? file.gzipped! : file.body;
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': file.type,
    'content-length': body.length,
    'cache-control': cache,
    vary: 'accept-encoding',
    ...(gzip && { 'content-encoding': 'gzip' }),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function plain(res: ServerResponse, status: number, message: string, extra: Record<string, string> = {}) {
  const code = { 400: 'VALIDATION_FAILED', 405: 'METHOD_NOT_ALLOWED', 404: 'NOT_FOUND' }[status] ?? 'INTERNAL';
  const body = JSON.stringify({ error: { code, message } });
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...extra });
  res.end(body);
}

/** The path of a request target (absolute-form targets too); undefined when it is not a URL. */
function pathOf(target: string | undefined) {
  try {
    return new URL(target ?? '/', 'http://dashboard').pathname;
  } catch {
    return undefined;
  }
}

export function createDashboardServer({ root, api }: { root: string; api: RequestListener }) {
  const base = path.resolve(root);
  let files = loadBuild(base);
  let docs: Map<string, BuiltFile> | undefined;
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const pathname = pathOf(req.url);
    if (pathname === undefined) return plain(res, 400, 'the request target is not a valid URL');
    // GraphiQL is never served on the dashboard's origin, where the session cookie lives (GRAPHIQL=on or not).
    if (pathname === '/graphql' && req.method === 'GET' && /text\/html/i.test(req.headers.accept ?? '')) return plain(res, 404, 'GraphiQL is not served on the dashboard\'s port');
    if (pathname === '/graphql' || pathname === '/healthz' || pathname === '/v1/openapi.json') {
      return void Promise.resolve(api(req, res)).catch(() => (res.headersSent ? res.destroy() : plain(res, 500, 'unexpected error')));
    }
    // Started before the build was in place: look again until it is.
    if (!files.has('/index.html')) files = loadBuild(base);
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, `${req.method} is not served here`, { allow: 'GET, HEAD' });
    let name: string;
    try {
      name = decodeURIComponent(pathname);
    } catch {
      return plain(res, 404, `no file ${pathname}`);
    }
    // /docs: the API reference (src/dashboard/docs-page.ts), its files read on its first request.
    if (name === '/docs' || name.startsWith('/docs/')) {
      docs ??= new Map([...loadDocsPage()].map(([key, file]) => [key, { ...file, gzipped: gzipSync(file.body) }]));
      const page = docs.get(name);
      return page ? send(req, res, page, 'no-cache') : plain(res, 404, `no file ${pathname}`);
    }
    const asset = name !== '/' ? files.get(name) : undefined;
    // Vite names built assets by content hash, so they never change under their name.
    if (asset) return send(req, res, asset, name.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    // A missing file with an extension is a 404; any other path is a page of the app.
    if (path.extname(name)) return plain(res, 404, `no file ${pathname}`);
    const index = files.get('/index.html');
    if (!index) return plain(res, 404, 'the dashboard is not built');
    return send(req, res, index, 'no-cache');
  };
  // One bad request must never take the process (and the API in it) down.
  return createServer((req, res) => {
    try {
      serve(req, res);
    } catch {
      if (!res.headersSent) plain(res, 500, 'unexpected error');
      else res.destroy();
    }
  });
}
