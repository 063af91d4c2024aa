// The dashboard's own origin (DASHBOARD_PORT): the built web app, and /graphql handed to the same
// application the API port serves. The session cookie therefore belongs to the dashboard's origin,
// and the app's Origin check accepts the dashboard's own pages and nothing else.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import path from 'node:path';

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

async function fileAt(root: string, urlPath: string) {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = path.join(root, path.normalize(decoded));
  // Nothing outside the build, and no dotfiles or dot-directories (the build stamp, a Vite manifest).
  if (!file.startsWith(root + path.sep) || path.relative(root, file).split(path.sep).some((part) => part.startsWith('.'))) return undefined;
  const info = await stat(file).catch(() => undefined);
  return info?.isFile() ? { file, size: info.size } : undefined;
}

function send(res: ServerResponse, status: number, headers: Record<string, string | number>, file?: string, head = false) {
  res.writeHead(status, { ...SECURITY_HEADERS, ...headers });
  if (!file || head) return void res.end();
  createReadStream(file).on('error', () => res.destroy()).pipe(res);
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
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const pathname = pathOf(req.url);
    if (pathname === undefined) return plain(res, 400, 'the request target is not a valid URL');
    if (pathname === '/graphql' || pathname === '/healthz') return api(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, `${req.method} is not served here`, { allow: 'GET, HEAD' });
    const head = req.method === 'HEAD';
    const asset = pathname !== '/' ? await fileAt(base, pathname) : undefined;
    if (asset) {
      // Vite names built assets by content hash, so they never change under their name.
      const cache = pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      return send(res, 200, { 'content-type': TYPES[path.extname(asset.file)] ?? 'application/octet-stream', 'content-length': asset.size, 'cache-control': cache }, asset.file, head);
    }
    // A missing file with an extension is a 404; any other path is a page of the app.
    if (path.extname(pathname)) return plain(res, 404, `no file ${pathname}`);
    const index = await fileAt(base, '/index.html');
    if (!index) return plain(res, 404, 'the dashboard is not built');
    return send(res, 200, { 'content-type': TYPES['.html']!, 'content-length': index.size, 'cache-control': 'no-cache' }, index.file, head);
  };
  // One bad request must never take the process (and the API in it) down.
  return createServer((req, res) => {
    serve(req, res).catch(() => {
      if (!res.headersSent) plain(res, 500, 'unexpected error');
      else res.destroy();
    });
  });
}
