// /v1/openapi.json: built from the route table (no route without a description, no description without
// a route), valid OpenAPI 3.1 by @readme/openapi-parser, and true to the server: every route is driven
// through its main statuses against a real server and each answer is validated against its documented schema.
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { buildOpenApi, openApiPath, undocumented, type OpenApiDocument } from '../src/http/rest/openapi.ts';
import { routeDocs } from '../src/http/rest/openapi-docs.ts';
import { routes } from '../src/http/rest/routes.ts';
import { backends } from './support/backends.ts';
import { createResponseChecker } from './support/openapi-check.ts';
import { apnsToken, seedKey, seedOrganization } from './support/seed.ts';
import { serveDuringSuite, startServer } from './support/server.ts';

describe('the OpenAPI document', () => {
  it('describes every route of the table and nothing else', () => {
    expect(undocumented(routes)).toEqual({ routes: [], docs: [] });
    expect(() => buildOpenApi([...routes, { method: 'GET', path: '/v1/nowhere' }])).toThrow(/routes without a description: \[GET \/v1\/nowhere\]/);
    const { ['GET /v1/webhooks']: _, ...fewer } = routeDocs;
    expect(() => buildOpenApi(routes, fewer)).toThrow(/routes without a description: \[GET \/v1\/webhooks\]/);
    expect(() => buildOpenApi(routes.slice(1))).toThrow(/descriptions without a route: \[POST \/v1\/devices\]/);
  });

  it('is valid OpenAPI 3.1', async () => {
    const document = buildOpenApi(routes);
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    for (const route of routes) expect((document.paths as any)[openApiPath(route.path)][route.method.toLowerCase()], `${route.method} ${route.path}`).toBeDefined();
  });
});

describe.each(backends)('live answers match /v1/openapi.json on $name', (backend) => {
  const suite = serveDuringSuite(backend, {}, { apns: true, platforms: true, fanout: { webhooks: { allowPrivate: true } } });

  it('serves the document, and every route answers as documented', async () => {
    const server = suite.server;
    const served = await server.get<OpenApiDocument>('/v1/openapi.json');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^application\/json/);
    expect(served.headers.get('x-request-id')).toBeTruthy();
    expect(served.body).toEqual(JSON.parse(JSON.stringify(buildOpenApi(routes))));
    const { check, checked } = createResponseChecker(served.body);
    const expectStatus = async (method: string, template: string, status: number, response: Promise<{ status: number; body: unknown; text: string }>) => {
      const answer = await response;
      expect(answer.status, `${method} ${template}: ${answer.text}`).toBe(status);
      check(method, template, answer.status, answer.body);
      return answer.body as any;
    };

    // Devices
    const token = apnsToken();
    const { deviceUuid } = await expectStatus('POST', '/v1/devices', 201, server.post('/v1/devices', { apnsToken: token, platform: 'ios' }));
    await expectStatus('POST', '/v1/devices', 200, server.post('/v1/devices', { apnsToken: token, platform: 'ios' }));
    await expectStatus('POST', '/v1/devices', 400, server.post('/v1/devices', { apnsToken: token, platform: 'android' }));
    await expectStatus('POST', '/v1/devices', 400, server.request('POST', '/v1/devices', { body: '{', headers: { 'content-type': 'application/json' } }));
    await expectStatus('POST', '/v1/devices', 415, server.request('POST', '/v1/devices', { body: 'x', headers: { 'content-type': 'text/plain' } }));
    await expectStatus('POST', '/v1/devices', 413, server.post('/v1/devices', { apnsToken: 'a'.repeat(20_000), platform: 'ios' }));
    await expectStatus('POST', '/v1/devices', 201, server.post('/v1/devices', { platform: 'android', fcmToken: 'fcm-token:APA91bExample' }));
    await expectStatus('POST', '/v1/devices', 201, server.post('/v1/devices', { platform: 'web', webPush: suite.platforms.subscribe() }));
    await expectStatus('POST', '/v1/devices', 400, server.post('/v1/devices', { platform: 'web', webPush: { endpoint: 'https://10.0.0.1/push', keys: {} } }));
    await expectStatus('GET', '/v1/web-push/vapid-public-key', 200, server.get('/v1/web-push/vapid-public-key'));

    // Subscriptions
    const org = await seedOrganization(server.db, { name: 'Acme News', description: 'Breaking news' });
    const privateOrg = await seedOrganization(server.db, { isPublic: false, subscribeRequiresInviteCode: true });
    const subscribe = `/v1/devices/${deviceUuid}/subscriptions`;
    const template = '/v1/devices/:deviceUuid/subscriptions';
    await expectStatus('POST', template, 201, server.post(subscribe, { orgSlug: org.slug, externalId: 'user-42' }));
    await expectStatus('POST', template, 200, server.post(subscribe, { orgSlug: org.slug, externalId: 'user-42' }));
    await expectStatus('POST', template, 404, server.post(subscribe, { orgSlug: 'no-such-org' }));
    await expectStatus('POST', template, 400, server.post(subscribe, { externalId: 'x' }));
    const privateCode = (await server.db.organization.findUniqueOrThrow({ where: { slug: privateOrg.slug } })).inviteCode as string;
    await expectStatus('POST', template, 404, server.post(subscribe, { orgSlug: privateOrg.slug }));
    await expectStatus('POST', template, 201, server.post(subscribe, { orgSlug: privateOrg.slug, inviteCode: privateCode }));
    const unsubscribe = '/v1/devices/:deviceUuid/subscriptions/:orgSlug';
    const other = (await server.post('/v1/devices', { apnsToken: apnsToken(), platform: 'ios' })).body.deviceUuid as string;
    await server.post(`/v1/devices/${other}/subscriptions`, { orgSlug: org.slug });
    await expectStatus('DELETE', unsubscribe, 204, server.delete(`/v1/devices/${other}/subscriptions/${org.slug}`));
    await expectStatus('DELETE', unsubscribe, 404, server.delete(`/v1/devices/${other}/subscriptions/${org.slug}`));

    // Organizations
    const page = await expectStatus('GET', '/v1/orgs', 200, server.get(`/v1/orgs?search=${encodeURIComponent('Acme News')}&limit=5`));
    expect(page.organizations.map((o: { slug: string }) => o.slug)).toContain(org.slug);
    await expectStatus('GET', '/v1/orgs', 400, server.get('/v1/orgs?limit=lots'));
    await expectStatus('GET', '/v1/orgs/:orgSlug', 200, server.get(`/v1/orgs/${org.slug}`));
    await expectStatus('GET', '/v1/orgs/:orgSlug', 404, server.get('/v1/orgs/no-such-org'));
    const code = (await server.db.organization.findUniqueOrThrow({ where: { slug: privateOrg.slug } })).inviteCode as string;
    await expectStatus('GET', '/v1/orgs/invite/:inviteCode', 200, server.get(`/v1/orgs/invite/${code}`));
    await expectStatus('GET', '/v1/orgs/invite/:inviteCode', 404, server.get('/v1/orgs/invite/nope'));

    // Notifications
    const auth = { authorization: `Bearer ${(await seedKey(server.db, org.slug)).key}` };
    const testAuth = { authorization: `Bearer ${(await seedKey(server.db, org.slug, 'test')).key}` };
    const sent = await expectStatus('POST', '/v1/notify', 200, server.post('/v1/notify', { title: 'Storm', body: 'Take cover', target: 'all' }, { ...auth, 'idempotency-key': 'k1' }));
    await expectStatus('POST', '/v1/notify', 200, server.post('/v1/notify', { body: 'Test', target: 'all' }, testAuth));
    await expectStatus('POST', '/v1/notify', 422, server.post('/v1/notify', { body: 'Other', target: 'all' }, { ...auth, 'idempotency-key': 'k1' }));
    const sendAt = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await expectStatus('POST', '/v1/notify', 202, server.post('/v1/notify', { body: 'Later', target: 'all', sendAt }, auth));
    await expectStatus('POST', '/v1/notify', 400, server.post('/v1/notify', { body: 'x', target: 'all', colour: 'red' }, auth));
    await expectStatus('POST', '/v1/notify', 401, server.post('/v1/notify', { body: 'x', target: 'all' }));
    await expectStatus('POST', '/v1/notify', 415, server.request('POST', '/v1/notify', { body: 'x', headers: { ...auth, 'content-type': 'text/plain' } }));
    await expectStatus('GET', '/v1/notifications', 200, server.get('/v1/notifications?limit=10', auth));
    await expectStatus('GET', '/v1/notifications', 400, server.get('/v1/notifications?limit=x', auth));
    await expectStatus('GET', '/v1/notifications', 401, server.get('/v1/notifications'));
    await expectStatus('GET', '/v1/notifications/:id', 200, server.get(`/v1/notifications/${sent.id}`, auth));
    await expectStatus('GET', '/v1/notifications/:id', 404, server.get(`/v1/notifications/${sent.id}`, testAuth));
    await expectStatus('GET', '/v1/notifications/:id', 401, server.get(`/v1/notifications/${sent.id}`));
    const cancel = (id: string, headers = auth) => server.request('DELETE', `/v1/notifications/${id}`, { headers });
    await expectStatus('DELETE', '/v1/notifications/:id', 200, cancel(scheduled.id));
    await expectStatus('DELETE', '/v1/notifications/:id', 409, cancel(sent.id));
    await expectStatus('DELETE', '/v1/notifications/:id', 404, cancel(sent.id, testAuth));
    await expectStatus('DELETE', '/v1/notifications/:id', 401, cancel(sent.id, {} as typeof auth));

    // Devices' locale and opens, topics and insights
    const device = `/v1/devices/${deviceUuid}`;
    await expectStatus('PATCH', '/v1/devices/:deviceUuid', 200, server.request('PATCH', device, { json: { locale: 'fr-ca' } }));
    await expectStatus('PATCH', '/v1/devices/:deviceUuid', 400, server.request('PATCH', device, { json: { locale: 'not a tag' } }));
    await expectStatus('PATCH', '/v1/devices/:deviceUuid', 404, server.request('PATCH', '/v1/devices/00000000-0000-4000-8000-000000000000', { json: { locale: 'fr' } }));
    const opens = '/v1/devices/:deviceUuid/opens';
    await expectStatus('POST', opens, 204, server.post(`${device}/opens`, { notificationId: sent.id }));
    await expectStatus('POST', opens, 400, server.post(`${device}/opens`, { notificationId: 'x' }));
    await expectStatus('POST', opens, 404, server.post(`${device}/opens`, { notificationId: '00000000-0000-4000-8000-000000000000' }));
    await server.post(subscribe, { orgSlug: org.slug, externalId: 'user-42', topics: ['sports'] });
    await expectStatus('GET', '/v1/topics', 200, server.get('/v1/topics', auth));
    await expectStatus('GET', '/v1/topics', 401, server.get('/v1/topics'));
    await expectStatus('GET', '/v1/insights', 200, server.get('/v1/insights?days=7', auth));
    await expectStatus('GET', '/v1/insights', 400, server.get('/v1/insights?days=0', auth));
    await expectStatus('GET', '/v1/insights', 401, server.get('/v1/insights'));

    // Webhooks
    const created = await expectStatus('POST', '/v1/webhooks', 201, server.post('/v1/webhooks', { url: 'http://127.0.0.1:9/clarion', events: ['broadcast.completed'] }, auth));
    await expectStatus('POST', '/v1/webhooks', 400, server.post('/v1/webhooks', { url: 'not a url', events: ['broadcast.completed'] }, auth));
    await expectStatus('POST', '/v1/webhooks', 401, server.post('/v1/webhooks', { url: 'https://hooks.example.com/x', events: ['broadcast.completed'] }));
    await expectStatus('GET', '/v1/webhooks', 200, server.get('/v1/webhooks', auth));
    await expectStatus('GET', '/v1/webhooks', 401, server.get('/v1/webhooks'));
    await expectStatus('POST', '/v1/webhooks/:id/rotate-secret', 200, server.post(`/v1/webhooks/${created.id}/rotate-secret`, undefined, auth));
    await expectStatus('POST', '/v1/webhooks/:id/rotate-secret', 404, server.post('/v1/webhooks/00000000-0000-4000-8000-000000000000/rotate-secret', undefined, auth));
    await expectStatus('DELETE', '/v1/webhooks/:id', 204, server.request('DELETE', `/v1/webhooks/${created.id}`, { headers: auth }));
    await expectStatus('DELETE', '/v1/webhooks/:id', 404, server.request('DELETE', `/v1/webhooks/${created.id}`, { headers: auth }));

    // Identity keys, and the subscribe refusal they bring
    const keys = '/v1/identity/keys';
    const made = await expectStatus('POST', keys, 201, server.request('POST', keys, { headers: auth }));
    await expectStatus('POST', keys, 201, server.post(keys, {}, auth));
    await expectStatus('POST', keys, 409, server.post(keys, { publicKey: made.publicKey }, auth));
    await expectStatus('POST', keys, 400, server.post(keys, { publicKey: 'nope' }, auth));
    await expectStatus('POST', keys, 403, server.request('POST', keys, { headers: testAuth }));
    await expectStatus('POST', keys, 401, server.request('POST', keys));
    await expectStatus('POST', keys, 415, server.request('POST', keys, { body: 'x', headers: { ...auth, 'content-type': 'text/plain' } }));
    await expectStatus('GET', keys, 200, server.get(keys, auth));
    await expectStatus('GET', keys, 403, server.get(keys, testAuth));
    await expectStatus('GET', keys, 401, server.get(keys));
    await expectStatus('POST', template, 401, server.post(subscribe, { orgSlug: org.slug, externalId: 'user-42' }));
    await expectStatus('DELETE', `${keys}/:id`, 204, server.request('DELETE', `${keys}/${made.id}`, { headers: auth }));
    await expectStatus('DELETE', `${keys}/:id`, 404, server.request('DELETE', `${keys}/${made.id}`, { headers: auth }));
    await expectStatus('DELETE', `${keys}/:id`, 403, server.request('DELETE', `${keys}/${made.id}`, { headers: testAuth }));
    await expectStatus('DELETE', `${keys}/:id`, 401, server.request('DELETE', `${keys}/${made.id}`));

    // Ids that are no UUID, and odd bodies, still answer a documented status.
    const answered = async (method: string, template: string, path: string, json?: unknown, headers: Record<string, string> = {}) => {
      const answer = await server.request(method, path, { json, headers });
      check(method, template, answer.status, answer.body);
    };
    await answered('POST', template, '/v1/devices/not-a-uuid/subscriptions', { orgSlug: org.slug });
    await answered('POST', template, subscribe, { orgSlug: org.slug, externalId: 'x'.repeat(5000) });
    await answered('DELETE', unsubscribe, `/v1/devices/not-a-uuid/subscriptions/${org.slug}`);
    await answered('GET', '/v1/notifications/:id', '/v1/notifications/not-a-uuid', undefined, auth);
    await answered('DELETE', '/v1/notifications/:id', '/v1/notifications/not-a-uuid', undefined, auth);
    await answered('DELETE', '/v1/webhooks/:id', '/v1/webhooks/not-a-uuid', undefined, auth);
    await answered('POST', '/v1/webhooks/:id/rotate-secret', '/v1/webhooks/not-a-uuid/rotate-secret', undefined, auth);
    await answered('GET', '/v1/orgs', '/v1/orgs?cursor=garbage');
    await answered('GET', '/v1/notifications', '/v1/notifications?cursor=garbage', undefined, auth);
    await answered('POST', '/v1/notify', '/v1/notify', { body: 'x', target: 'users' }, auth);
    await answered('POST', '/v1/webhooks', '/v1/webhooks', { url: 'http://127.0.0.1:9/x', events: ['nope'] }, auth);
    await answered('POST', '/v1/devices', '/v1/devices', []);
    await answered('DELETE', `${keys}/:id`, `${keys}/not-a-uuid`, undefined, auth);
    await answered('POST', keys, keys, { publicKey: { kty: 'EC' } }, auth);
    await answered('POST', keys, keys, [], auth);

    // Each route's success answers were checked at least once.
    for (const route of routes) {
      for (const status of Object.keys(routeDocs[`${route.method} ${route.path}`]!.success)) {
        expect(checked, `${route.method} ${route.path} ${status}`).toContain(`${route.method} ${openApiPath(route.path)} ${status}`);
      }
    }
  });

  it('documents the 429 and the RateLimit headers the limited routes send', async () => {
    const server = await startServer(suite.storage, { deviceRegistrationsPerMinute: 1, redisPrefix: `openapi-${Date.now()}:` });
    try {
      const { check } = createResponseChecker((await server.get('/v1/openapi.json')).body);
      const first = await server.post('/v1/devices', { apnsToken: apnsToken(), platform: 'ios' });
      expect(first.status).toBe(201);
      for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy']) expect(first.headers.get(name), name).toBeTruthy();
      const limited = await server.post('/v1/devices', { apnsToken: apnsToken(), platform: 'ios' });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBeTruthy();
      check('POST', '/v1/devices', 429, limited.body);
      const operation = (await server.get('/v1/openapi.json')).body.paths['/v1/devices'].post;
      expect(Object.keys(operation.responses['429'].headers)).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'X-Request-Id']));
    } finally {
      await server.close();
    }
  });
});
