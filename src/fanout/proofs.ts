// Which push settings are proven (./breaker.ts): the push service accepted a push sent with them. Kept in
// proven_settings, shared by every process; once a process has seen a setting proven, it does not ask again.
import type { SqlClient } from '../db/sql.ts';
import type { Logger } from '../logger.ts';
import { markDelivered } from './pages.ts';

export function createSettingProofs(sql: SqlClient, platform: string) {
  const known = new Set<string>();
  return {
    async isProven(fingerprint: string): Promise<boolean> {
      if (known.has(fingerprint)) return true;
      const rows = await sql.query(`SELECT 1 FROM proven_settings WHERE fingerprint = $1`, [fingerprint]);
      if (rows.length) known.add(fingerprint);
      return rows.length > 0;
    },
    /** A push sent with the setting was delivered. */
    async prove(fingerprint: string) {
      if (known.has(fingerprint)) return;
      await sql.query(`INSERT INTO proven_settings (fingerprint, platform) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [fingerprint, platform]);
      known.add(fingerprint);
    },
  };
}

export type SettingProofs = ReturnType<typeof createSettingProofs>;

/**
 * What a process's shard runs record of their deliveries: a setting proven by its first delivery, at once (other runs
 * waiting to judge their held answers read it), and the devices a push first reached. Those are written one batch
 * after another, beside the sending rather than before the next page: a broadcast to devices that never received
 * anything writes each of them once. Losing a batch (a crash, a database error) only leaves those devices unproven
 * until their next delivery. `track` holds the writes in the process's work, so that a drain waits for them.
 */
export function createDeliveryProofs(sql: SqlClient, logger: Logger, track: <T>(task: Promise<T>) => Promise<T>) {
  const proofs = new Map<string, SettingProofs>();
  const proofsOf = (platform: string) => {
    let known = proofs.get(platform);
    if (!known) proofs.set(platform, (known = createSettingProofs(sql, platform)));
    return known;
  };
  let recording: Promise<void> = Promise.resolve();
  return {
    proofsOf,
    proveSetting: (platform: string, fingerprint: string) =>
      void proofsOf(platform).prove(fingerprint).catch((error: Error) => logger.warn('setting proof not recorded', { error: error.message })),
    recordDelivered(deviceUuids: string[]) {
      if (!deviceUuids.length) return;
      recording = track(recording.then(() => markDelivered(sql, deviceUuids)).catch((error: Error) => logger.warn('first deliveries not recorded', { devices: deviceUuids.length, error: error.message })));
    },
  };
}
