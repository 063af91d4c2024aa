import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { apnsToken } from './support/seed.ts';
import { backends } from './support/backends.ts';
import { serveDuringSuite } from './support/server.ts';

describe.each(backends)('POST /v1/devices on $name', (backend) => {
  const suite = serveDuringSuite(backend);

  it('registers a device and answers 201 with a fresh deviceUuid', async () => {
    const token = apnsToken();
    const before = Date.now();
    const response = await suite.server.post('/v1/devices', { apnsToken: token, platform: 'ios' });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    // A UUIDv7 (docs/rest-api.md): its first 48 bits are when the device registered, in milliseconds.
    expect(response.body).toEqual({ deviceUuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) });
    const registeredAt = Number.parseInt(response.body.deviceUuid.replaceAll('-', '').slice(0, 12), 16);
    expect(registeredAt).toBeGreaterThanOrEqual(before);
    expect(registeredAt).toBeLessThanOrEqual(Date.now());
    const stored = await suite.server.db.device.findUnique({ where: { deviceUuid: response.body.deviceUuid } });
    expect(stored).toMatchObject({ apnsToken: token, platform: 'ios', tokenInvalidatedAt: null });
  });

  it('answers 200 with the same deviceUuid when the token is registered again, in any letter case', async () => {
    const token = apnsToken();
    const first = await suite.server.post('/v1/devices', { apnsToken: token, platform: 'ios' });
    const again = await suite.server.post('/v1/devices', { apnsToken: token, platform: 'ios' });
    const upper = await suite.server.post('/v1/devices', { apnsToken: token.toUpperCase(), platform: 'ios' });
    expect(first.status).toBe(201);
    expect([again.status, upper.status]).toEqual([200, 200]);
    expect(again.body.deviceUuid).toBe(first.body.deviceUuid);
    expect(upper.body.deviceUuid).toBe(first.body.deviceUuid);
    expect(await suite.server.db.device.count({ where: { apnsToken: token } })).toBe(1);
  });

  it('gives concurrent registrations of one token one device', async () => {
    const token = apnsToken();
    const responses = await Promise.all(Array.from({ length: 8 }, () => suite.server.post('/v1/devices', { apnsToken: token, platform: 'ios' })));
    expect(new Set(responses.map((r) => r.body.deviceUuid)).size).toBe(1);
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
  });

  it('revives a token that APNs had reported dead', async () => {
    const token = apnsToken();
    const { body } = await suite.server.post('/v1/devices', { apnsToken: token, platform: 'ios' });
    await suite.server.db.device.update({ where: { deviceUuid: body.deviceUuid }, data: { tokenInvalidatedAt: new Date(), tokenInvalidReason: 'Unregistered' } });
    const again = await suite.server.post('/v1/devices', { apnsToken: token, platform: 'ios' });
    expect(again).toMatchObject({ status: 200, body: { deviceUuid: body.deviceUuid } });
    expect(await suite.server.db.device.findUnique({ where: { deviceUuid: body.deviceUuid } })).toMatchObject({ tokenInvalidatedAt: null, tokenInvalidReason: null });
  });

  it.each([
    ['a missing apnsToken', { platform: 'ios' }, 'apnsToken', 'apnsToken is required'],
    ['a null apnsToken', { apnsToken: null, platform: 'ios' }, 'apnsToken', 'apnsToken is required'],
    ['a numeric apnsToken', { apnsToken: 1234, platform: 'ios' }, 'apnsToken', 'apnsToken must be a string'],
    ['an apnsToken of 63 characters', { apnsToken: 'a'.repeat(63), platform: 'ios' }, 'apnsToken', 'apnsToken must be 64 to 200 hexadecimal characters'],
    ['an apnsToken of 201 characters', { apnsToken: 'a'.repeat(201), platform: 'ios' }, 'apnsToken', 'apnsToken must be 64 to 200 hexadecimal characters'],
    ['a non-hex apnsToken', { apnsToken: 'z'.repeat(64), platform: 'ios' }, 'apnsToken', 'apnsToken must be 64 to 200 hexadecimal characters'],
    ['a missing platform', { apnsToken: 'a'.repeat(64) }, 'platform', 'platform is required'],
    ['an apnsToken with platform "android"', { apnsToken: 'a'.repeat(64), platform: 'android' }, 'apnsToken', 'apnsToken goes with platform "ios", not "android"'],
    ['platform "IOS"', { apnsToken: 'a'.repeat(64), platform: 'IOS' }, 'platform', 'platform must be one of: "ios", "android", "web"'],
    ['platform "android" without fcmToken', { platform: 'android' }, 'fcmToken', 'fcmToken is required'],
    ['an empty fcmToken', { platform: 'android', fcmToken: '' }, 'fcmToken', 'fcmToken must be the FCM registration token: 1 to 1024 printable characters without spaces'],
    ['an fcmToken with a space', { platform: 'android', fcmToken: 'abc def' }, 'fcmToken', 'fcmToken must be the FCM registration token: 1 to 1024 printable characters without spaces'],
    ['an fcmToken of 1025 characters', { platform: 'android', fcmToken: 'a'.repeat(1025) }, 'fcmToken', 'fcmToken must be the FCM registration token: 1 to 1024 printable characters without spaces'],
    ['a boolean platform', { apnsToken: 'a'.repeat(64), platform: true }, 'platform', 'platform must be a string'],
  ])('refuses %s with 400 naming the field', async (_case, body, field, message) => {
    const response = await suite.server.post('/v1/devices', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { code: 'VALIDATION_FAILED', message, field } });
  });

  it('accepts tokens of exactly 64 and 200 characters', async () => {
    for (const length of [64, 200]) {
      const token = apnsToken(100).slice(0, length);
      expect((await suite.server.post('/v1/devices', { apnsToken: token, platform: 'ios' })).status).toBe(201);
    }
  });

  it('refuses a body that is not JSON with 400, and one that is not an object', async () => {
    const broken = await suite.server.request('POST', '/v1/devices', { body: '{"apnsToken":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ error: { code: 'INVALID_JSON', message: 'request body is not valid JSON' } });
    for (const body of ['[]', '"text"', '42', 'null']) {
      const response = await suite.server.request('POST', '/v1/devices', { body, headers: { 'content-type': 'application/json' } });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('INVALID_JSON');
    }
  });

  it('refuses other content types with 415', async () => {
    const body = JSON.stringify({ apnsToken: apnsToken(), platform: 'ios' });
    for (const headers of [{ 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }, {}] as Record<string, string>[]) {
      const response = await suite.server.request('POST', '/v1/devices', { body, headers });
      expect(response.status).toBe(415);
      expect(response.body).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Content-Type must be application/json' } });
    }
    const withCharset = await suite.server.request('POST', '/v1/devices', { body, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(withCharset.status).toBe(201);
  });

  it('refuses bodies over the size limit with 413', async () => {
    const response = await suite.server.post('/v1/devices', { apnsToken: apnsToken(), platform: 'ios', padding: 'x'.repeat(20_000) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'request body must be at most 16384 bytes' } });
  });

  it('applies the size limit to chunked bodies, which declare no length', async () => {
    const send = (body: string) =>
      new Promise<number>((resolve, reject) => {
        const { hostname, port } = new URL(suite.server.url);
        const req = request({ host: hostname, port, path: '/v1/devices', method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        for (let i = 0; i < body.length; i += 1000) req.write(body.slice(i, i + 1000));
        req.end();
      });
    expect(await send(JSON.stringify({ apnsToken: apnsToken(), platform: 'ios' }))).toBe(201);
    expect(await send(JSON.stringify({ apnsToken: apnsToken(), platform: 'ios', padding: 'x'.repeat(20_000) }))).toBe(413);
  });

  it('answers 405 with Allow for other methods and 404 for unknown paths', async () => {
    const wrongMethod = await suite.server.get('/v1/devices');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(wrongMethod.body).toEqual({ error: { code: 'METHOD_NOT_ALLOWED', message: 'GET is not allowed on /v1/devices' } });
    const unknown = await suite.server.get('/v1/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
  });

  it('answers 503 to a browser\'s registration, and to the VAPID key, while Web Push is off (no VAPID keys)', async () => {
    const webPush = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'x', auth: 'y' } };
    const response = await suite.server.post('/v1/devices', { platform: 'web', webPush });
    expect(response.status).toBe(503);
    expect(response.body.error).toMatchObject({ code: 'UNAVAILABLE', field: 'webPush', message: expect.stringContaining('VAPID_PUBLIC_KEY') });
    const key = await suite.server.get('/v1/web-push/vapid-public-key');
    expect(key.status).toBe(503);
    expect(key.body.error.code).toBe('UNAVAILABLE');
  });

  it('lets a web page on any origin call the apps\' routes (CORS without credentials), and never the API key routes', async () => {
    const preflight = await suite.server.request('OPTIONS', '/v1/devices', { headers: { origin: 'https://news.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const registered = await suite.server.post('/v1/devices', { apnsToken: apnsToken(), platform: 'ios' }, { origin: 'https://news.example' });
    expect(registered.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await suite.server.post('/v1/devices', { platform: 'nope' }, { origin: 'https://news.example' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    // A key belongs on a server: no page may send one.
    const keyRoute = await suite.server.request('OPTIONS', '/v1/notify', { headers: { origin: 'https://news.example', 'access-control-request-method': 'POST' } });
    expect(keyRoute.status).toBe(405);
    expect(keyRoute.headers.get('access-control-allow-origin')).toBeNull();
    const notify = await suite.server.post('/v1/notify', { body: 'x', target: 'all' }, { origin: 'https://news.example' });
    expect(notify.headers.get('access-control-allow-origin')).toBeNull();
  });
});
