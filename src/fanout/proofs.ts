// Which push settings are proven (./breaker.ts): the push service accepted a push sent with them. Kept in
// proven_settings, shared by every process; once a process has seen a setting proven, it does not ask again.
import type { SqlClient } from '../db/sql.ts';

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
