import type { Caller } from '../domain/api-keys/service.ts';
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
