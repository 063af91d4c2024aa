// The dashboard's static server: pages fall back to index.html, files stay inside the build, and
// /graphql goes to the API application.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, createDashboardServer } from '../src/dashboard/server.ts';

/** A raw request, so paths like /../ reach the server unnormalized. */
function raw(url: string, method: string, rawPath: string) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request({ host: hostname, port, method, path: rawPath }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the dashboard server', () => {
  let root: string;
  let url: string;
  let server: ReturnType<typeof createDashboardServer>;
  beforeAll(async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'clarion-dash-'));
    root = path.join(base, 'dist');
    await mkdir(path.join(root, 'assets'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<div id="root"></div>');
    await writeFile(path.join(root, 'assets', 'app-abc.js'), 'console.log(1)');
    await writeFile(path.join(root, 'assets', 'big-abc.js'), 'console.log("a line of the app");\n'.repeat(200));
    await writeFile(path.join(root, '.source-hash'), 'secret-ish');
    await mkdir(path.join(root, '.vite'));
    await writeFile(path.join(root, '.vite', 'manifest.json'), 'secret-ish');
    await writeFile(path.join(base, 'outside.txt'), 'not served');
    server = createDashboardServer({ root, api: (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"api":true}') });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(path.dirname(root), { recursive: true, force: true });
  });

  it('answers every page path with the app, and built assets as immutable files', async () => {
    for (const page of ['/', '/index.html', '/orgs/123/settings/keys', '/login?next=%2Forgs']) {
      const response = await raw(url, 'GET', page);
      expect(response.status, page).toBe(200);
      expect(response.body).toBe('<div id="root"></div>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const asset = await raw(url, 'GET', '/assets/app-abc.js');
    expect(asset).toMatchObject({ status: 200, body: 'console.log(1)' });
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await raw(url, 'HEAD', '/assets/app-abc.js')).body).toBe('');
  });

  it('sends text compressed to browsers that accept gzip, and plain to the rest', async () => {
    const plainJs = await fetch(`${url}/assets/big-abc.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plainJs.headers.get('content-encoding')).toBeNull();
    const original = await plainJs.text();
    const { hostname, port } = new URL(url);
    const compressed = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      const req = request({ host: hostname, port, path: '/assets/big-abc.js', headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(compressed.encoding).toBe('gzip');
    expect(compressed.body.length).toBeLessThan(original.length / 3);
    expect(gunzipSync(compressed.body).toString()).toBe(original);
  });

  it('reads Accept-Encoding with its q-values', () => {
    for (const yes of ['gzip', 'GZIP', 'deflate, gzip;q=0.5', '*', 'br;q=1, *;q=0.1', 'x-gzip']) expect(acceptsGzip(yes), yes).toBe(true);
    for (const no of [undefined, '', 'identity', 'br', 'gzip;q=0', 'gzip;q=0, identity', '*;q=0', 'gzip;q=0, *', 'gzip;q=abc']) expect(acceptsGzip(no), String(no)).toBe(false);
  });

  it('finds a build that appears after it started', async () => {
    const later = path.join(path.dirname(root), 'later');
    const early = createDashboardServer({ root: later, api: (_req, res) => res.end() });
    await new Promise<void>((resolve) => early.listen(0, '127.0.0.1', resolve));
    const earlyUrl = `http://127.0.0.1:${(early.address() as AddressInfo).port}`;
    try {
      expect((await raw(earlyUrl, 'GET', '/')).body).toContain('the dashboard is not built');
      await mkdir(later);
      await writeFile(path.join(later, 'index.html'), '<p>late</p>');
      expect((await raw(earlyUrl, 'GET', '/orgs')).body).toBe('<p>late</p>');
    } finally {
      early.closeAllConnections();
      await new Promise((resolve) => early.close(resolve));
    }
  });

  it('serves nothing outside the build, no dotfiles, and 404 JSON for missing files', async () => {
    for (const attempt of ['/../outside.txt', '/assets/..%2f..%2foutside.txt', '/%2e%2e/outside.txt', '/.source-hash', '/.vite/manifest.json', '/assets/missing.js', '/%E0%A4%A']) {
      const response = await raw(url, 'GET', attempt);
      expect(response.body, attempt).not.toContain('not served');
      expect(response.body, attempt).not.toContain('secret-ish');
      if (path.extname(attempt)) expect(response.status, attempt).toBe(404);
    }
    expect(JSON.parse((await raw(url, 'GET', '/assets/missing.js')).body)).toEqual({ error: { code: 'NOT_FOUND', message: 'no file /assets/missing.js' } });
  });

  it('answers a request target that is not a URL with 400, and keeps serving', async () => {
    for (const target of ['http://[::1', 'http://x:99999/']) {
      const response = await raw(url, 'GET', target);
      expect(response.status, target).toBe(400);
      expect(JSON.parse(response.body).error.message).toBe('the request target is not a valid URL');
    }
    expect((await raw(url, 'GET', '/')).status).toBe(200);
  });

  it('refuses other methods with 405 and Allow, and hands /graphql to the API', async () => {
    const post = await raw(url, 'POST', '/orgs');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(post.body).error.code).toBe('METHOD_NOT_ALLOWED');
    expect((await raw(url, 'POST', '/graphql')).body).toBe('{"api":true}');
  });
});
