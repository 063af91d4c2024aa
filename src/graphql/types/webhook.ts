// Webhooks: an API key's (live only) and a dashboard member's endpoints, and their deliveries. Thin: the rules
// live in src/domain/webhooks.
import { createEndpoint, deleteEndpoint, enableEndpoint, listEndpoints, rotateSecret, type CreatedWebhook, type WebhookDeps, type WebhookView } from '../../domain/webhooks/endpoints.ts';
import { deliveriesOf, lastDelivery, sendTestEvent, type DeliveryView } from '../../domain/webhooks/deliveries.ts';
import { builder } from '../builder.ts';
import { requireLiveOrganization, requireManaged, viewerRole } from '../caller.ts';
import type { Context } from '../context.ts';
import { unwrap } from '../errors.ts';

const deps = (ctx: Context): WebhookDeps => ({ db: ctx.db, database: ctx.notifications.database, boss: ctx.notifications.boss, settings: ctx.webhooks });

/** The live key's organization. A test key records nothing, so it has no events to deliver and no endpoints. */
const liveOrganization = (ctx: Context) => requireLiveOrganization(ctx, 'webhooks are managed with a live key; a test key records nothing and has no events to deliver');
const managed = requireManaged;

export const WebhookDeliveryType = builder.objectRef<DeliveryView>('WebhookDelivery').implement({
  description: 'One event sent to one endpoint, with its attempts.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The webhook-id header (msg_...), the same on every attempt.' }),
    event: t.exposeString('event', { description: 'The event type, or "webhook.test" for the dashboard\'s test event.' }),
    status: t.exposeString('status', { description: 'pending, retrying, delivered or failed (gave up after 24 hours, or its endpoint was disabled).' }),
    attempts: t.exposeInt('attempts'),
    statusCode: t.exposeInt('statusCode', { nullable: true, description: 'The last answer\'s HTTP status; null when there was none.' }),
    error: t.exposeString('error', { nullable: true, description: 'What went wrong last (timeout, connection refused, refused address, HTTP 500...); null once delivered.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastAttemptAt: t.expose('lastAttemptAt', { type: 'DateTime', nullable: true }),
    nextAttemptAt: t.expose('nextAttemptAt', { type: 'DateTime', nullable: true, description: 'When the next retry is due; null when none is.' }),
    deliveredAt: t.expose('deliveredAt', { type: 'DateTime', nullable: true }),
  }),
});

export const WebhookType = builder.objectRef<WebhookView>('Webhook').implement({
  description: 'An endpoint that receives the organization\'s events, signed per Standard Webhooks. Its secret is never shown again.',
  fields: (t) => ({
    id: t.exposeID('id'),
    url: t.exposeString('url'),
    events: t.exposeStringList('events', { description: 'Of broadcast.completed, broadcast.failed, broadcast.cancelled and devices.unregistered.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    disabledAt: t.expose('disabledAt', { type: 'DateTime', nullable: true, description: 'Set when its deliveries kept failing for 24 hours; null while enabled.' }),
    disabledReason: t.exposeString('disabledReason', { nullable: true }),
    lastDelivery: t.field({ type: WebhookDeliveryType, nullable: true, resolve: (webhook, _args, ctx) => lastDelivery(ctx.db, webhook.id) }),
    deliveries: t.field({
      type: [WebhookDeliveryType],
      description: 'Newest first, at most 100.',
      args: { limit: t.arg.int({ defaultValue: 20 }) },
      resolve: async (webhook, { limit }, ctx) => unwrap(await deliveriesOf(ctx.db, webhook.id, limit ?? 20)),
    }),
  }),
});

const CreatedWebhookType = builder.objectRef<CreatedWebhook>('CreatedWebhook').implement({
  fields: (t) => ({
    webhook: t.field({ type: WebhookType, resolve: (created) => created.webhook }),
    secret: t.exposeString('secret', { description: 'whsec_ and the base64 of 24 random bytes, to verify signatures with: shown only here.' }),
  }),
});

type FieldBuilder = Parameters<Parameters<typeof builder.mutationFields>[0]>[0];

const endpointArgs = (t: FieldBuilder) => ({ url: t.arg.string({ required: true }), events: t.arg.stringList({ required: true }) });

builder.queryFields((t) => ({
  webhooks: t.field({
    type: [WebhookType],
    description: 'The live key\'s organization\'s webhook endpoints (GET /v1/webhooks).',
    resolve: (_root, _args, ctx) => listEndpoints(ctx.db, liveOrganization(ctx)),
  }),
}));

builder.mutationFields((t) => ({
  createWebhook: t.field({
    type: CreatedWebhookType,
    description: 'Registers an endpoint for the live key\'s organization (POST /v1/webhooks); at most 10 per organization.',
    args: endpointArgs(t),
    resolve: async (_root, input, ctx) => unwrap(await createEndpoint(deps(ctx), liveOrganization(ctx), input)),
  }),
  deleteWebhook: t.boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => unwrap(await deleteEndpoint(ctx.db, liveOrganization(ctx), String(id))),
  }),
  rotateWebhookSecret: t.field({
    type: CreatedWebhookType,
    description: 'A new secret, in effect at once: every later attempt is signed with it alone.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => unwrap(await rotateSecret(deps(ctx), liveOrganization(ctx), String(id))),
  }),
}));

// The dashboard's counterparts, for a signed-in member.
builder.prismaObjectFields('Organization', (t) => ({
  webhooks: t.field({
    type: [WebhookType],
    nullable: true,
    description: 'The webhook endpoints. Members only; null for everyone else.',
    resolve: async (organization, _args, ctx) => ((await viewerRole(ctx, organization.id)) ? listEndpoints(ctx.db, organization.id) : null),
  }),
}));

const memberArgs = (t: FieldBuilder) => ({ organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) });

builder.mutationFields((t) => ({
  createOrganizationWebhook: t.field({
    type: CreatedWebhookType,
    args: { organizationId: t.arg.id({ required: true }), ...endpointArgs(t) },
    resolve: async (_root, { organizationId, ...input }, ctx) => unwrap(await createEndpoint(deps(ctx), await managed(ctx, organizationId), input)),
  }),
  deleteOrganizationWebhook: t.boolean({
    args: memberArgs(t),
    resolve: async (_root, { organizationId, id }, ctx) => unwrap(await deleteEndpoint(ctx.db, await managed(ctx, organizationId), String(id))),
  }),
  rotateOrganizationWebhookSecret: t.field({
    type: CreatedWebhookType,
    args: memberArgs(t),
    resolve: async (_root, { organizationId, id }, ctx) => unwrap(await rotateSecret(deps(ctx), await managed(ctx, organizationId), String(id))),
  }),
  enableOrganizationWebhook: t.field({
    type: WebhookType,
    description: 'Re-enables an endpoint that was disabled after its deliveries kept failing.',
    args: memberArgs(t),
    resolve: async (_root, { organizationId, id }, ctx) => unwrap(await enableEndpoint(deps(ctx), await managed(ctx, organizationId), String(id))),
  }),
  sendOrganizationWebhookTest: t.field({
    type: WebhookDeliveryType,
    description: 'Queues a "webhook.test" event to this endpoint only.',
    args: memberArgs(t),
    resolve: async (_root, { organizationId, id }, ctx) => unwrap(await sendTestEvent(deps(ctx), await managed(ctx, organizationId), String(id))),
  }),
}));
