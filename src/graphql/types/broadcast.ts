import { getBroadcast, listBroadcasts, notify, type BroadcastView } from '../../domain/broadcasts/service.ts';
import { builder } from '../builder.ts';
import { requireCaller } from '../caller.ts';
import { unwrap } from '../errors.ts';

const BroadcastApiKey = builder.objectRef<NonNullable<BroadcastView['apiKey']>>('BroadcastApiKey').implement({
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name'), displayPrefix: t.exposeString('displayPrefix') }),
});

const BroadcastTiming = builder.objectRef<BroadcastView['timing']>('BroadcastTiming').implement({
  fields: (t) => ({ durationMs: t.exposeInt('durationMs', { nullable: true, description: 'From the request to the last device; null while sending.' }) }),
});

export const BroadcastType = builder.objectRef<BroadcastView>('Broadcast').implement({
  description: 'One POST /v1/notify: a broadcast to every matched device (a test key\'s reaches at most one and has no id).',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: true }),
    status: t.exposeString('status', { description: 'sending, completed or failed.' }),
    test: t.exposeBoolean('test'),
    target: t.exposeString('target'),
    externalIds: t.exposeStringList('externalIds', { nullable: true }),
    body: t.exposeString('body'),
    title: t.exposeString('title', { nullable: true }),
    recipients: t.exposeInt('recipients', { description: 'Devices matched when the broadcast started.' }),
    sent: t.exposeInt('sent'),
    failed: t.exposeInt('failed'),
    failures: t.field({ type: 'JSON', description: 'Failure counts by APNs reason, e.g. {"Unregistered": 2}.', resolve: (b) => b.failures }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
    timing: t.field({ type: BroadcastTiming, resolve: (b) => b.timing }),
    apiKey: t.field({ type: BroadcastApiKey, nullable: true, resolve: (b) => b.apiKey }),
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
    description: 'Broadcasts a notification to the API key\'s organization (see README: POST /v1/notify). Rate-limited per API key.',
    args: { input: t.arg({ type: 'JSON', required: true }), idempotencyKey: t.arg.string() },
    resolve: async (_root, { input, idempotencyKey }, ctx) => unwrap(await notify(ctx.notifications, requireCaller(ctx), input, idempotencyKey)),
  }),
}));

builder.queryFields((t) => ({
  notifications: t.field({
    type: BroadcastPage,
    description: 'The API key\'s organization\'s broadcasts, newest first.',
    args: { limit: t.arg.int(), cursor: t.arg.string() },
    resolve: async (_root, args, ctx) => unwrap(await listBroadcasts(ctx.db, requireCaller(ctx), args)),
  }),
  notification: t.field({
    type: BroadcastType,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => unwrap(await getBroadcast(ctx.db, requireCaller(ctx), String(id))),
  }),
}));
