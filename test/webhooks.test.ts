// Webhooks end to end: endpoints through /v1 with a live key and through the dashboard's GraphQL, events from
// real broadcasts (against the APNs stand-in), and a receiver on 127.0.0.1 that verifies every request with
// standardwebhooks' Webhook.verify as a real receiver would. A second server, without WEBHOOKS_ALLOW_PRIVATE,
// never lets a request reach a private address: not at registration, not when DNS changes its answer later.
import { createServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolve } from '../src/domain/webhooks/addresses.ts';
import { systemResolve } from '../src/domain/webhooks/addresses.ts';
import { graphql } from '../src/generated/graphql/gql.ts';
import { signUpAccount } from './support/accounts.ts';
import { TEST_TOPIC, startMockApns, type MockApns } from './support/apns.ts';
import { backends, testLogger } from './support/backends.ts';
import { waitFor } from './support/processes.ts';
import { seedAudience, seedKey, seedOrganization, seedSubscription } from './support/seed.ts';
import { startServer, TEST_WEBHOOK_KEY, type TestServer } from './support/server.ts';
import { openQueue, QUEUES } from '../src/jobs/queue.ts';
import { withoutRetries } from './support/queues.ts';
import { encryptSecret, newSecret } from '../src/domain/webhooks/secrets.ts';
import { createDeliverer } from '../src/domain/webhooks/delivery.ts';
import { registry } from '../src/metrics/registry.ts';
import { DELIVERY_RETENTION_DAYS, PRUNE_CRON, pruneDeliveries } from '../src/domain/webhooks/retention.ts';

/** clarion_webhook_deliveries_total of this process, by outcome. */
async function deliveryOutcomes() {
  const { values } = await registry.getSingleMetric('clarion_webhook_deliveries_total')!.get();
  const count = (outcome: string) => values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
  return { retrying: count('retrying'), delivered: count('delivered') };
}

const EVENTS = ['broadcast.completed', 'broadcast.failed', 'broadcast.cancelled', 'devices.unregistered'];

interface Received {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  event?: { type: string; timestamp: string; data: any };
  /** Why Webhook.verify refused it. */
  refused?: string;
}

/** A webhook receiver: verifies each request with the secret registered for its path, answers as scripted. */
async function startReceiver() {
  const secrets = new Map<string, string>();
  const answers = new Map<string, number[]>();
  const received: Received[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = request.headers as Record<string, string>;
    const entry: Received = { path: request.url!, id: headers['webhook-id']!, timestamp: headers['webhook-timestamp']!, signature: headers['webhook-signature']!, body };
    try {
      entry.event = new Webhook(secrets.get(entry.path) ?? 'whsec_bm90IHJlZ2lzdGVyZWQ=').verify(body, headers) as Received['event'];
    } catch (error) {
      entry.refused = (error as Error).message;
    }
    received.push(entry);
    const queue = answers.get(entry.path) ?? [200];
    const status = queue.length > 1 ? queue.shift()! : queue[0]!;
    response.writeHead(status, status >= 300 && status < 400 ? { location: `${url}/hooks/redirected` } : {}).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    secrets,
    answers,
    at: (path: string) => received.filter((entry) => entry.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

async function liveOrganization(server: TestServer) {
  const org = await seedOrganization(server.db);
  const { key } = await seedKey(server.db, org.slug, 'live');
  return { org, auth: { authorization: `Bearer ${key}` } };
}

/** A broadcast scheduled an hour ahead and cancelled: an event that needs no APNs. */
async function cancelScheduled(server: TestServer, auth: Record<string, string>) {
  const scheduled = await server.post('/v1/notify', { body: 'Later', target: 'all', sendAt: new Date(Date.now() + 3_600_000).toISOString() }, auth);
  expect(scheduled.status).toBe(202);
  const cancelled = await server.request('DELETE', `/v1/notifications/${scheduled.body.id}`, { headers: auth });
  expect(cancelled.body.status).toBe('cancelled');
  return scheduled.body.id as string;
}

const deliveriesOf = (server: TestServer, endpointId: string) => server.db.webhookDelivery.findMany({ where: { endpointId }, orderBy: { createdAt: 'asc' } });

const ManagedWebhooks = graphql(`
  query ManagedWebhooks($id: ID!) {
    managedOrganization(id: $id) { webhooks { id url events disabledAt disabledReason lastDelivery { id event status } deliveries(limit: 5) { id event status attempts statusCode } } }
  }
`);
const PublicWebhooks = graphql(`
  query PublicWebhooks($slug: String!) { organization(slug: $slug) { webhooks { id } } }
`);
const CreateOrganizationForWebhooks = graphql(`
  mutation CreateOrganizationForWebhooks($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id slug } }
`);
const CreateOrganizationWebhook = graphql(`
  mutation CreateOrganizationWebhook($organizationId: ID!, $url: String!, $events: [String!]!) {
    createOrganizationWebhook(organizationId: $organizationId, url: $url, events: $events) { secret webhook { id url events createdAt disabledAt } }
  }
`);
const SendOrganizationWebhookTest = graphql(`
  mutation SendOrganizationWebhookTest($organizationId: ID!, $id: ID!) {
    sendOrganizationWebhookTest(organizationId: $organizationId, id: $id) { id event status attempts nextAttemptAt }
  }
`);
const EnableOrganizationWebhook = graphql(`
  mutation EnableOrganizationWebhook($organizationId: ID!, $id: ID!) {
    enableOrganizationWebhook(organizationId: $organizationId, id: $id) { id disabledAt disabledReason }
  }
`);

describe.each(backends)('webhooks on $name', (backend) => {
  let storage: Awaited<ReturnType<typeof backend.open>>;
  let apns: MockApns;
  let receiver: Receiver;
  let server: TestServer;
  beforeAll(async () => {
    storage = await backend.open();
    apns = await startMockApns();
    receiver = await startReceiver();
    server = await startServer(storage, { apnsTopic: TEST_TOPIC }, apns.send, {
      webhooks: { allowPrivate: true, delivery: { backoffBaseMs: 1000, retryWindowMs: 3000, pollingIntervalSeconds: 0.5, concurrency: 2 } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await apns?.close();
    await storage?.close();
  });

  async function register(auth: Record<string, string>, path: string, events = EVENTS) {
    const response = await server.post('/v1/webhooks', { url: `${receiver.url}${path}`, events }, auth);
    expect(response.status, response.text).toBe(201);
    receiver.secrets.set(path, response.body.secret);
    return response.body as { id: string; url: string; events: string[]; secret: string; createdAt: string };
  }
  const received = (path: string, count: number, ms = 15_000) => waitFor(() => (receiver.at(path).length >= count ? receiver.at(path) : undefined), ms);

  it('registers an endpoint with a live key, shows its secret once, and keeps it encrypted in the database', async () => {
    const { auth } = await liveOrganization(server);
    const created = await register(auth, '/hooks/registered', ['broadcast.completed', 'broadcast.completed']);
    expect(created).toEqual({ id: expect.any(String), url: `${receiver.url}/hooks/registered`, events: ['broadcast.completed'], secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/), createdAt: expect.any(String) });
    const listed = await server.get('/v1/webhooks', auth);
    expect(listed.body).toEqual({ webhooks: [{ id: created.id, url: created.url, events: ['broadcast.completed'], createdAt: created.createdAt, disabledAt: null, disabledReason: null, lastDelivery: null }] });
    expect(listed.text).not.toContain(created.secret);

    const [row] = await storage.database.sql.query<{ text: string; secret_encrypted: Buffer }>(`SELECT row_to_json(e)::text AS text, secret_encrypted FROM webhook_endpoints e WHERE id = $1`, [created.id]);
    const secretBytes = Buffer.from(created.secret.slice('whsec_'.length), 'base64');
    expect(row!.text).not.toContain(created.secret.slice('whsec_'.length));
    expect(row!.secret_encrypted.includes(Buffer.from(created.secret))).toBe(false);
    expect(row!.secret_encrypted.includes(secretBytes)).toBe(false);
    expect(row!.secret_encrypted.includes(Buffer.from(created.secret.slice(6)))).toBe(false);
  });

  it('sends broadcast.completed with the broadcast as GET shows it, and devices.unregistered with the dead devices and their externalIds', async () => {
    const { org, auth } = await liveOrganization(server);
    const endpoint = await register(auth, '/hooks/completed');
    const gone = await seedSubscription(server, org.slug, 'user-1');
    const goneWithoutId = await seedSubscription(server, org.slug);
    const alive = await seedSubscription(server, org.slug, 'user-3');
    apns.script(gone.apnsToken, { status: 410, reason: 'Unregistered' });
    apns.script(goneWithoutId.apnsToken, { status: 400, reason: 'BadDeviceToken' });
    const sent = await server.post('/v1/notify', { body: 'Hello', target: 'all' }, auth);
    expect(sent.body).toMatchObject({ status: 'completed', sent: 1, failed: 2 });

    const requests = await received('/hooks/completed', 2);
    expect(requests.map((r) => r.refused)).toEqual([undefined, undefined]);
    const completed = requests.find((r) => r.event?.type === 'broadcast.completed')!;
    const unregistered = requests.find((r) => r.event?.type === 'devices.unregistered')!;
    expect(completed.event!.data).toEqual((await server.get(`/v1/notifications/${sent.body.id}`, auth)).body);
    expect(unregistered.event!.data.devices).toEqual(
      expect.arrayContaining([{ deviceUuid: gone.deviceUuid, externalId: 'user-1' }, { deviceUuid: goneWithoutId.deviceUuid, externalId: null }]),
    );
    expect(unregistered.event!.data.devices).toHaveLength(2);
    expect(JSON.stringify(unregistered.event)).not.toContain(alive.deviceUuid);
    for (const request of requests) {
      expect(request.id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(Math.abs(Number(request.timestamp) - Date.now() / 1000)).toBeLessThan(60);
      expect(request.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(Date.parse(request.event!.timestamp)).not.toBeNaN();
    }
    expect(new Set(requests.map((r) => r.id)).size).toBe(2);
    // Each delivery was made once, and recorded.
    const rows = await waitFor(async () => {
      const found = await deliveriesOf(server, endpoint.id);
      return found.every((d) => d.status === 'delivered') ? found : undefined;
    });
    expect(rows.map((d) => [d.event, d.attempts, d.statusCode, d.error])).toEqual(
      expect.arrayContaining([['broadcast.completed', 1, 200, null], ['devices.unregistered', 1, 200, null]]),
    );
    expect(rows).toHaveLength(2);
    expect(receiver.at('/hooks/completed')).toHaveLength(2);
    expect((await server.get('/v1/webhooks', auth)).body.webhooks[0].lastDelivery).toMatchObject({ status: 'delivered', attempts: 1, statusCode: 200 });
  });

  it('sends broadcast.failed when APNs blames a setting (the configuration breaker), and no device is reported dead', async () => {
    const { org, auth } = await liveOrganization(server);
    const endpoint = await register(auth, '/hooks/failed');
    // An answer only a wrong setting gets (a topic the key may not push to): the breaker stops the broadcast.
    for (const token of await seedAudience(storage.database.sql, org.id, 12)) apns.script(token, { status: 400, reason: 'TopicDisallowed' });
    const sent = await server.post('/v1/notify', { body: 'Wrong topic', target: 'all' }, auth);
    const failed = await waitFor(async () => {
      const answer = await server.get(`/v1/notifications/${sent.body.id}`, auth);
      return answer.body.status === 'sending' ? undefined : answer.body;
    });
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'APNS_CONFIGURATION' } });
    const [request] = await received('/hooks/failed', 1);
    expect(request!.event).toMatchObject({ type: 'broadcast.failed', data: failed });
    expect(request!.event!.data).toEqual(failed);
    expect((await deliveriesOf(server, endpoint.id)).map((d) => d.event)).toEqual(['broadcast.failed']);
  });

  it('sends broadcast.cancelled for a scheduled broadcast cancelled before it starts; test-key sends send nothing', async () => {
    const { org, auth } = await liveOrganization(server);
    const endpoint = await register(auth, '/hooks/cancelled');
    const id = await cancelScheduled(server, auth);
    const [request] = await received('/hooks/cancelled', 1);
    expect(request!.event).toEqual({ type: 'broadcast.cancelled', timestamp: expect.any(String), data: (await server.get(`/v1/notifications/${id}`, auth)).body });

    const device = await seedSubscription(server, org.slug);
    apns.script(device.apnsToken, { status: 410, reason: 'Unregistered' });
    const { key: testKey } = await seedKey(server.db, org.slug, 'test');
    const testSend = await server.post('/v1/notify', { body: 'Test', target: 'all' }, { authorization: `Bearer ${testKey}` });
    expect(testSend.body).toMatchObject({ test: true, failed: 1 });
    expect(await deliveriesOf(server, endpoint.id)).toHaveLength(1);
  });

  it('retries after a 500 with the same webhook-id and a fresh signature, then records the delivery', async () => {
    const { auth } = await liveOrganization(server);
    const endpoint = await register(auth, '/hooks/retry');
    receiver.answers.set('/hooks/retry', [500, 200]);
    const before = await deliveryOutcomes();
    await cancelScheduled(server, auth);
    const [first, second] = await received('/hooks/retry', 2);
    expect(first!.refused ?? second!.refused).toBeUndefined();
    expect(second!.id).toBe(first!.id);
    // The retry waits at least a second (the test's backoff), so it is signed at a later timestamp.
    expect(Number(second!.timestamp)).toBeGreaterThan(Number(first!.timestamp));
    expect(second!.signature).not.toBe(first!.signature);
    expect(second!.event).toEqual(first!.event);
    const [delivery] = await waitFor(async () => {
      const rows = await deliveriesOf(server, endpoint.id);
      return rows[0]?.status === 'delivered' ? rows : undefined;
    });
    expect(delivery).toMatchObject({ id: first!.id, attempts: 2, statusCode: 200, error: null, nextAttemptAt: null, deliveredAt: expect.any(Date) });
    expect(receiver.at('/hooks/retry')).toHaveLength(2);
    // This server delivers in the test's process, so its registry counted both attempts.
    const after = await deliveryOutcomes();
    expect({ retrying: after.retrying - before.retrying, delivered: after.delivered - before.delivered }).toEqual({ retrying: 1, delivered: 1 });
  });

  it('fails a delivery whose own job keeps failing (pg-boss dead letter) instead of leaving it pending', async () => {
    const { auth } = await liveOrganization(server);
    const endpoint = await register(auth, '/hooks/broken-job');
    // A row no request could have written: the attempt throws before any HTTP, as a fault in Clarion would.
    await storage.database.sql.query(`UPDATE webhook_endpoints SET url = 'not a url' WHERE id = $1`, [endpoint.id]);
    // Without retries, so that the job reaches the dead letter at once (this test's database only).
    await withoutRetries(server.boss, QUEUES.webhookDelivery, async (queue) => {
      expect(queue).toMatchObject({ retryLimit: 10, deadLetter: QUEUES.webhookGaveUp });
      await cancelScheduled(server, auth);
      const [delivery] = await waitFor(async () => {
        const rows = await deliveriesOf(server, endpoint.id);
        return rows[0]?.status === 'failed' ? rows : undefined;
      });
      expect(delivery).toMatchObject({ attempts: 0, nextAttemptAt: null, error: expect.stringMatching(/^not sent: Clarion could not process this delivery; its job failed 11 times \(last: .*Invalid URL/) });
    });
    expect(receiver.at('/hooks/broken-job')).toEqual([]);
  });

  it('does not follow a redirect: a 3xx is a failure, retried', async () => {
    const { auth } = await liveOrganization(server);
    const endpoint = await register(auth, '/hooks/moved');
    receiver.answers.set('/hooks/moved', [301]);
    await cancelScheduled(server, auth);
    const retrying = await waitFor(async () => {
      const [row] = await deliveriesOf(server, endpoint.id);
      return row?.attempts ? row : undefined;
    });
    expect(retrying).toMatchObject({ status: 'retrying', statusCode: 301, error: 'HTTP 301 (redirects are not followed)', nextAttemptAt: expect.any(Date) });
    receiver.answers.set('/hooks/moved', [200]);
    await waitFor(async () => ((await deliveriesOf(server, endpoint.id))[0]?.status === 'delivered' ? true : undefined));
    expect(receiver.at('/hooks/redirected')).toEqual([]);
  });

  it('fails a delivery after the retry window and disables an endpoint that delivered nothing all that time', async () => {
    const { auth } = await liveOrganization(server);
    const endpoint = await register(auth, '/hooks/down');
    receiver.answers.set('/hooks/down', [500]);
    await cancelScheduled(server, auth);
    const disabled = await waitFor(async () => {
      const row = await server.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
      return row.disabledAt ? row : undefined;
    }, 20_000);
    expect(disabled.disabledReason).toBe('every delivery failed for 3 seconds (last: HTTP 500)');
    const [delivery] = await deliveriesOf(server, endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', statusCode: 500, error: 'HTTP 500', nextAttemptAt: null });
    expect(delivery!.attempts).toBeGreaterThanOrEqual(3);
    // An integrator sees it too, without the dashboard.
    const [listed] = (await server.get('/v1/webhooks', auth)).body.webhooks;
    expect(listed).toMatchObject({ id: endpoint.id, disabledAt: disabled.disabledAt!.toISOString(), disabledReason: disabled.disabledReason });
    // A disabled endpoint gets no more deliveries.
    await cancelScheduled(server, auth);
    expect(await deliveriesOf(server, endpoint.id)).toHaveLength(1);
  }, 30_000);

  it('deletes finished deliveries after their retention, daily through a pg-boss schedule; pending and retrying ones stay', async () => {
    const { auth } = await liveOrganization(server);
    const endpoint = await register(auth, '/hooks/pruned');
    const old = new Date(Date.now() - (DELIVERY_RETENTION_DAYS + 1) * 86_400_000);
    const statuses = ['delivered', 'failed', 'retrying', 'pending'] as const;
    for (const [i, status] of statuses.entries()) {
      await storage.database.sql.query(`INSERT INTO webhook_deliveries (id, endpoint_id, event, payload, status, created_at) VALUES ($1, $2, 'webhook.test', '{}', $3::"WebhookDeliveryStatus", $4)`, [
        `msg_old${i}`, endpoint.id, status, old,
      ]);
    }
    await storage.database.sql.query(`INSERT INTO webhook_deliveries (id, endpoint_id, event, payload, status) VALUES ('msg_recent', $1, 'webhook.test', '{}', 'delivered')`, [endpoint.id]);
    expect(await pruneDeliveries(storage.database.sql, new Date(Date.now() - DELIVERY_RETENTION_DAYS * 86_400_000))).toBe(2);
    const left = await storage.database.sql.query<{ id: string }>(`SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id`, [endpoint.id]);
    expect(left.map((row) => row.id)).toEqual(['msg_old2', 'msg_old3', 'msg_recent']);
    const schedules = () => storage.database.sql.query<{ cron: string; timezone: string }>(`SELECT cron, timezone FROM pgboss.schedule WHERE name = 'webhook-prune'`);
    expect(await schedules()).toEqual([{ cron: PRUNE_CRON, timezone: 'UTC' }]);
    // The process that fires schedules registers it; a fan-out worker's queue (no schedule) and its deliverer, which
    // works the pruning job, leave it alone.
    await storage.database.sql.query(`DELETE FROM pgboss.schedule WHERE name = 'webhook-prune'`);
    const workers = await openQueue(storage.database, testLogger);
    await createDeliverer({ database: storage.database, boss: workers, logger: testLogger, settings: { secretKey: TEST_WEBHOOK_KEY, allowPrivate: false } }).work(() => true);
    await workers.stop({ graceful: false, close: false });
    expect(await schedules()).toEqual([]);
    const api = await openQueue(storage.database, testLogger, { schedule: true });
    await api.stop({ graceful: false, close: false });
    expect(await schedules()).toEqual([{ cron: PRUNE_CRON, timezone: 'UTC' }]);
  });

  it('rotate-secret: the next delivery verifies with the new secret only', async () => {
    const { auth } = await liveOrganization(server);
    const endpoint = await register(auth, '/hooks/rotated');
    const rotated = await server.post(`/v1/webhooks/${endpoint.id}/rotate-secret`, undefined, auth);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ ...endpoint, secret: expect.stringMatching(/^whsec_/) });
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    receiver.secrets.set('/hooks/rotated', rotated.body.secret);
    await cancelScheduled(server, auth);
    const [request] = await received('/hooks/rotated', 1);
    expect(request!.refused).toBeUndefined();
    expect(request!.event!.type).toBe('broadcast.cancelled');
    const headers = { 'webhook-id': request!.id, 'webhook-timestamp': request!.timestamp, 'webhook-signature': request!.signature };
    expect(new Webhook(rotated.body.secret).verify(request!.body, headers)).toEqual(request!.event);
    expect(() => new Webhook(endpoint.secret).verify(request!.body, headers)).toThrow(/No matching signature/);
  });

  it('answers bad input with 400 naming the field, unknown ids with 404, and a test key with 403', async () => {
    const { auth } = await liveOrganization(server);
    const url = `${receiver.url}/hooks/errors`;
    const refusal = async (body: unknown) => {
      const response = await server.post('/v1/webhooks', body, auth);
      return [response.status, response.body.error.code, response.body.error.field];
    };
    expect(await refusal({ url: 'not a url', events: EVENTS })).toEqual([400, 'VALIDATION_FAILED', 'url']);
    expect(await refusal({ url: 42, events: EVENTS })).toEqual([400, 'VALIDATION_FAILED', 'url']);
    expect(await refusal({ events: EVENTS })).toEqual([400, 'VALIDATION_FAILED', 'url']);
    expect(await refusal({ url, events: [] })).toEqual([400, 'VALIDATION_FAILED', 'events']);
    expect(await refusal({ url })).toEqual([400, 'VALIDATION_FAILED', 'events']);
    expect(await refusal({ url, events: [7] })).toEqual([400, 'VALIDATION_FAILED', 'events']);
    const unknown = await server.post('/v1/webhooks', { url, events: ['broadcast.exploded'] }, auth);
    expect(unknown.body.error).toMatchObject({ field: 'events', message: expect.stringContaining('"broadcast.exploded" is not an event') });

    const ids = [];
    for (let i = 0; i < 10; i += 1) ids.push((await register(auth, `/hooks/errors-${i}`)).id);
    const eleventh = await server.post('/v1/webhooks', { url, events: EVENTS }, auth);
    expect(eleventh.body.error).toEqual({ code: 'VALIDATION_FAILED', field: 'url', message: 'an organization has at most 10 webhook endpoints; delete one first' });
    expect((await server.request('DELETE', `/v1/webhooks/${ids[0]}`, { headers: auth })).status).toBe(204);
    expect((await server.get('/v1/webhooks', auth)).body.webhooks.map((w: { id: string }) => w.id)).toEqual(ids.slice(1));
    for (const id of [ids[0], 'not-a-uuid', '0190a0a0-0000-7000-8000-000000000000']) {
      expect((await server.request('DELETE', `/v1/webhooks/${id}`, { headers: auth })).status).toBe(404);
      expect((await server.post(`/v1/webhooks/${id}/rotate-secret`, undefined, auth)).status).toBe(404);
    }
    // Another organization's endpoint answers as a missing one.
    const other = await liveOrganization(server);
    expect((await server.request('DELETE', `/v1/webhooks/${ids[1]}`, { headers: other.auth })).status).toBe(404);

    const { org } = await liveOrganization(server);
    const { key } = await seedKey(server.db, org.slug, 'test');
    const testKey = { authorization: `Bearer ${key}` };
    for (const response of [
      await server.post('/v1/webhooks', { url, events: EVENTS }, testKey),
      await server.get('/v1/webhooks', testKey),
      await server.request('DELETE', `/v1/webhooks/${ids[1]}`, { headers: testKey }),
      await server.post(`/v1/webhooks/${ids[1]}/rotate-secret`, undefined, testKey),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.error).toEqual({ code: 'FORBIDDEN', message: 'webhooks are managed with a live key; a test key records nothing and has no events to deliver' });
    }
    expect((await server.get('/v1/webhooks')).status).toBe(401);
  }, 30_000);

  it('lets a dashboard member manage endpoints, send a test event and re-enable a disabled one; others see null', async () => {
    const { cookie } = await signUpAccount(server, 'webhooks');
    const org = (await server.graphql(CreateOrganizationForWebhooks, { name: 'Hooks', slug: `hooks-${Date.now()}` }, { cookie })).body.data!.createOrganization;
    const created = (await server.graphql(CreateOrganizationWebhook, { organizationId: org.id, url: `${receiver.url}/hooks/dashboard`, events: ['devices.unregistered'] }, { cookie })).body.data!
      .createOrganizationWebhook;
    receiver.secrets.set('/hooks/dashboard', created.secret);
    const test = (await server.graphql(SendOrganizationWebhookTest, { organizationId: org.id, id: created.webhook.id }, { cookie })).body.data!.sendOrganizationWebhookTest;
    expect(test).toMatchObject({ id: expect.stringMatching(/^msg_/), event: 'webhook.test', status: 'pending', attempts: 0 });
    const [request] = await received('/hooks/dashboard', 1);
    expect(request).toMatchObject({ id: test.id, event: { type: 'webhook.test' } });
    expect(request!.refused).toBeUndefined();
    const listed = await waitFor(async () => {
      const webhooks = (await server.graphql(ManagedWebhooks, { id: org.id }, { cookie })).body.data!.managedOrganization.webhooks!;
      return webhooks[0]?.lastDelivery?.status === 'delivered' ? webhooks : undefined;
    });
    expect(listed).toEqual([
      {
        id: created.webhook.id, url: `${receiver.url}/hooks/dashboard`, events: ['devices.unregistered'], disabledAt: null, disabledReason: null,
        lastDelivery: { id: test.id, event: 'webhook.test', status: 'delivered' }, deliveries: [{ id: test.id, event: 'webhook.test', status: 'delivered', attempts: 1, statusCode: 200 }],
      },
    ]);

    await server.db.webhookEndpoint.update({ where: { id: created.webhook.id }, data: { disabledAt: new Date(), disabledReason: 'every delivery failed for 24 hours (last: HTTP 500)' } });
    const whileDisabled = await server.graphql(SendOrganizationWebhookTest, { organizationId: org.id, id: created.webhook.id }, { cookie });
    expect(whileDisabled.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const enabled = await server.graphql(EnableOrganizationWebhook, { organizationId: org.id, id: created.webhook.id }, { cookie });
    expect(enabled.body.data?.enableOrganizationWebhook).toEqual({ id: created.webhook.id, disabledAt: null, disabledReason: null });

    const stranger = await signUpAccount(server, 'stranger');
    expect((await server.graphql(PublicWebhooks, { slug: org.slug }, { cookie: stranger.cookie })).body.data?.organization?.webhooks).toBeNull();
    const theirs = await server.graphql(CreateOrganizationWebhook, { organizationId: org.id, url: `${receiver.url}/x`, events: EVENTS }, { cookie: stranger.cookie });
    expect(theirs.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe.each(backends)('webhooks without WEBHOOKS_ALLOW_PRIVATE on $name', (backend) => {
  let storage: Awaited<ReturnType<typeof backend.open>>;
  let server: TestServer;
  let listener: Server;
  let connections = 0;
  // A name that resolves to a public address when it is registered, and to 127.0.0.1 afterwards.
  let rebound = false;
  const resolve: Resolve = async (host) => (host === 'rebind.example.test' ? [{ address: rebound ? '127.0.0.1' : '93.184.216.34', family: 4 }] : systemResolve(host));
  beforeAll(async () => {
    storage = await backend.open();
    listener = createTcpServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((ready) => listener.listen(0, '127.0.0.1', ready));
    server = await startServer(storage, {}, undefined, { webhooks: { resolve, delivery: { pollingIntervalSeconds: 0.5 } } });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((closed) => listener?.close(closed));
    await storage?.close();
  });

  it('refuses to register http:// and hosts that are or resolve to private, loopback, link-local or metadata addresses', async () => {
    const { auth } = await liveOrganization(server);
    const port = (listener.address() as AddressInfo).port;
    for (const url of [
      `http://127.0.0.1:${port}/hook`, `https://127.0.0.1:${port}/hook`, 'https://localhost/hook', 'https://10.1.2.3/', 'https://172.20.0.1/', 'https://192.168.0.10/',
      'https://169.254.169.254/latest/meta-data/', 'https://100.64.0.1/', 'https://[::1]/', 'https://[::ffff:127.0.0.1]/', 'https://[fd00::1]/', 'https://0.0.0.0/', 'http://example.com/',
    ]) {
      const response = await server.post('/v1/webhooks', { url, events: EVENTS }, auth);
      expect([url, response.status, response.body.error.field]).toEqual([url, 400, 'url']);
    }
    expect(connections).toBe(0);
  });

  it('sends nothing to a name that resolves to 127.0.0.1 at delivery time, though it resolved publicly at registration', async () => {
    const { auth } = await liveOrganization(server);
    const port = (listener.address() as AddressInfo).port;
    const created = await server.post('/v1/webhooks', { url: `https://rebind.example.test:${port}/hook`, events: EVENTS }, auth);
    expect(created.status).toBe(201);
    rebound = true;
    await cancelScheduled(server, auth);
    const delivery = await waitFor(async () => {
      const [row] = await deliveriesOf(server, created.body.id);
      return row?.attempts ? row : undefined;
    });
    expect(delivery).toMatchObject({ status: 'retrying', statusCode: null, error: 'refused address: rebind.example.test resolves to 127.0.0.1, which is a loopback address; webhooks go to public addresses only (WEBHOOKS_ALLOW_PRIVATE=true lifts this, for tests and private networks)' });
    expect(connections).toBe(0);
  });

  it('refuses at delivery time too: endpoints registered while private addresses were allowed get nothing now', async () => {
    const { org, auth } = await liveOrganization(server);
    const port = (listener.address() as AddressInfo).port;
    const ids: string[] = [];
    for (const url of [`http://rebind.example.test:${port}/hook`, `https://127.0.0.1:${port}/hook`, `https://[::ffff:7f00:1]:${port}/hook`]) {
      const id = uuidv7();
      await storage.database.sql.query(`INSERT INTO webhook_endpoints (id, organization_id, url, events, secret_encrypted) VALUES ($1, $2, $3, $4, $5)`, [
        id, org.id, url, EVENTS, encryptSecret(TEST_WEBHOOK_KEY, id, newSecret()),
      ]);
      ids.push(id);
    }
    await cancelScheduled(server, auth);
    const errors = await waitFor(async () => {
      const rows = await Promise.all(ids.map(async (id) => (await deliveriesOf(server, id))[0]));
      return rows.every((row) => row?.attempts) ? rows.map((row) => row!.error) : undefined;
    });
    expect(errors).toEqual([
      'refused: http:// is allowed only with WEBHOOKS_ALLOW_PRIVATE=true',
      expect.stringMatching(/^refused address: 127\.0\.0\.1 is a loopback address/),
      expect.stringMatching(/^refused address: ::ffff:7f00:1 is a loopback address/),
    ]);
    expect(connections).toBe(0);
  });

  it('without WEBHOOK_SECRET_KEY, lists endpoints but answers UNAVAILABLE to registering one', async () => {
    const unconfigured = await startServer(storage, {}, undefined, { work: false, webhooks: { secretKey: undefined } });
    try {
      const { auth } = await liveOrganization(unconfigured);
      const response = await unconfigured.post('/v1/webhooks', { url: 'https://example.com/hook', events: EVENTS }, auth);
      expect(response.status).toBe(503);
      expect(response.body.error).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringContaining('WEBHOOK_SECRET_KEY') });
      expect((await unconfigured.get('/v1/webhooks', auth)).body).toEqual({ webhooks: [] });
    } finally {
      await unconfigured.close();
    }
  });
});
