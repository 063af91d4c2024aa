// The fan-out: a broadcast's devices are read a page at a time (memory does not grow with the
// audience), sent with bounded concurrency, and the progress is stored after every page. A broadcast
// holds a lease while it runs; one whose lease has lapsed (its process died) is resumed from its
// cursor by the next process that looks, so no device is skipped and at most one page is sent twice.
import { randomUUID } from 'node:crypto';
import pMap from 'p-map';
import type { SendPush } from '../../apns/sender.ts';
import type { SqlClient } from '../../db/sql.ts';
import type { Logger } from '../../logger.ts';
import { apnsIdFor } from './apns-id.ts';
import type { PreparedPush } from './payload.ts';
import type { NotifyRequest } from './request.ts';

export interface FanoutOptions {
  sql: SqlClient;
  send: SendPush;
  logger: Logger;
  pageSize?: number;
  concurrency?: number;
  leaseMs?: number;
}

interface Recipient {
  device_uuid: string;
  apns_token: string;
}

export interface PageOutcome {
  sent: number;
  failures: Record<string, number>;
  dead: { deviceUuid: string; reason: string }[];
}

/**
 * The next page of a request's subscriptions after `cursor`, in device order, with each device's token and
 * whether it is live. The page is cut from the subscriptions' primary key first and only then joined, so
 * every page costs the same wherever the cursor is (a plain join with LIMIT let the planner rescan every
 * device before the cursor: quadratic over a large audience). Dead devices come back too, so that a short
 * page always means the end.
 */
export function pageQuery(organizationId: string, request: NotifyRequest, cursor: string | null, limit: number): [string, unknown[]] {
  return [
    `SELECT s.device_uuid::text, d.apns_token, d.token_invalidated_at IS NULL AS live
     FROM (SELECT device_uuid FROM subscriptions
           WHERE organization_id = $1 AND device_uuid > $2::uuid AND ($3::text[] IS NULL OR external_id = ANY($3::text[]))
           ORDER BY device_uuid LIMIT $4) s
     -- A lookup per subscription (OFFSET 0 keeps the planner from turning it into a scan of all devices).
     CROSS JOIN LATERAL (SELECT apns_token, token_invalidated_at FROM devices WHERE device_uuid = s.device_uuid OFFSET 0) d
     ORDER BY s.device_uuid`,
    // The nil UUID sorts before every device, so the first page is a range scan like the others.
    [organizationId, cursor ?? '00000000-0000-0000-0000-000000000000', request.externalIds ?? null, limit],
  ];
}

/** The live device a test key reaches: the most recently subscribed one that matches. */
export function newestRecipientQuery(organizationId: string, request: NotifyRequest): [string, unknown[]] {
  return [
    `SELECT s.device_uuid::text, d.apns_token FROM subscriptions s JOIN devices d ON d.device_uuid = s.device_uuid
     WHERE s.organization_id = $1 AND d.token_invalidated_at IS NULL AND ($2::text[] IS NULL OR s.external_id = ANY($2::text[]))
     ORDER BY s.created_at DESC, s.device_uuid LIMIT 1`,
    [organizationId, request.externalIds ?? null],
  ];
}

export async function countRecipients(sql: SqlClient, organizationId: string, request: NotifyRequest) {
  const [row] = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM subscriptions s JOIN devices d ON d.device_uuid = s.device_uuid
     WHERE s.organization_id = $1 AND d.token_invalidated_at IS NULL AND ($2::text[] IS NULL OR s.external_id = ANY($2::text[]))`,
    [organizationId, request.externalIds ?? null],
  );
  return row?.n ?? 0;
}

export async function sendPage(send: SendPush, broadcastKey: string, push: PreparedPush, recipients: Recipient[], concurrency: number): Promise<PageOutcome> {
  const outcome: PageOutcome = { sent: 0, failures: {}, dead: [] };
  await pMap(
    recipients,
    async (recipient) => {
      const result = await send({ deviceToken: recipient.apns_token, apnsId: apnsIdFor(broadcastKey, recipient.device_uuid), headers: push.headers, payload: push.payload });
      if (result.ok) return void (outcome.sent += 1);
      outcome.failures[result.reason] = (outcome.failures[result.reason] ?? 0) + 1;
      if (result.deadToken) outcome.dead.push({ deviceUuid: recipient.device_uuid, reason: result.reason });
    },
    { concurrency },
  );
  return outcome;
}

/** Marks tokens APNs called dead; they are kept, and registering the token again revives them. */
export async function markDead(sql: SqlClient, dead: PageOutcome['dead']) {
  if (!dead.length) return;
  await sql.query(
    `UPDATE devices d SET token_invalidated_at = now(), token_invalid_reason = x.reason
     FROM unnest($1::uuid[], $2::text[]) AS x(device_uuid, reason) WHERE d.device_uuid = x.device_uuid AND d.token_invalidated_at IS NULL`,
    [dead.map((d) => d.deviceUuid), dead.map((d) => d.reason)],
  );
}

interface BroadcastRow {
  id: string;
  organization_id: string;
  request: NotifyRequest & { push: PreparedPush };
  cursor: string | null;
  failures: Record<string, number>;
}

export function createFanout({ sql, send, logger, pageSize = 1000, concurrency = 1000, leaseMs = 60_000 }: FanoutOptions) {
  const running = new Map<string, Promise<void>>();
  let stopping = false;

  /** Takes the lease of a broadcast that is sending and not leased by a live process. */
  async function claim(id: string, owner: string) {
    const [row] = await sql.query<BroadcastRow>(
      `UPDATE broadcasts SET lease_until = now() + ($2::int * interval '1 millisecond'), lease_owner = $3::uuid
       WHERE id = $1::uuid AND status = 'sending' AND (lease_until IS NULL OR lease_until < now())
       RETURNING id::text, organization_id::text, request, cursor::text, failures`,
      [id, leaseMs, owner],
    );
    return row;
  }

  /** Extends the lease; false when another process has taken it (this one then stops). */
  async function renew(id: string, owner: string) {
    const rows = await sql.query(
      `UPDATE broadcasts SET lease_until = now() + ($2::int * interval '1 millisecond') WHERE id = $1::uuid AND lease_owner = $3::uuid RETURNING id`,
      [id, leaseMs, owner],
    );
    return rows.length > 0;
  }

  async function drive(row: BroadcastRow, owner: string) {
    const { push, ...request } = row.request;
    let cursor = row.cursor;
    const failures = { ...row.failures };
    for (;;) {
      const page = await sql.query<Recipient & { live: boolean }>(...pageQuery(row.organization_id, request, cursor, pageSize));
      const live = page.filter((recipient) => recipient.live);
      const outcome = await sendPage(send, row.id, push, live, concurrency);
      await markDead(sql, outcome.dead);
      for (const [reason, count] of Object.entries(outcome.failures)) failures[reason] = (failures[reason] ?? 0) + count;
      const failed = live.length - outcome.sent;
      cursor = page.at(-1)?.device_uuid ?? cursor;
      const done = page.length < pageSize;
      // Written only while this process holds the lease, so two processes never count a page twice.
      const stored = await sql.query(
        `UPDATE broadcasts SET sent = sent + $2, failed = failed + $3, failures = $4::jsonb, cursor = $5::uuid,
           lease_until = now() + ($6::int * interval '1 millisecond'),
           status = CASE WHEN NOT $7 THEN status
                         WHEN sent + $2 = 0 AND failed + $3 > 0 THEN 'failed'::"BroadcastStatus"
                         ELSE 'completed'::"BroadcastStatus" END,
           finished_at = CASE WHEN $7 THEN now() ELSE finished_at END
         WHERE id = $1::uuid AND lease_owner = $8::uuid RETURNING id`,
        [row.id, outcome.sent, failed, JSON.stringify(failures), cursor, leaseMs, done, owner],
      );
      if (!stored.length) return logger.warn('broadcast lease taken over by another process', { broadcast: row.id });
      if (done) return;
      if (stopping) {
        // Stored up to here: hand the broadcast back so the next process resumes it at once.
        await sql.query(`UPDATE broadcasts SET lease_until = NULL WHERE id = $1::uuid AND lease_owner = $2::uuid`, [row.id, owner]);
        return;
      }
    }
  }

  /** Runs a broadcast this process has just claimed (or created); resolves when it has finished. */
  function run(id: string): Promise<void> {
    const existing = running.get(id);
    if (existing) return existing;
    if (stopping) return Promise.resolve();
    const owner = randomUUID();
    const task = (async () => {
      // A page can outlast the lease (slow devices, retries): it is renewed while the page runs.
      const renewal = setInterval(() => void renew(id, owner).catch(() => {}), leaseMs / 3);
      try {
        const row = await claim(id, owner);
        if (row) await drive(row, owner);
      } catch (error) {
        // The lease lapses and the broadcast is resumed from its last stored page.
        logger.error('broadcast interrupted', { broadcast: id, error: (error as Error).message });
      } finally {
        clearInterval(renewal);
      }
    })().finally(() => running.delete(id));
    running.set(id, task);
    return task;
  }

  /** Resumes every broadcast left sending by a process that stopped. */
  async function resumeInterrupted() {
    const rows = await sql.query<{ id: string }>(`SELECT id::text FROM broadcasts WHERE status = 'sending' AND (lease_until IS NULL OR lease_until < now())`);
    for (const { id } of rows) {
      logger.info('resuming broadcast', { broadcast: id });
      void run(id);
    }
    return rows.length;
  }

  /** Lets every running broadcast finish its page, store its progress and hand back its lease. */
  async function stop() {
    stopping = true;
    await Promise.all(running.values());
  }

  return { run, resumeInterrupted, stop, running: () => [...running.values()] };
}

export type Fanout = ReturnType<typeof createFanout>;
