import { requireMember } from '../../domain/accounts/memberships.ts';
import { audienceSize, notify, senderOf } from '../../domain/broadcasts/service.ts';
import { cancelBroadcast, getBroadcast, listBroadcasts } from '../../domain/broadcasts/history.ts';
import type { BroadcastView } from '../../domain/broadcasts/view.ts';
import { builder } from '../builder.ts';
import { requireCaller, requireViewer } from '../caller.ts';
import type { Context } from '../context.ts';
import { unwrap } from '../errors.ts';

/** The organization id, once the signed-in user is known to manage it. */
async function managed(ctx: Context, organizationId: string | number) {
  unwrap(await requireMember(ctx.db, requireViewer(ctx).id, String(organizationId)));
  return String(organizationId);
}

const BroadcastApiKey = builder.objectRef<NonNullable<BroadcastView['apiKey']>>('BroadcastApiKey').implement({
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name'), displayPrefix: t.exposeString('displayPrefix') }),
});

const BroadcastError = builder.objectRef<NonNullable<BroadcastView['error']>>('BroadcastError').implement({
  description: 'Why a broadcast failed as a whole (per-device reasons are in failures).',
  fields: (t) => ({ code: t.exposeString('code'), message: t.exposeString('message') }),
});

const BroadcastTiming = builder.objectRef<BroadcastView['timing']>('BroadcastTiming').implement({
  fields: (t) => ({
    durationMs: t.exposeInt('durationMs', { nullable: true, description: 'From the request (or sendAt) to the last device; null until it has finished, and for a cancelled one.' }),
  }),
});

const PlatformCounts = builder.objectRef<{ sent: number; failed: number }>('PlatformCounts').implement({
  fields: (t) => ({ sent: t.exposeInt('sent'), failed: t.exposeInt('failed') }),
});

const ByPlatform = builder.objectRef<BroadcastView['byPlatform']>('BroadcastByPlatform').implement({
  description: 'Sent and failed per platform: iOS (APNs), Android (FCM), browsers (Web Push).',
  fields: (t) => ({
    ios: t.field({ type: PlatformCounts, resolve: (b) => b.ios }),
    android: t.field({ type: PlatformCounts, resolve: (b) => b.android }),
    web: t.field({ type: PlatformCounts, resolve: (b) => b.web }),
  }),
});

export const BroadcastType = builder.objectRef<BroadcastView>('Broadcast').implement({
  description: 'One POST /v1/notify: a broadcast to every matched device (a test key\'s reaches at most one and has no id).',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: true }),
    status: t.exposeString('status', { description: 'scheduled, sending, completed, failed or cancelled.' }),
    test: t.exposeBoolean('test'),
    target: t.exposeString('target', { description: '"all", "users" or "topics".' }),
    externalIds: t.exposeStringList('externalIds', { nullable: true }),
    topics: t.exposeStringList('topics', { nullable: true, description: 'Target "topics": the topics whose subscribers it reaches (any of them).' }),
    body: t.exposeString('body'),
    title: t.exposeString('title', { nullable: true }),
    languages: t.exposeStringList('languages', { description: 'The languages it has texts for (localized), besides its own.' }),
    recipients: t.exposeInt('recipients', { description: 'Devices matched when the broadcast started.' }),
    sent: t.exposeInt('sent'),
    failed: t.exposeInt('failed'),
    failures: t.field({ type: 'JSON', description: 'Failure counts by the push service\'s reason, e.g. {"Unregistered": 2, "UNREGISTERED": 1, "Gone": 1}.', resolve: (b) => b.failures }),
    byPlatform: t.field({ type: ByPlatform, resolve: (b) => b.byPlatform }),
    opened: t.exposeInt('opened', { description: 'Devices that reported opening it (POST /v1/devices/{deviceUuid}/opens), each once.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    sendAt: t.expose('sendAt', { type: 'DateTime', nullable: true, description: 'When a scheduled broadcast starts sending; null when it was sent at once.' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true, description: 'When it completed, failed or was cancelled.' }),
    error: t.field({ type: BroadcastError, nullable: true, resolve: (b) => b.error }),
    waitingForApnsSince: t.expose('waitingForApnsSince', {
      type: 'DateTime',
      nullable: true,
      description: 'While sending: since when APNs has not been answering (an outage); its pushes wait and are retried for APNS_RETRY_WINDOW. Null otherwise.',
    }),
    timing: t.field({ type: BroadcastTiming, resolve: (b) => b.timing }),
    apiKey: t.field({ type: BroadcastApiKey, nullable: true, description: 'The key that sent it; null when a member sent it from the dashboard.', resolve: (b) => b.apiKey }),
  }),
});

const BroadcastPage = builder.objectRef<{ notifications: BroadcastView[]; nextCursor: string | null }>('BroadcastPage').implement({
  fields: (t) => ({
    notifications: t.field({ type: [BroadcastType], resolve: (page) => page.notifications }),
    nextCursor: t.exposeString('nextCursor', { nullable: true }),
  }),
});

builder.mutationFields((t) => ({
  notify: t.field({
    type: BroadcastType,
    description: 'Broadcasts a notification to the API key\'s organization (see docs/rest-api.md: POST /v1/notify). Rate-limited per API key.',
    args: { input: t.arg({ type: 'JSON', required: true }), idempotencyKey: t.arg.string() },
    resolve: async (_root, { input, idempotencyKey }, ctx) => unwrap(await notify(ctx.notifications, senderOf(requireCaller(ctx)), input, idempotencyKey)),
  }),
  cancelNotification: t.field({
    type: BroadcastType,
    description:
      'Cancels a scheduled or sending broadcast of the API key\'s organization (DELETE /v1/notifications/{id}): a scheduled one never starts, a sending one starts no new page. Cancelling again answers the same; a finished one is a CONFLICT.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => unwrap(await cancelBroadcast(ctx.notifications, requireCaller(ctx).organizationId, String(id), senderOf(requireCaller(ctx)).test)),
  }),
}));

builder.queryFields((t) => ({
  notifications: t.field({
    type: BroadcastPage,
    description: 'The API key\'s organization\'s broadcasts, newest first.',
    args: { limit: t.arg.int(), cursor: t.arg.string() },
    resolve: async (_root, args, ctx) => unwrap(await listBroadcasts(ctx.db, requireCaller(ctx).organizationId, args, senderOf(requireCaller(ctx)).test)),
  }),
  notification: t.field({
    type: BroadcastType,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => unwrap(await getBroadcast(ctx.sql, requireCaller(ctx).organizationId, String(id), senderOf(requireCaller(ctx)).test)),
  }),
}));

// The dashboard's counterparts: the same rules, for a signed-in member instead of an API key.
builder.mutationFields((t) => ({
  sendNotification: t.field({
    type: BroadcastType,
    description:
      'The composer: the same request as notify, sent by a member. test: true sends to at most one device and records nothing, as a test key does. Rate-limited per user like notify per key.',
    args: { organizationId: t.arg.id({ required: true }), input: t.arg({ type: 'JSON', required: true }), test: t.arg.boolean({ required: true }), idempotencyKey: t.arg.string() },
    resolve: async (_root, { organizationId, input, test, idempotencyKey }, ctx) =>
      unwrap(await notify(ctx.notifications, { organizationId: await managed(ctx, organizationId), apiKey: null, test }, input, idempotencyKey)),
  }),
  cancelOrganizationNotification: t.field({
    type: BroadcastType,
    description: 'The history\'s Cancel button: cancelNotification, for a member.',
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: async (_root, { organizationId, id }, ctx) => unwrap(await cancelBroadcast(ctx.notifications, await managed(ctx, organizationId), String(id))),
  }),
}));

builder.queryFields((t) => ({
  audienceSize: t.int({
    description: 'How many devices a notify request would reach now (the composer confirms this before a live send).',
    args: { organizationId: t.arg.id({ required: true }), input: t.arg({ type: 'JSON', required: true }) },
    resolve: async (_root, { organizationId, input }, ctx) => unwrap(await audienceSize(ctx.sql, await managed(ctx, organizationId), input)),
  }),
  organizationNotifications: t.field({
    type: BroadcastPage,
    description: 'An organization\'s broadcasts, newest first, for its members.',
    args: { organizationId: t.arg.id({ required: true }), limit: t.arg.int(), cursor: t.arg.string() },
    resolve: async (_root, { organizationId, ...page }, ctx) => unwrap(await listBroadcasts(ctx.db, await managed(ctx, organizationId), page)),
  }),
  organizationNotification: t.field({
    type: BroadcastType,
    nullable: true,
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: async (_root, { organizationId, id }, ctx) => unwrap(await getBroadcast(ctx.sql, await managed(ctx, organizationId), String(id))),
  }),
}));
