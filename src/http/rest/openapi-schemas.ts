// JSON Schemas (2020-12, as OpenAPI 3.1 uses) of the /v1 bodies: components of /v1/openapi.json.
// Answers are closed (additionalProperties: false), so a field added to an answer without its schema fails the
// live checks in test/openapi.test.ts.
const str = { type: 'string' } as const;
const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const closed = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({ type: 'object', additionalProperties: false, required, properties });
const dateTime = { type: 'string', format: 'date-time' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const locale = { type: 'string', maxLength: 35, description: 'A BCP 47 language tag, e.g. "fr-CA" (kept in canonical form).' } as const;
const topic = { type: 'string', pattern: '^[A-Za-z0-9_.~-]{1,64}$' } as const;
const localizedText = closed({ body: { type: 'string', minLength: 1, maxLength: 4096 }, title: { type: 'string', maxLength: 256 }, subtitle: { type: 'string', maxLength: 256 } }, ['body']);

export { ref };

export const schemas: Record<string, Record<string, unknown>> = {
  Error: closed({
    error: closed(
      {
        code: { type: 'string', enum: ['VALIDATION_FAILED', 'INVALID_JSON', 'QUERY_TOO_COMPLEX', 'UNAUTHENTICATED', 'INVALID_EXTERNAL_ID_TOKEN', 'FORBIDDEN', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'UNPROCESSABLE', 'RATE_LIMITED', 'INTERNAL', 'UNAVAILABLE'] },
        message: str,
        field: { type: 'string', description: 'The request field at fault (validation errors).' },
      },
      ['code', 'message'],
    ),
  }),
  RegisterDevice: {
    description: 'One of three shapes, by platform: ios with apnsToken, android with fcmToken, web with webPush.',
    oneOf: [
      closed({ platform: { const: 'ios' }, apnsToken: { type: 'string', pattern: '^[0-9a-fA-F]{64,200}$', description: 'The APNs device token, hex.' }, locale }, ['platform', 'apnsToken']),
      closed(
        { platform: { const: 'android' }, fcmToken: { type: 'string', minLength: 1, maxLength: 1024, pattern: '^[!-~]+$', description: 'The FCM registration token the app got from Firebase.' }, locale },
        ['platform', 'fcmToken'],
      ),
      closed({ platform: { const: 'web' }, webPush: ref('WebPushSubscription'), locale }, ['platform', 'webPush']),
    ],
  },
  WebPushSubscription: {
    ...closed({
      endpoint: { type: 'string', format: 'uri', maxLength: 2048, description: 'https, on a push service host (WEB_PUSH_HOSTS), never a private, loopback or link-local address.' },
      keys: closed({
        p256dh: { type: 'string', description: 'base64url of the browser\'s 65-byte uncompressed P-256 public key.' },
        auth: { type: 'string', description: 'base64url of the 16-byte authentication secret.' },
      }),
    }),
    description: 'The PushSubscription a browser gives the web app (subscription.toJSON(); expirationTime may be left in).',
    additionalProperties: true,
  },
  PlatformCounts: closed({ sent: count, failed: count }),
  VapidPublicKey: closed({ publicKey: { type: 'string', description: 'base64url of the 65-byte uncompressed P-256 point: pushManager.subscribe({applicationServerKey}).' } }),
  Device: closed({ deviceUuid: { type: 'string', format: 'uuid' } }),
  UpdateDevice: closed({ locale: { type: ['string', 'null'], maxLength: 35, description: 'A BCP 47 language tag, or null to remove it.' } }),
  DeviceDetails: closed({ deviceUuid: { type: 'string', format: 'uuid' }, platform: { type: 'string', enum: ['ios', 'android', 'web'] }, locale: nullable('string') }),
  ReportOpen: closed({ notificationId: { type: 'string', format: 'uuid', description: 'The id POST /v1/notify answered (the app puts it in the push\'s data to know it).' } }),
  Topic: closed({ topic: str, subscribers: count }),
  TopicList: { type: 'array', items: ref('Topic') },
  Insights: closed({
    days: {
      type: 'array',
      items: closed({
        date: { type: 'string', format: 'date' },
        subscribers: count,
        subscribersByPlatform: closed({ ios: count, android: count, web: count }),
        broadcasts: count,
        sent: count,
        failed: count,
        failures: { type: 'object', additionalProperties: count },
        opened: count,
      }),
    },
  }),
  Subscribe: closed(
    {
      orgSlug: str,
      externalId: { type: 'string', description: 'Your identifier of the user; lets the organization target them with target "users".' },
      inviteCode: { type: 'string', description: 'The organization\'s current invite code; required when the organization is invite-only (a missing or wrong code answers 404).' },
      externalIdToken: {
        type: 'string',
        description: 'With externalId, when the organization has identity keys: a JWT its server signed with ES256 (header kid = the key id; claims sub = externalId, aud = orgSlug, iat, exp at most 24 hours after iat). Ignored otherwise.',
      },
      topics: { type: 'array', maxItems: 32, items: topic, description: 'Replaces the topics followed ([] clears them); absent keeps them. Case-sensitive; repeats collapse.' },
    },
    ['orgSlug'],
  ),
  Subscription: closed({ orgSlug: str, externalId: nullable('string'), topics: { type: 'array', items: str }, createdAt: dateTime, updatedAt: dateTime }),
  Organization: closed({
    id: str, name: str, slug: str, logoUrl: nullable('string'), brandColor: nullable('string'), description: nullable('string'), subscriberCount: count,
  }),
  OrganizationPage: closed({ organizations: { type: 'array', items: ref('Organization') }, nextCursor: nullable('string') }),
  Notify: {
    type: 'object',
    additionalProperties: false,
    required: ['body', 'target'],
    properties: {
      body: { type: 'string', minLength: 1, maxLength: 4096 },
      target: { type: 'string', enum: ['all', 'users', 'topics'] },
      externalIds: { type: 'array', minItems: 1, maxItems: 1000, items: str, description: 'With target "users": the subscriptions\' externalIds to reach.' },
      topics: { type: 'array', minItems: 1, maxItems: 32, items: topic, description: 'With target "topics": subscribers following at least one of them.' },
      localized: {
        type: 'object', maxProperties: 50, additionalProperties: localizedText,
        description: 'Texts by BCP 47 tag ({"fr": {"title", "body"}}): each device gets the one closest to its locale (fr-CA -> fr), else title, subtitle and body.',
      },
      title: { type: 'string', maxLength: 256 },
      subtitle: { type: 'string', maxLength: 256 },
      sound: { type: 'string', maxLength: 256 },
      threadId: { type: 'string', maxLength: 256 },
      category: { type: 'string', maxLength: 256 },
      badge: { type: 'integer', minimum: 0, maximum: 2147483647 },
      data: { type: 'object', description: 'Delivered beside aps; may not contain aps.' },
      collapseId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[!-~]+$' },
      interruptionLevel: { type: 'string', enum: ['passive', 'active', 'time-sensitive', 'critical'] },
      relevanceScore: { type: 'number', minimum: 0, maximum: 1 },
      expiration: { type: 'integer', minimum: 0, maximum: 4294967295 },
      priority: { type: 'integer', enum: [5, 10] },
      pushType: { type: 'string', enum: ['alert', 'background'] },
      mutableContent: { type: 'boolean' },
      sendAt: { type: 'string', format: 'date-time', description: 'Schedule the broadcast (at most 30 days ahead; not with a test key).' },
    },
  },
  Broadcast: closed({
    id: nullable('string', { description: 'null for a test key\'s send, which is not stored.' }),
    status: { type: 'string', enum: ['scheduled', 'sending', 'completed', 'failed', 'cancelled'] },
    test: { type: 'boolean' },
    target: str,
    externalIds: { type: ['array', 'null'], items: str },
    topics: { type: ['array', 'null'], items: str },
    body: str,
    title: nullable('string'),
    languages: { type: 'array', items: str, description: 'The tags of its localized texts.' },
    recipients: count,
    sent: count,
    failed: count,
    failures: {
      type: 'object', additionalProperties: count,
      description: 'Failed pushes by the push service\'s reason (APNs: Unregistered, BadDeviceToken; FCM: UNREGISTERED, INVALID_ARGUMENT; Web Push: Gone, NotFound), or "ambiguous": sent twice and never answered, so it may or may not have arrived.',
    },
    byPlatform: closed({ ios: ref('PlatformCounts'), android: ref('PlatformCounts'), web: ref('PlatformCounts') }),
    opened: { ...count, description: 'Devices that reported opening it, each once.' },
    createdAt: nullable('string', { format: 'date-time' }),
    sendAt: nullable('string', { format: 'date-time' }),
    finishedAt: nullable('string', { format: 'date-time' }),
    error: { oneOf: [{ type: 'null' }, closed({ code: str, message: str })] },
    waitingForApnsSince: nullable('string', { format: 'date-time' }),
    timing: { oneOf: [{ type: 'null' }, closed({ durationMs: nullable('integer') })] },
    apiKey: { oneOf: [{ type: 'null' }, closed({ id: str, name: nullable('string'), displayPrefix: str })] },
  }),
  BroadcastPage: closed({ notifications: { type: 'array', items: ref('Broadcast') }, nextCursor: nullable('string') }),
  CreateWebhook: closed({
    url: { type: 'string', format: 'uri', description: 'An https address on a public network (WEBHOOKS_ALLOW_PRIVATE=on allows others).' },
    events: { type: 'array', minItems: 1, items: { type: 'string', enum: ['broadcast.completed', 'broadcast.failed', 'broadcast.cancelled', 'devices.unregistered'] } },
  }),
  WebhookWithSecret: closed({ id: str, url: str, events: { type: 'array', items: str }, secret: { type: 'string', description: 'Shown only in this answer.' }, createdAt: dateTime }),
  WebhookDelivery: closed({
    id: str, event: str, status: str, attempts: count, statusCode: nullable('integer'), error: nullable('string'),
    createdAt: dateTime, lastAttemptAt: nullable('string', { format: 'date-time' }), nextAttemptAt: nullable('string', { format: 'date-time' }), deliveredAt: nullable('string', { format: 'date-time' }),
  }),
  Webhook: closed({
    id: str, url: str, events: { type: 'array', items: str }, createdAt: dateTime, disabledAt: nullable('string', { format: 'date-time' }), disabledReason: nullable('string'),
    lastDelivery: { oneOf: [{ type: 'null' }, ref('WebhookDelivery')] },
  }),
  WebhookList: closed({ webhooks: { type: 'array', items: ref('Webhook') } }),
  CreateIdentityKey: {
    type: 'object',
    additionalProperties: false,
    properties: {
      publicKey: {
        description: 'Your own P-256 public key: SPKI PEM text, or a JWK object {kty: "EC", crv: "P-256", x, y}. Leave the body empty to have Clarion make a pair.',
        oneOf: [{ type: 'string' }, { type: 'object' }],
      },
    },
  },
  IdentityKey: closed({ id: { type: 'string', format: 'uuid', description: 'The kid of the tokens it signs.' }, algorithm: { type: 'string', enum: ['ES256'] }, publicKey: { type: 'string', description: 'SPKI PEM.' }, createdAt: dateTime }),
  CreatedIdentityKey: closed(
    {
      id: { type: 'string', format: 'uuid' }, algorithm: { type: 'string', enum: ['ES256'] }, publicKey: str, createdAt: dateTime,
      privateKey: { type: 'string', description: 'PKCS#8 PEM, only when Clarion made the pair: shown only in this answer, never stored.' },
    },
    ['id', 'algorithm', 'publicKey', 'createdAt'],
  ),
  IdentityKeyList: closed({ keys: { type: 'array', items: ref('IdentityKey') } }),
};
