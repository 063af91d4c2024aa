// What each /v1 route says in /v1/openapi.json, keyed by "METHOD path" exactly as src/http/rest/routes.ts
// declares it. test/openapi.test.ts fails when a route has no entry here or an entry has no route.
import { ref } from './openapi-schemas.ts';

export interface QueryParam {
  name: string;
  description: string;
  schema: Record<string, unknown>;
}

export interface RouteDoc {
  summary: string;
  description: string;
  tag: 'Devices' | 'Organizations' | 'Notifications' | 'Audience' | 'Webhooks' | 'Identity';
  /** Needs `Authorization: Bearer <API key>`. */
  auth: boolean;
  /** Sends RateLimit-* headers (and may answer 429). */
  rateLimited?: boolean;
  query?: QueryParam[];
  headers?: QueryParam[];
  body?: { schema: Record<string, unknown>; example: unknown; optional?: boolean };
  /** Success statuses: description, schema (none: no body), example. */
  success: Record<number, { description: string; schema?: Record<string, unknown>; example?: unknown; location?: boolean }>;
  /** Error statuses this route can answer, with what they mean here. */
  errors: Record<number, string>;
}

const BODY_ERRORS = {
  400: 'A field is missing, of the wrong type or out of bounds, holds a lone UTF-16 surrogate, or nests deeper than 32 levels (`field` names it); or the body is not a JSON object (INVALID_JSON).',
  413: 'The body is over MAX_BODY_BYTES.',
  415: 'The body is not application/json.',
};
const KEY_ERRORS = { 401: 'A missing, malformed, unknown or revoked API key (with WWW-Authenticate: Bearer).' };
const limit = { name: 'limit', description: 'Page size, 1 to 100 (default 20).', schema: { type: 'integer', minimum: 1, maximum: 100 } };
const cursor = { name: 'cursor', description: 'nextCursor of the previous page.', schema: { type: 'string' } };
const org = { id: '4f7c2a9e-…', name: 'Acme News', slug: 'acme', logoUrl: null, brandColor: '#FF6600', description: 'Breaking news', subscriberCount: 1 };
const broadcast = {
  id: 'b1e4…', status: 'completed', test: false, target: 'all', externalIds: null, topics: null, body: 'Take cover', title: 'Storm warning', languages: [], recipients: 3, sent: 3, failed: 0, failures: {},
  byPlatform: { ios: { sent: 3, failed: 0 }, android: { sent: 0, failed: 0 }, web: { sent: 0, failed: 0 } }, opened: 1,
  createdAt: '2026-11-22T04:28:03.056Z', sendAt: null, finishedAt: '2026-11-22T04:28:03.097Z', error: null, waitingForApnsSince: null, timing: { durationMs: 41 },
  apiKey: { id: '9a0c…', name: 'live key', displayPrefix: 'svc_live_QQZP-o' },
};
const identityKey = { id: '019ab3f2-…', algorithm: 'ES256', publicKey: '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE…\n-----END PUBLIC KEY-----\n', createdAt: '2026-11-23T23:40:02.113Z' };
const webhook = { id: '01a20a21-…', url: 'https://hooks.example.com/clarion', events: ['broadcast.completed'], secret: 'whsec_m8eeEXanbz2ypVG1U9hG/rb6nmZq57CD', createdAt: '2026-11-23T20:38:32.736Z' };

export const routeDocs: Record<string, RouteDoc> = {
  'POST /v1/devices': {
    summary: 'Register a device', tag: 'Devices', auth: false, rateLimited: true,
    description:
      'Registers an iOS device (apnsToken), an Android device (fcmToken) or a browser (webPush, its PushSubscription), or finds the device already registered with that token or endpoint ' +
      '(a browser\'s new keys replace the old). Limited per client IP (DEVICE_REGISTRATIONS_PER_MINUTE).',
    body: { schema: ref('RegisterDevice'), example: { apnsToken: 'a1b2c3d4e5f6', platform: 'ios' } },
    success: { 201: { description: 'A new device.', schema: ref('Device'), example: { deviceUuid: '6f1c…' } }, 200: { description: 'The token was already registered: its device.', schema: ref('Device') } },
    errors: {
      ...BODY_ERRORS,
      400: 'A missing or unknown platform, or a token of the wrong shape (`field` names it: apnsToken, fcmToken, webPush.endpoint, webPush.keys.p256dh, webPush.keys.auth); a Web Push endpoint that is not https, not on an allowed push service host, or resolves to a private address; or the body is not a JSON object (INVALID_JSON).',
      503: 'UNAVAILABLE: platform "web" while Web Push is off on this server (no VAPID keys); or the database cannot be reached.',
    },
  },
  'PATCH /v1/devices/:deviceUuid': {
    summary: 'Change a device\'s locale', tag: 'Devices', auth: false, rateLimited: true,
    description: 'Sets the language the device\'s user reads (a BCP 47 tag), or removes it with null: broadcasts with localized texts send it the closest. Limited per client IP (SUBSCRIPTIONS_PER_MINUTE).',
    body: { schema: ref('UpdateDevice'), example: { locale: 'fr-CA' } },
    success: { 200: { description: 'The device.', schema: ref('DeviceDetails'), example: { deviceUuid: '6f1c…', platform: 'ios', locale: 'fr-CA' } } },
    errors: { ...BODY_ERRORS, 400: 'locale is missing or not a BCP 47 language tag of at most 35 characters (`field`: locale).', 404: 'Unknown device.' },
  },
  'POST /v1/devices/:deviceUuid/opens': {
    summary: 'Report an open', tag: 'Devices', auth: false, rateLimited: true,
    description:
      'The app tells that its user opened a notification. Counted once per device and notification (its `opened`, and the day\'s in GET /v1/insights); a repeat answers 204 and is not counted. ' +
      'Only a device the notification was sent to counts: one in its audience (subscribed to the organization before the broadcast ended, matching its target). Limited per client IP (OPENS_PER_MINUTE).',
    body: { schema: ref('ReportOpen'), example: { notificationId: '019ab3f2-…' } },
    success: { 204: { description: 'Counted (or counted before); no body.' } },
    errors: { ...BODY_ERRORS, 400: 'notificationId is missing or not a UUID.', 404: 'Unknown device; or a notification this device was not sent (unknown ones alike, `field`: notificationId).' },
  },
  'GET /v1/web-push/vapid-public-key': {
    summary: 'The VAPID public key for browsers', tag: 'Devices', auth: false,
    description: 'What a web app passes to pushManager.subscribe as applicationServerKey before registering the subscription with platform "web".',
    success: { 200: { description: 'The key.', schema: ref('VapidPublicKey'), example: { publicKey: 'BNc…' } } },
    errors: { 503: 'UNAVAILABLE: Web Push is off on this server (with DATABASE_URL and no VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY).' },
  },
  'POST /v1/devices/:deviceUuid/subscriptions': {
    summary: 'Subscribe a device to an organization', tag: 'Devices', auth: false, rateLimited: true,
    description:
      'Subscribes the device, or updates its externalId when already subscribed. An invite-only organization also needs its current inviteCode. ' +
      'An organization with identity keys accepts an externalId only with externalIdToken, a JWT its own server signed (verified user targeting). ' +
      'Limited per client IP (SUBSCRIPTIONS_PER_MINUTE); a device may be subscribed to at most 100 organizations.',
    body: { schema: ref('Subscribe'), example: { orgSlug: 'acme', externalId: 'user-42', topics: ['sports'] } },
    success: {
      201: { description: 'Subscribed.', schema: ref('Subscription'), example: { orgSlug: 'acme', externalId: 'user-42', topics: ['sports'], createdAt: '2026-11-22T04:28:03.056Z', updatedAt: '2026-11-22T04:28:03.056Z' } },
      200: { description: 'Already subscribed; externalId updated.', schema: ref('Subscription') },
    },
    errors: {
      ...BODY_ERRORS,
      401: 'INVALID_EXTERNAL_ID_TOKEN: the organization verifies externalIds and externalIdToken is missing, expired, signed by an unknown key, or names another aud or sub (the message says which). Nothing was changed.',
      404: 'Unknown device, or unknown organization (or a missing or wrong invite code for an invite-only one).',
      409: 'CONFLICT: the device is already subscribed to 100 organizations, the most one device may be; unsubscribe it from one first.',
    },
  },
  'DELETE /v1/devices/:deviceUuid/subscriptions/:orgSlug': {
    summary: 'Unsubscribe a device', tag: 'Devices', auth: false, description: 'Removes the subscription.',
    success: { 204: { description: 'Unsubscribed; no body.' } },
    errors: { 404: 'No such subscription.' },
  },
  'GET /v1/orgs': {
    summary: 'Search public organizations', tag: 'Organizations', auth: false, description: 'Public organizations whose name or slug matches `search`, a page at a time.',
    query: [{ name: 'search', description: 'Text to look for in names and slugs.', schema: { type: 'string' } }, limit, cursor],
    success: { 200: { description: 'A page of organizations.', schema: ref('OrganizationPage'), example: { organizations: [org], nextCursor: null } } },
    errors: { 400: 'limit or cursor is invalid.' },
  },
  'GET /v1/orgs/invite/:inviteCode': {
    summary: 'Organization by invite code', tag: 'Organizations', auth: false, description: 'Public and private organizations alike.',
    success: { 200: { description: 'The organization.', schema: ref('Organization'), example: org } },
    errors: { 404: 'Unknown invite code.' },
  },
  'GET /v1/orgs/:orgSlug': {
    summary: 'One public organization', tag: 'Organizations', auth: false, description: 'A public organization by slug.',
    success: { 200: { description: 'The organization.', schema: ref('Organization'), example: org } },
    errors: { 404: 'The organization is private or does not exist.' },
  },
  'POST /v1/notify': {
    summary: 'Send a notification', tag: 'Notifications', auth: true, rateLimited: true,
    description:
      'One broadcast to every matched device of the key\'s organization. 200 when it finishes within NOTIFY_WAIT_MS; 202 while still sending or when scheduled (follow Location). A test key sends to at most one device and stores nothing. ' +
      'Send an Idempotency-Key: a request whose answer was lost (a timeout, a dropped connection, a 503) can then be retried without creating a second broadcast. ' +
      'Every push carries an apns-collapse-id (collapseId, or else the broadcast\'s id), so that a push sent twice after an unanswered first try replaces its first copy on the phone; pushes that went unanswered twice are counted failed as "ambiguous".',
    headers: [{ name: 'Idempotency-Key', description: 'Recommended on every live send. The same key within 24 hours returns the first broadcast and sends nothing again; with a different request, 422.', schema: { type: 'string' } }],
    body: { schema: ref('Notify'), example: { title: 'Storm warning', body: 'Take cover', target: 'all' } },
    success: {
      200: { description: 'The finished broadcast.', schema: ref('Broadcast'), example: broadcast },
      202: { description: 'Still sending, or scheduled: its progress is at Location.', schema: ref('Broadcast'), location: true },
    },
    errors: { ...BODY_ERRORS, ...KEY_ERRORS, 422: 'The Idempotency-Key was used with a different request.' },
  },
  'GET /v1/notifications': {
    summary: 'Notification history', tag: 'Notifications', auth: true, description: 'The organization\'s broadcasts, newest first (always empty for a test key).',
    query: [limit, cursor],
    success: { 200: { description: 'A page of broadcasts.', schema: ref('BroadcastPage'), example: { notifications: [broadcast], nextCursor: null } } },
    errors: { 400: 'limit or cursor is invalid.', ...KEY_ERRORS },
  },
  'GET /v1/notifications/:id': {
    summary: 'One notification', tag: 'Notifications', auth: true, description: 'A broadcast with its progress.',
    success: { 200: { description: 'The broadcast.', schema: ref('Broadcast'), example: broadcast } },
    errors: { ...KEY_ERRORS, 404: 'Unknown id, or another organization\'s (every id with a test key).' },
  },
  'DELETE /v1/notifications/:id': {
    summary: 'Cancel a notification', tag: 'Notifications', auth: true, description: 'A scheduled broadcast never starts; a sending one starts no new page. Cancelling again answers the same.',
    success: { 200: { description: 'The cancelled broadcast.', schema: ref('Broadcast'), example: { ...broadcast, status: 'cancelled' } } },
    errors: { ...KEY_ERRORS, 404: 'Unknown id, or another organization\'s.', 409: 'The broadcast has already completed or failed.' },
  },
  'GET /v1/topics': {
    summary: 'Topics and their subscribers', tag: 'Audience', auth: true,
    description: 'The topics the organization\'s live subscribers follow, the most followed first, with how many follow each (kept as subscriptions change; nothing is counted per request).',
    success: { 200: { description: 'The topics.', schema: ref('TopicList'), example: [{ topic: 'sports', subscribers: 1200 }, { topic: 'politics', subscribers: 310 }] } },
    errors: { ...KEY_ERRORS },
  },
  'GET /v1/insights': {
    summary: 'The organization day by day', tag: 'Audience', auth: true,
    description:
      'One row per UTC day, oldest first, the last being today so far: live subscribers at the end of the day (per platform too), broadcasts that ended, pushes sent and failed (with reasons) and opens reported that day. ' +
      'Read from daily rollups, whatever the audience or the history. Test keys\' sends are in none of it.',
    query: [{ name: 'days', description: 'How many days, 1 to 366 (default 30).', schema: { type: 'integer', minimum: 1, maximum: 366 } }],
    success: {
      200: {
        description: 'The days.', schema: ref('Insights'),
        example: { days: [{ date: '2026-11-25', subscribers: 1510, subscribersByPlatform: { ios: 900, android: 500, web: 110 }, broadcasts: 2, sent: 3012, failed: 8, failures: { Unregistered: 8 }, opened: 420 }] },
      },
    },
    errors: { ...KEY_ERRORS, 400: 'days is not an integer from 1 to 366.' },
  },
  'POST /v1/webhooks': {
    summary: 'Register a webhook endpoint', tag: 'Webhooks', auth: true, description: 'The endpoint receives the chosen events, signed with its secret (Standard Webhooks).',
    body: { schema: ref('CreateWebhook'), example: { url: 'https://hooks.example.com/clarion', events: ['broadcast.completed'] } },
    success: { 201: { description: 'The endpoint with its secret, shown only here.', schema: ref('WebhookWithSecret'), example: webhook } },
    errors: { ...BODY_ERRORS, ...KEY_ERRORS },
  },
  'GET /v1/webhooks': {
    summary: 'List webhook endpoints', tag: 'Webhooks', auth: true, description: 'The organization\'s endpoints with their last delivery.',
    success: { 200: { description: 'The endpoints.', schema: ref('WebhookList') } },
    errors: { ...KEY_ERRORS },
  },
  'DELETE /v1/webhooks/:id': {
    summary: 'Delete a webhook endpoint', tag: 'Webhooks', auth: true, description: 'Deletes the endpoint; nothing more is sent to it.',
    success: { 204: { description: 'Deleted; no body.' } },
    errors: { ...KEY_ERRORS, 404: 'Unknown id, or another organization\'s.' },
  },
  'POST /v1/webhooks/:id/rotate-secret': {
    summary: 'New secret for a webhook endpoint', tag: 'Webhooks', auth: true, description: 'Replaces the signing secret; the new one is shown only in this answer.',
    success: { 200: { description: 'The endpoint with its new secret.', schema: ref('WebhookWithSecret'), example: webhook } },
    errors: { ...KEY_ERRORS, 404: 'Unknown id, or another organization\'s.' },
  },
  'POST /v1/identity/keys': {
    summary: 'Add an identity key', tag: 'Identity', auth: true,
    description:
      'Turns on verified user targeting: from now on a subscription with an externalId needs externalIdToken signed with one of the organization\'s keys, and target "users" reaches only subscriptions whose externalId a token proved. ' +
      'An empty body makes a P-256 pair and answers its private key once (Clarion keeps only the public key); a body {publicKey} (PEM or JWK) registers your own. At most 10 keys. Live keys only.',
    body: { schema: ref('CreateIdentityKey'), example: {}, optional: true },
    success: { 201: { description: 'The key; privateKey only when Clarion made the pair.', schema: ref('CreatedIdentityKey'), example: { ...identityKey, privateKey: '-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----\n' } } },
    errors: { ...BODY_ERRORS, ...KEY_ERRORS, 403: 'A test key.', 409: 'The public key is already registered, or the organization has 10 keys.' },
  },
  'GET /v1/identity/keys': {
    summary: 'List identity keys', tag: 'Identity', auth: true, description: 'The organization\'s identity keys (public keys only). Live keys only.',
    success: { 200: { description: 'The keys, oldest first.', schema: ref('IdentityKeyList'), example: { keys: [identityKey] } } },
    errors: { ...KEY_ERRORS, 403: 'A test key.' },
  },
  'DELETE /v1/identity/keys/:id': {
    summary: 'Delete an identity key', tag: 'Identity', auth: true,
    description: 'Its tokens are refused from now on and the subscriptions it proved are no longer reached by externalId. With no key left, externalIds are no longer verified. Live keys only.',
    success: { 204: { description: 'Deleted; no body.' } },
    errors: { ...KEY_ERRORS, 403: 'A test key.', 404: 'Unknown id, or another organization\'s.' },
  },
};
