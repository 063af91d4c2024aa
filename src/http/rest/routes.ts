// The /v1 routes as a table: method, path, the GraphQL operation it runs, how the request becomes
// variables, and how the result becomes a status and body. See docs/rest-api.md for each route's contract.
import { HttpError } from '../errors.ts';
import * as op from './operations.ts';
import { route } from './router.ts';

function integerParam(query: URLSearchParams, name: string) {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw)) throw new HttpError({ code: 'VALIDATION_FAILED', message: `${name} must be an integer`, field: name });
  return Number(raw);
}

/** A new endpoint or a new secret: the secret, shown only in this answer, beside the endpoint's fields. */
const createdWebhook = ({ webhook: { id, url, events, createdAt }, secret }: { webhook: { id: string; url: string; events: string[]; createdAt: unknown }; secret: string }) => ({ id, url, events, secret, createdAt });

/** A new identity key: its fields, and the private key only when Clarion made the pair. */
const createdIdentityKey = ({ key: { __typename: _type, ...key }, privateKey }: { key: { __typename?: string }; privateKey?: string | null }) => (privateKey ? { ...key, privateKey } : key);

/** The body's publicKey: PEM text, or a JWK object passed on as JSON text. */
function publicKeyParam(body: Record<string, unknown>) {
  const { publicKey } = body;
  if (publicKey !== null && typeof publicKey === 'object' && !Array.isArray(publicKey)) return JSON.stringify(publicKey);
  return publicKey as string | undefined;
}

export const routes = [
  route({
    method: 'POST',
    path: '/v1/devices',
    cors: true,
    operation: op.RegisterDevice,
    body: true,
    variables: ({ body }) => ({
      platform: body.platform as string, apnsToken: body.apnsToken as string | undefined, fcmToken: body.fcmToken as string | undefined, webPush: body.webPush,
      locale: body.locale as string | undefined,
    }),
    respond: ({ registerDevice }) => ({ status: registerDevice.created ? 201 : 200, body: { deviceUuid: registerDevice.deviceUuid } }),
  }),
  route({
    method: 'PATCH',
    path: '/v1/devices/:deviceUuid',
    cors: true,
    operation: op.UpdateDevice,
    body: true,
    variables: ({ params, body }) => ({ deviceUuid: params.deviceUuid!, locale: body.locale as string | null | undefined }),
    respond: ({ updateDevice }) => ({ status: 200, body: updateDevice }),
  }),
  route({
    method: 'POST',
    path: '/v1/devices/:deviceUuid/opens',
    cors: true,
    operation: op.ReportOpen,
    body: true,
    variables: ({ params, body }) => ({ deviceUuid: params.deviceUuid!, notificationId: body.notificationId as string }),
    respond: () => ({ status: 204 }),
  }),
  route({
    method: 'GET',
    path: '/v1/web-push/vapid-public-key',
    cors: true,
    operation: op.WebPushPublicKey,
    variables: () => ({}),
    respond: ({ webPushPublicKey }) => ({ status: 200, body: { publicKey: webPushPublicKey } }),
  }),
  route({
    method: 'POST',
    path: '/v1/devices/:deviceUuid/subscriptions',
    cors: true,
    operation: op.SubscribeDevice,
    body: true,
    variables: ({ params, body }) => ({ deviceUuid: params.deviceUuid!, orgSlug: body.orgSlug as string, externalId: body.externalId as string | undefined, inviteCode: body.inviteCode as string | undefined, externalIdToken: body.externalIdToken as string | undefined, topics: body.topics }),
    respond: ({ subscribeDevice: { created, ...subscription } }) => ({ status: created ? 201 : 200, body: subscription }),
  }),
  route({
    method: 'DELETE',
    path: '/v1/devices/:deviceUuid/subscriptions/:orgSlug',
    cors: true,
    operation: op.UnsubscribeDevice,
    variables: ({ params }) => ({ deviceUuid: params.deviceUuid!, orgSlug: params.orgSlug! }),
    respond: () => ({ status: 204 }),
  }),
  route({
    method: 'GET',
    path: '/v1/orgs',
    cors: true,
    operation: op.SearchOrganizations,
    variables: ({ query }) => ({ search: query.get('search'), limit: integerParam(query, 'limit'), cursor: query.get('cursor') }),
    respond: ({ organizations }) => ({ status: 200, body: organizations }),
  }),
  route({
    method: 'GET',
    path: '/v1/orgs/invite/:inviteCode',
    cors: true,
    operation: op.OrganizationByInviteCode,
    variables: ({ params }) => ({ inviteCode: params.inviteCode! }),
    respond: ({ organizationByInviteCode }) => ({ status: 200, body: organizationByInviteCode }),
  }),
  route({
    method: 'GET',
    path: '/v1/orgs/:orgSlug',
    cors: true,
    operation: op.OrganizationBySlug,
    variables: ({ params }) => ({ slug: params.orgSlug! }),
    respond: ({ organization }) => ({ status: 200, body: organization }),
  }),
  route({
    method: 'POST',
    path: '/v1/notify',
    operation: op.Notify,
    body: true,
    variables: ({ body, headers }) => ({ input: body, idempotencyKey: headers.get('idempotency-key') }),
    // A broadcast still sending after NOTIFY_WAIT_MS answers 202, and so does a scheduled one; its progress is at Location.
    respond: ({ notify }) =>
      notify.status === 'sending' || notify.status === 'scheduled'
        ? { status: 202, body: notify, headers: { Location: `/v1/notifications/${notify.id}` } }
        : { status: 200, body: notify },
  }),
  route({
    method: 'GET',
    path: '/v1/notifications',
    operation: op.ListNotifications,
    variables: ({ query }) => ({ limit: integerParam(query, 'limit'), cursor: query.get('cursor') }),
    respond: ({ notifications }) => ({ status: 200, body: notifications }),
  }),
  route({
    method: 'GET',
    path: '/v1/notifications/:id',
    operation: op.NotificationById,
    variables: ({ params }) => ({ id: params.id! }),
    respond: ({ notification }) => ({ status: 200, body: notification }),
  }),
  route({
    method: 'DELETE',
    path: '/v1/notifications/:id',
    operation: op.CancelNotification,
    variables: ({ params }) => ({ id: params.id! }),
    respond: ({ cancelNotification }) => ({ status: 200, body: cancelNotification }),
  }),
  route({
    method: 'GET',
    path: '/v1/topics',
    operation: op.Topics,
    variables: () => ({}),
    respond: ({ topics }) => ({ status: 200, body: topics }),
  }),
  route({
    method: 'GET',
    path: '/v1/insights',
    operation: op.Insights,
    variables: ({ query }) => ({ days: integerParam(query, 'days') }),
    respond: ({ insights }) => ({ status: 200, body: insights }),
  }),
  route({
    method: 'POST',
    path: '/v1/webhooks',
    operation: op.CreateWebhook,
    body: true,
    variables: ({ body }) => ({ url: body.url as string, events: body.events as string[] }),
    respond: ({ createWebhook }) => ({ status: 201, body: createdWebhook(createWebhook) }),
  }),
  route({
    method: 'GET',
    path: '/v1/webhooks',
    operation: op.ListWebhooks,
    variables: () => ({}),
    respond: ({ webhooks }) => ({ status: 200, body: { webhooks } }),
  }),
  route({
    method: 'DELETE',
    path: '/v1/webhooks/:id',
    operation: op.DeleteWebhook,
    variables: ({ params }) => ({ id: params.id! }),
    respond: () => ({ status: 204 }),
  }),
  route({
    method: 'POST',
    path: '/v1/webhooks/:id/rotate-secret',
    operation: op.RotateWebhookSecret,
    variables: ({ params }) => ({ id: params.id! }),
    respond: ({ rotateWebhookSecret }) => ({ status: 200, body: createdWebhook(rotateWebhookSecret) }),
  }),
  route({
    method: 'POST',
    path: '/v1/identity/keys',
    operation: op.CreateIdentityKey,
    body: 'optional',
    variables: ({ body }) => ({ publicKey: publicKeyParam(body) }),
    respond: ({ createIdentityKey }) => ({ status: 201, body: createdIdentityKey(createIdentityKey) }),
  }),
  route({
    method: 'GET',
    path: '/v1/identity/keys',
    operation: op.ListIdentityKeys,
    variables: () => ({}),
    respond: ({ identityKeys }) => ({ status: 200, body: { keys: identityKeys } }),
  }),
  route({
    method: 'DELETE',
    path: '/v1/identity/keys/:id',
    operation: op.DeleteIdentityKey,
    variables: ({ params }) => ({ id: params.id! }),
    respond: () => ({ status: 204 }),
  }),
];
