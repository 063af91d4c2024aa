import { subscribe, unsubscribe, type DeviceSubscription } from '../../domain/subscriptions/service.ts';
import { builder } from '../builder.ts';
import { unwrap } from '../errors.ts';

// Not named "Subscription": that name belongs to GraphQL's subscription root type.
const DeviceSubscriptionType = builder.objectRef<DeviceSubscription>('DeviceSubscription').implement({
  description: 'A device\'s subscription to an organization.',
  fields: (t) => ({
    orgSlug: t.exposeString('orgSlug'),
    externalId: t.exposeString('externalId', { nullable: true, description: 'The organization\'s identifier for this user, used to target them.' }),
    topics: t.exposeStringList('topics', { description: 'The topics it follows, sorted: a "topics" broadcast reaches it when it names one of them.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    created: t.exposeBoolean('created', { description: 'False when the device was already subscribed and externalId was replaced.' }),
  }),
});

builder.mutationFields((t) => ({
  subscribeDevice: t.field({
    type: DeviceSubscriptionType,
    description:
      'Subscribes a device to an organization (public or private). Subscribing again replaces externalId. ' +
      'An organization with subscribeRequiresInviteCode on needs its current inviteCode; without it, or with a wrong or old one, it answers NOT_FOUND as an unknown slug does. ' +
      'An organization with identity keys needs externalIdToken to accept an externalId.',
    args: {
      deviceUuid: t.arg.id({ required: true }),
      orgSlug: t.arg.string({ required: true }),
      externalId: t.arg.string(),
      topics: t.arg({
        type: 'JSON',
        description: 'The topics to follow, replacing those it has ([] clears them); absent or null keeps them. Each is 1 to 64 characters of A-Z a-z 0-9 _ . ~ -, case-sensitive; at most 32.',
      }),
      inviteCode: t.arg.string({ description: 'The organization\'s invite code; ignored by organizations that do not require it.' }),
      externalIdToken: t.arg.string({
        description:
          'With externalId, when the organization has identity keys: a JWT its server signed (ES256, kid = the key id, sub = externalId, aud = orgSlug, iat, exp at most 24 h later). ' +
          'Missing or invalid: INVALID_EXTERNAL_ID_TOKEN, and the subscription stays as it was. Ignored otherwise.',
      }),
    },
    resolve: (_root, { deviceUuid, orgSlug, externalId, inviteCode, externalIdToken, topics }, ctx) =>
      subscribe(ctx.sql, { deviceUuid: String(deviceUuid), orgSlug, externalId, inviteCode, externalIdToken, topics }).then(unwrap),
  }),
  unsubscribeDevice: t.boolean({
    description: 'Removes a device\'s subscription; NOT_FOUND when there is none.',
    args: { deviceUuid: t.arg.id({ required: true }), orgSlug: t.arg.string({ required: true }) },
    resolve: async (_root, { deviceUuid, orgSlug }, ctx) => unwrap(await unsubscribe(ctx.sql, { deviceUuid: String(deviceUuid), orgSlug })),
  }),
}));
