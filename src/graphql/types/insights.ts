import { insights, type InsightsDay } from '../../domain/insights/service.ts';
import { recordOpen } from '../../domain/insights/opens.ts';
import { listTopics, type TopicCount } from '../../domain/insights/topics.ts';
import { builder } from '../builder.ts';
import { requireCaller, requireManaged } from '../caller.ts';
import { unwrap } from '../errors.ts';
import { SubscribersByPlatform } from './organization-admin.ts';

const TopicType = builder.objectRef<TopicCount>('Topic').implement({
  description: 'A topic the organization\'s subscribers follow, with how many live subscribers follow it.',
  fields: (t) => ({ topic: t.exposeString('topic'), subscribers: t.exposeInt('subscribers') }),
});

const InsightsDayType = builder.objectRef<InsightsDay>('InsightsDay').implement({
  description: 'One UTC day of an organization (today\'s so far). Test keys\' sends are in none of it.',
  fields: (t) => ({
    date: t.exposeString('date', { description: 'YYYY-MM-DD (UTC).' }),
    subscribers: t.exposeInt('subscribers', { description: 'Live subscribers at the end of the day (now, for today).' }),
    subscribersByPlatform: t.field({ type: SubscribersByPlatform, resolve: (day) => day.subscribersByPlatform }),
    broadcasts: t.exposeInt('broadcasts', { description: 'Broadcasts that ended that day (one cancelled before it sent anything is not counted).' }),
    sent: t.exposeInt('sent', { description: 'Pushes delivered that day.' }),
    failed: t.exposeInt('failed', { description: 'Pushes that failed that day.' }),
    failures: t.field({ type: 'JSON', description: 'The failed pushes by reason, e.g. {"Unregistered": 2}.', resolve: (day) => day.failures }),
    opened: t.exposeInt('opened', { description: 'Opens reported that day.' }),
  }),
});

const InsightsType = builder.objectRef<{ days: InsightsDay[] }>('Insights').implement({
  fields: (t) => ({ days: t.field({ type: [InsightsDayType], description: 'Oldest first; the last is today.', resolve: (insights) => insights.days }) }),
});

const DAYS_ARG = 'How many days, ending today: 1 to 366 (default 30).';

builder.queryFields((t) => ({
  topics: t.field({
    type: [TopicType],
    description: 'The API key\'s organization\'s topics with their live subscribers, the most followed first (GET /v1/topics).',
    resolve: async (_root, _args, ctx) => listTopics(ctx.sql, requireCaller(ctx).organizationId),
  }),
  insights: t.field({
    type: InsightsType,
    description: 'The API key\'s organization, day by day (GET /v1/insights).',
    args: { days: t.arg.int({ description: DAYS_ARG }) },
    resolve: async (_root, { days }, ctx) => unwrap(await insights(ctx.sql, requireCaller(ctx).organizationId, days)),
  }),
  organizationTopics: t.field({
    type: [TopicType],
    description: 'topics, for a member of the organization.',
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: async (_root, { organizationId }, ctx) => listTopics(ctx.sql, await requireManaged(ctx, organizationId)),
  }),
  organizationInsights: t.field({
    type: InsightsType,
    description: 'insights, for a member of the organization.',
    args: { organizationId: t.arg.id({ required: true }), days: t.arg.int({ description: DAYS_ARG }) },
    resolve: async (_root, { organizationId, days }, ctx) => unwrap(await insights(ctx.sql, await requireManaged(ctx, organizationId), days)),
  }),
}));

builder.mutationFields((t) => ({
  reportOpen: t.boolean({
    description:
      'A device\'s user opened a notification (POST /v1/devices/{deviceUuid}/opens). Counted once per device and notification; a repeat is true and not counted again. ' +
      'NOT_FOUND for an unknown device, and for a notification this device was not sent (it was not in its audience). Rate-limited per client IP (OPENS_PER_MINUTE).',
    args: { deviceUuid: t.arg.id({ required: true }), notificationId: t.arg.string({ required: true }) },
    resolve: async (_root, { deviceUuid, notificationId }, ctx) => unwrap(await recordOpen(ctx.sql, { deviceUuid: String(deviceUuid), notificationId })),
  }),
}));
