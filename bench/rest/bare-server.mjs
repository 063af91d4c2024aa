// The baseline for bench/rest: a bare node:http server that answers the two routes the benchmark
// drives with the same status codes and JSON shapes as Clarion, and does nothing else. It reads and
// parses each request body in full first, as Clarion does, so the wrk script drives both alike.
//   PORT=8080 HOST=127.0.0.1 node bench/rest/bare-server.mjs
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const SUBSCRIPTIONS = /^\/v1\/devices\/([^/]+)\/subscriptions\/?$/;

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch {
      return send(res, 400, { error: { code: 'INVALID_JSON', message: 'body is not JSON' } });
    }
    const path = req.url.split('?')[0];
    if (req.method === 'POST' && (path === '/v1/devices' || path === '/v1/devices/')) {
      return send(res, 201, { deviceUuid: randomUUID() });
    }
    if (req.method === 'POST' && SUBSCRIPTIONS.test(path)) {
      const now = new Date().toISOString();
      return send(res, 201, { orgSlug: body.orgSlug, externalId: body.externalId ?? null, createdAt: now, updatedAt: now });
    }
    if (path === '/healthz') return send(res, 200, { status: 'ok', database: 'none' });
    return send(res, 404, { error: { code: 'NOT_FOUND', message: `no route for ${req.method} ${path}` } });
  });
});
server.keepAliveTimeout = 65_000; // as Clarion's src/main.ts

server.listen(port, host, () => console.log(`bare server listening on http://${host}:${port}`));
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
