// The /v1 routes are answered straight from node:http (src/http/exchange.ts), app.fetch answers them through the
// fetch API: the same routes and rules, so the same answers, header for header. A body the client stops sending
// halfway is answered (to no one) rather than waited for forever; the rest of a refused body is dropped, never read as
// the next request; and a Host header cannot choose the route.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { apnsToken } from './support/seed.ts';
import { backends } from './support/backends.ts';
import { serveDuringSuite } from './support/server.ts';

/** What came back on one connection for `raw`, once `answers` status lines have arrived. */
function exchange(url: string, raw: string[], answers: number) {
  const { hostname, port } = new URL(url);
  return new Promise<number[]>((resolve, reject) => {
    let received = '';
    const statuses = () => [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]));
    const socket = connect(Number(port), hostname, () => raw.forEach((part) => socket.write(part)));
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (statuses().length >= answers) {
        socket.destroy();
        resolve(statuses());
      }
    });
    socket.on('error', reject).on('close', () => resolve(statuses()));
  });
}

/** Headers that say how this connection is kept, not what the answer is. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const answerOf = async (response: Response) => ({
  status: response.status,
  headers: Object.fromEntries([...response.headers].filter(([name]) => !CONNECTION_HEADERS.has(name))),
  body: await response.text(),
});

describe.each(backends)('the /v1 routes over node:http and app.fetch on $name', (backend) => {
  const answered: { route: string; status: number }[] = [];
  const suite = serveDuringSuite(backend, {}, { onRequest: (request) => answered.push(request) });

  it('gives the same status, headers and body both ways', async () => {
    const token = apnsToken();
    expect((await suite.server.post('/v1/devices', { apnsToken: token, platform: 'ios' })).status).toBe(201);
    const json = { 'content-type': 'application/json' };
    const cases: [string, RequestInit][] = [
      ['/v1/devices', { method: 'POST', headers: json, body: JSON.stringify({ apnsToken: token, platform: 'ios' }) }],
      ['/v1/devices', { method: 'POST', headers: json, body: '{"apnsToken":' }],
      ['/v1/devices', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }],
      ['/v1/devices', { method: 'POST', headers: json, body: JSON.stringify({ padding: 'x'.repeat(20_000) }) }],
      ['/v1/devices', { method: 'POST', headers: json, body: JSON.stringify({ apnsToken: 'not hex', platform: 'ios' }) }],
      ['/v1/devices', { method: 'GET' }],
      ['/v1/devices', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } }],
      ['/v1/devices/00000000-0000-4000-8000-000000000000/subscriptions', { method: 'POST', headers: json, body: JSON.stringify({ orgSlug: 'nobody' }) }],
      ['/v1/devices/%E0%A4%A/subscriptions', { method: 'POST', headers: json, body: '{}' }],
      ['/v1/notify', { method: 'POST', headers: json, body: '{}' }],
      ['/v1/notify', { method: 'POST', headers: { ...json, authorization: 'Bearer clk_live_nothing' }, body: '{}' }],
      ['/v1/orgs/no-such-org?x=1', { method: 'GET' }],
      ['/v1/notifications', { method: 'DELETE' }],
      ['/v1/no-such-route', { method: 'GET' }],
    ];
    for (const [path, init] of cases) {
      const headers = { ...(init.headers as Record<string, string>), 'x-request-id': 'same-id' };
      const overHttp = await answerOf(await fetch(suite.server.url + path, { ...init, headers }));
      const overFetch = await answerOf(await suite.server.app.fetch(new Request(suite.server.url + path, { ...init, headers })));
      expect({ path, ...overFetch }).toEqual({ path, ...overHttp });
      expect(overHttp.headers['x-request-id']).toBe('same-id');
    }
  });

  it('answers a body cut off before its Content-Length, and goes on serving', async () => {
    const before = answered.length;
    const { hostname, port } = new URL(suite.server.url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write('POST /v1/devices HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"apnsToken":');
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('close', () => resolve()).on('error', reject);
    });
    await expect.poll(() => answered.slice(before)).toContainEqual(expect.objectContaining({ route: '/v1/devices', status: 400 }));
    expect((await suite.server.post('/v1/devices', { apnsToken: apnsToken(), platform: 'ios' })).status).toBe(201);
  });

  it('drops the rest of a refused body, declared or chunked, and reads the next request on the same connection', async () => {
    const padding = 'x'.repeat(20_000);
    const next = 'GET /v1/devices HTTP/1.1\r\nHost: x\r\n\r\n';
    // The refused body holds what looks like a request: it must be dropped with the body, not answered.
    const smuggled = `GET /v1/orgs/smuggled HTTP/1.1\r\nHost: x\r\n\r\n${padding}`;
    const declared = `POST /v1/devices HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${smuggled.length}\r\n\r\n`;
    expect(await exchange(suite.server.url, [declared, smuggled, next], 2)).toEqual([413, 405]);
    const chunks = `${smuggled.length.toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`;
    const chunked = 'POST /v1/devices HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    expect(await exchange(suite.server.url, [chunked, chunks, next], 2)).toEqual([413, 405]);
    const head = await exchange(suite.server.url, ['HEAD /v1/devices HTTP/1.1\r\nHost: x\r\n\r\n', next], 2);
    expect(head).toEqual([405, 405]);
  });

  it('refuses a Host header with a path in it, which would otherwise pick the route', async () => {
    for (const host of ['x/v1/orgs/nope?', 'x/graphql?', 'x/healthz#', 'user@x']) {
      for (const path of ['/healthz', '/v1/openapi.json', '/v1/orgs/nope']) {
        expect({ host, path, statuses: await exchange(suite.server.url, [`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`], 1) }).toEqual({ host, path, statuses: [400] });
      }
    }
    for (const host of ['127.0.0.1:1', 'clarion.example', '[::1]:3000', '']) {
      expect({ host, statuses: await exchange(suite.server.url, [`GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`], 1) }).toEqual({ host, statuses: [200] });
    }
  });
});
