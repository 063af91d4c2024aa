// GET /v1/insights: an organization's last days, one row per UTC day, oldest first, today's so far. Read from the
// rollups (./rollups.ts, ./tallies.ts): the rows of the days shown and the count now, whatever the audience's size
// or the history's length.
import type { SqlClient } from '../../db/sql.ts';
import { PLATFORMS, type Platform } from '../../fanout/platform.ts';
import { invalid, ok, type Result } from '../errors.ts';
import { NOW_ROW } from './tallies.ts';

/** The most days one request reads. */
export const MAX_DAYS = 366;

export interface InsightsDay {
  /** The UTC day, YYYY-MM-DD. */
  date: string;
  /** Live subscribers at the end of the day (now, for today). */
  subscribers: number;
  subscribersByPlatform: Record<Platform, number>;
  /** Broadcasts that ended that day. */
  broadcasts: number;
  /** Pushes delivered and failed that day, and the failures by reason. */
  sent: number;
  failed: number;
  failures: Record<string, number>;
  /** Opens reported that day. */
  opened: number;
}

export async function insights(sql: SqlClient, organizationId: string, days: number | null | undefined = 30): Promise<Result<{ days: InsightsDay[] }>> {
  const count = days ?? 30;
  if (!Number.isInteger(count) || count < 1 || count > MAX_DAYS) return invalid('days', `days must be an integer from 1 to ${MAX_DAYS}`);
  // Today as the database dates the rollups (its clock, not this process's).
  const [{ today: day } = { today: '' }] = await sql.query<{ today: string }>(`SELECT to_char((now() AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS today`);
  const today = Date.parse(`${day}T00:00:00Z`);
  const first = new Date(today - (count - 1) * 86_400_000).toISOString().slice(0, 10);
  const [subscriberRows, dayRows] = await Promise.all([
    sql.query<{ day: string; platform: Platform; delta: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, platform::text, delta FROM subscriber_days
       WHERE organization_id = $1 AND day > $2::date ORDER BY day`,
      [organizationId, first],
    ),
    sql.query<{ day: string; broadcasts: number; sent: number; failed: number; failures: Record<string, number>; opened: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, broadcasts, sent, failed, failures, opened FROM organization_days
       WHERE organization_id = $1 AND day >= $2::date AND day <= ($2::date + $3::int) ORDER BY day`,
      [organizationId, first, count - 1],
    ),
  ]);
  // Walking back from now: the count at the end of a day is the count at the end of the next, less the next day's change.
  const current = Object.fromEntries(PLATFORMS.map((platform) => [platform, 0])) as Record<Platform, number>;
  const changes = new Map<string, Record<string, number>>();
  for (const row of subscriberRows) {
    if (row.day === NOW_ROW) current[row.platform] = row.delta;
    else (changes.get(row.day) ?? changes.set(row.day, {}).get(row.day)!)[row.platform] = row.delta;
  }
  const rollups = new Map(dayRows.map((row) => [row.day, row]));
  const result: InsightsDay[] = [];
  const running = { ...current };
  for (let back = 0; back < count; back += 1) {
    const date = new Date(today - back * 86_400_000).toISOString().slice(0, 10);
    if (back > 0) {
      const next = new Date(today - (back - 1) * 86_400_000).toISOString().slice(0, 10);
      for (const [platform, delta] of Object.entries(changes.get(next) ?? {})) running[platform as Platform] -= delta;
    }
    const day = rollups.get(date);
    result.push({
      date,
      subscribers: PLATFORMS.reduce((sum, platform) => sum + running[platform], 0),
      subscribersByPlatform: { ...running },
      broadcasts: day?.broadcasts ?? 0,
      sent: day?.sent ?? 0,
      failed: day?.failed ?? 0,
      failures: day?.failures ?? {},
      opened: day?.opened ?? 0,
    });
  }
  return ok({ days: result.reverse() });
}
