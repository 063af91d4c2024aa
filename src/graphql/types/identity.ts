// Verified user targeting: an API key's (live only) and a dashboard member's identity keys. Thin: the rules
// live in src/domain/identity.
import { createIdentityKey, deleteIdentityKey, listIdentityKeys, type CreatedIdentityKey, type IdentityDeps, type IdentityKeyView } from '../../domain/identity/keys.ts';
import { builder } from '../builder.ts';
import { requireLiveOrganization, requireManaged, viewerRole } from '../caller.ts';
import type { Context } from '../context.ts';
import { unwrap } from '../errors.ts';

const deps = (ctx: Context): IdentityDeps => ({ db: ctx.db, database: ctx.notifications.database });

/** The live key's organization: a test key may not change who can be targeted. */
const liveOrganization = (ctx: Context) => requireLiveOrganization(ctx, 'identity keys are managed with a live key');
const managed = requireManaged;

export const IdentityKeyType = builder.objectRef<IdentityKeyView>('IdentityKey').implement({
  description: 'A public key whose private half signs externalIdToken for subscriptions (verified user targeting). Clarion keeps public keys only.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The kid to put in a token\'s header.' }),
    algorithm: t.exposeString('algorithm', { description: 'Always ES256 (P-256).' }),
    publicKey: t.exposeString('publicKey', { description: 'SPKI PEM.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const CreatedIdentityKeyType = builder.objectRef<CreatedIdentityKey>('CreatedIdentityKey').implement({
  fields: (t) => ({
    key: t.field({ type: IdentityKeyType, resolve: (created) => created.key }),
    privateKey: t.exposeString('privateKey', {
      nullable: true,
      description: 'PKCS#8 PEM of a pair Clarion made, shown only in this answer and never stored; null when you registered your own public key.',
    }),
  }),
});

const publicKeyArg = (t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]) =>
  t.arg.string({ description: 'Your own P-256 public key, as PEM or JWK (JSON text). Omit it to have Clarion make a pair.' });

builder.queryFields((t) => ({
  identityKeys: t.field({
    type: [IdentityKeyType],
    description: 'The live key\'s organization\'s identity keys (GET /v1/identity/keys).',
    resolve: (_root, _args, ctx) => listIdentityKeys(ctx.db, liveOrganization(ctx)),
  }),
}));

builder.mutationFields((t) => ({
  createIdentityKey: t.field({
    type: CreatedIdentityKeyType,
    description:
      'Adds an identity key (POST /v1/identity/keys); at most 10. From then on, subscribing to the organization with an externalId needs externalIdToken, ' +
      'and targeting by externalId reaches only subscriptions whose externalId a token proved.',
    args: { publicKey: publicKeyArg(t) },
    resolve: async (_root, { publicKey }, ctx) => unwrap(await createIdentityKey(deps(ctx), liveOrganization(ctx), publicKey)),
  }),
  deleteIdentityKey: t.boolean({
    description: 'Deletes a key: its tokens are no longer accepted and the subscriptions it proved are no longer reached by externalId. With no key left, externalIds are not verified.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => unwrap(await deleteIdentityKey(ctx.db, liveOrganization(ctx), String(id))),
  }),
}));

// The dashboard's counterparts, for a signed-in member.
builder.prismaObjectFields('Organization', (t) => ({
  identityKeys: t.field({
    type: [IdentityKeyType],
    nullable: true,
    description: 'The identity keys (verified user targeting). Members only; null for everyone else.',
    resolve: async (organization, _args, ctx) => ((await viewerRole(ctx, organization.id)) ? listIdentityKeys(ctx.db, organization.id) : null),
  }),
}));

builder.mutationFields((t) => ({
  createOrganizationIdentityKey: t.field({
    type: CreatedIdentityKeyType,
    args: { organizationId: t.arg.id({ required: true }), publicKey: publicKeyArg(t) },
    resolve: async (_root, { organizationId, publicKey }, ctx) => unwrap(await createIdentityKey(deps(ctx), await managed(ctx, organizationId), publicKey)),
  }),
  deleteOrganizationIdentityKey: t.boolean({
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: async (_root, { organizationId, id }, ctx) => unwrap(await deleteIdentityKey(ctx.db, await managed(ctx, organizationId), String(id))),
  }),
}));
