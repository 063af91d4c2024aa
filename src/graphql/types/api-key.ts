import { createApiKeyAsMember, listApiKeysAsMember, revokeApiKeyAsMember, type ApiKeyView } from '../../domain/api-keys/service.ts';
import { builder } from '../builder.ts';
import { requireViewer } from '../caller.ts';
import { unwrap } from '../errors.ts';

export const ApiKeyType = builder.objectRef<ApiKeyView>('ApiKey').implement({
  description: 'An organization\'s API key, without its secret.',
  fields: (t) => ({
    id: t.exposeID('id'),
    organizationId: t.exposeID('organizationId'),
    kind: t.exposeString('kind', { description: 'live or test.' }),
    name: t.exposeString('name'),
    displayPrefix: t.exposeString('displayPrefix'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
  }),
});

const CreatedApiKey = builder.objectRef<{ key: string; apiKey: ApiKeyView }>('CreatedApiKey').implement({
  fields: (t) => ({
    key: t.exposeString('key', { description: 'The key itself: shown this once; only its hash is kept.' }),
    apiKey: t.field({ type: ApiKeyType, resolve: (created) => created.apiKey }),
  }),
});

builder.queryFields((t) => ({
  apiKeys: t.field({
    type: [ApiKeyType],
    description: 'An organization\'s keys, for its members (dashboard session).',
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: async (_root, { organizationId }, ctx) => unwrap(await listApiKeysAsMember(ctx.db, requireViewer(ctx).id, String(organizationId))),
  }),
}));

builder.mutationFields((t) => ({
  createApiKey: t.field({
    type: CreatedApiKey,
    description: 'Makes a live or test key for an organization the signed-in user belongs to.',
    args: { organizationId: t.arg.id({ required: true }), kind: t.arg.string({ required: true }), name: t.arg.string() },
    resolve: async (_root, { organizationId, kind, name }, ctx) =>
      unwrap(await createApiKeyAsMember(ctx.db, requireViewer(ctx).id, { organizationId: String(organizationId), kind, name })),
  }),
  revokeApiKey: t.field({
    type: ApiKeyType,
    description: 'Revokes a key; /v1/notify refuses it from the next request on.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => unwrap(await revokeApiKeyAsMember(ctx.db, requireViewer(ctx).id, String(id))),
  }),
}));
