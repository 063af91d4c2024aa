import { requireMember } from '../domain/accounts/memberships.ts';
import type { Caller } from '../domain/api-keys/service.ts';
import type { Role } from '../generated/prisma/enums.ts';
import type { Context } from './context.ts';
import { unwrap } from './errors.ts';

/** The API key's organization, or the UNAUTHENTICATED error (401 on REST). */
export function requireCaller(ctx: Context): Caller {
  return unwrap(ctx.caller ?? { ok: false, error: { code: 'UNAUTHENTICATED', message: 'an API key is required: Authorization: Bearer <API key>' } });
}

/** The signed-in dashboard user, or UNAUTHENTICATED. API keys do not open the dashboard's operations. */
export function requireViewer(ctx: Context) {
  if (!ctx.viewer) unwrap({ ok: false, error: { code: 'UNAUTHENTICATED', message: 'sign in first' } });
  return ctx.viewer!;
}

/** The API key's organization, for what only a live key may do (a test key records nothing): FORBIDDEN saying `why`. */
export function requireLiveOrganization(ctx: Context, why: string): string {
  const caller = requireCaller(ctx);
  if (caller.apiKey.kind === 'test') unwrap({ ok: false, error: { code: 'FORBIDDEN', message: why } });
  return caller.organizationId;
}

/** The organization's id, once the signed-in user is known to be its owner or admin (NOT_FOUND for others). */
export async function requireManaged(ctx: Context, organizationId: string | number): Promise<string> {
  unwrap(await requireMember(ctx.db, requireViewer(ctx).id, String(organizationId)));
  return String(organizationId);
}

const roles = new WeakMap<Context, Map<string, Promise<Role | null>>>();

/** The signed-in user's role in an organization (null when not a member), looked up once per request. */
export function viewerRole(ctx: Context, organizationId: string): Promise<Role | null> {
  if (!ctx.viewer) return Promise.resolve(null);
  const cache = roles.get(ctx) ?? new Map<string, Promise<Role | null>>();
  roles.set(ctx, cache);
  let role = cache.get(organizationId);
  if (!role) {
    role = requireMember(ctx.db, ctx.viewer.id, organizationId).then((result) => (result.ok ? result.value : null));
    cache.set(organizationId, role);
  }
  return role;
}
