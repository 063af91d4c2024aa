// An organization's webhook endpoints: registered with a URL and the events it takes, listed without their
// secret, deleted, given a new secret, and enabled again after being disabled. At most 10 per organization.
import { v7 as uuidv7 } from 'uuid';
import type { Database, Db } from '../../db/database.ts';
import type { Prisma, WebhookEndpoint } from '../../generated/prisma/client.ts';
import type { Boss } from '../../jobs/queue.ts';
import { fail, invalid, notFound, ok, type Result } from '../errors.ts';
import { isUuid, stringIssue } from '../validate.ts';
import { urlProblem } from './addresses.ts';
import { WEBHOOK_EVENTS } from './events.ts';
import { encryptSecret, newSecret } from './secrets.ts';
import { addressRules, type WebhookSettings } from './settings.ts';

export const MAX_ENDPOINTS = 10;

export interface WebhookDeps {
  db: Db;
  database: Pick<Database, 'transaction'>;
  boss: Boss;
  settings: WebhookSettings;
}

export type WebhookView = Omit<WebhookEndpoint, 'secretEncrypted' | 'failingSince'>;
export interface CreatedWebhook {
  webhook: WebhookView;
  /** Shown only when it is made; kept encrypted. */
  secret: string;
}

const view = ({ secretEncrypted: _secret, failingSince: _since, ...rest }: WebhookEndpoint): WebhookView => rest;

/** Without WEBHOOK_SECRET_KEY no secret can be kept, so nothing that makes one or signs with one works. */
export const requireKey = (settings: WebhookSettings): Result<Buffer> =>
  settings.secretKey
    ? ok(settings.secretKey)
    : fail('UNAVAILABLE', 'webhooks are not configured on this server: set WEBHOOK_SECRET_KEY (32 bytes, the same on every instance, e.g. openssl rand -base64 32) and restart');

function validEvents(events: unknown): Result<string[]> {
  const list = `the events are ${WEBHOOK_EVENTS.join(', ')}`;
  if (!Array.isArray(events) || !events.length) return invalid('events', `events must list at least one event; ${list}`);
  const unknown = events.find((event) => !WEBHOOK_EVENTS.includes(event));
  if (unknown !== undefined) return invalid('events', `${JSON.stringify(unknown)} is not an event; ${list}`);
  return ok([...new Set(events as string[])]);
}

async function validUrl(url: unknown, settings: WebhookSettings): Promise<Result<string>> {
  const problem = stringIssue(url, 'url', { max: 2048 }) ?? (await urlProblem(url as string, addressRules(settings)));
  return problem ? invalid('url', problem) : ok(url as string);
}

export async function createEndpoint(deps: WebhookDeps, organizationId: string, input: { url: unknown; events: unknown }): Promise<Result<CreatedWebhook>> {
  const key = requireKey(deps.settings);
  if (!key.ok) return key;
  const events = validEvents(input.events);
  if (!events.ok) return events;
  const url = await validUrl(input.url, deps.settings);
  if (!url.ok) return url;
  const id = uuidv7();
  const secret = newSecret();
  const added = await deps.database.transaction(async (tx) => {
    // The organization's row is locked so that two registrations at once cannot both pass the count.
    await tx.query(`SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE`, [organizationId]);
    const [{ count }] = (await tx.query<{ count: number }>(`SELECT count(*)::int AS count FROM webhook_endpoints WHERE organization_id = $1`, [organizationId])) as [{ count: number }];
    if (count >= MAX_ENDPOINTS) return false;
    await tx.query(`INSERT INTO webhook_endpoints (id, organization_id, url, events, secret_encrypted) VALUES ($1, $2, $3, $4, $5)`, [
      id, organizationId, url.value, events.value, encryptSecret(key.value, id, secret),
    ]);
    return true;
  });
  if (!added) return invalid('url', `an organization has at most ${MAX_ENDPOINTS} webhook endpoints; delete one first`);
  return ok({ webhook: view(await deps.db.webhookEndpoint.findUniqueOrThrow({ where: { id } })), secret });
}

export async function listEndpoints(db: Db, organizationId: string): Promise<WebhookView[]> {
  const rows = await db.webhookEndpoint.findMany({ where: { organizationId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map(view);
}

/** The organization's endpoint; another organization's answers as a missing one. */
export async function findEndpoint(db: Db, organizationId: string, id: string): Promise<Result<WebhookView>> {
  const row = isUuid(id) ? await db.webhookEndpoint.findFirst({ where: { id, organizationId } }) : null;
  return row ? ok(view(row)) : notFound('webhook not found');
}

/** Its deliveries go with it (a job still queued for one finds nothing to send). */
export async function deleteEndpoint(db: Db, organizationId: string, id: string): Promise<Result<true>> {
  const { count } = isUuid(id) ? await db.webhookEndpoint.deleteMany({ where: { id, organizationId } }) : { count: 0 };
  return count ? ok(true) : notFound('webhook not found');
}

/** A new secret takes effect at once: every attempt from now on, retries included, is signed with it alone. */
export async function rotateSecret(deps: WebhookDeps, organizationId: string, id: string): Promise<Result<CreatedWebhook>> {
  const key = requireKey(deps.settings);
  if (!key.ok) return key;
  if (!isUuid(id)) return notFound('webhook not found');
  const secret = newSecret();
  const updated = await updateOwned(deps.db, organizationId, id, { secretEncrypted: new Uint8Array(encryptSecret(key.value, id, secret)) });
  return updated.ok ? ok({ webhook: updated.value, secret }) : updated;
}

/** Re-enables an endpoint that was disabled after failing; events from now on reach it again. */
export async function enableEndpoint(deps: WebhookDeps, organizationId: string, id: string): Promise<Result<WebhookView>> {
  const key = requireKey(deps.settings);
  if (!key.ok) return key;
  if (!isUuid(id)) return notFound('webhook not found');
  return updateOwned(deps.db, organizationId, id, { disabledAt: null, disabledReason: null, failingSince: null });
}

/** Changes the organization's endpoint; one deleted meanwhile (or another organization's) answers as missing. */
async function updateOwned(db: Db, organizationId: string, id: string, data: Prisma.WebhookEndpointUpdateManyMutationInput): Promise<Result<WebhookView>> {
  const { count } = await db.webhookEndpoint.updateMany({ where: { id, organizationId }, data });
  const row = count ? await db.webhookEndpoint.findUnique({ where: { id } }) : null;
  return row ? ok(view(row)) : notFound('webhook not found');
}
