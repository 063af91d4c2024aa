// Device registration. The APNs token identifies a phone: registering a known token returns the device
// it already has (and revives a token APNs had reported dead), so one phone never receives a broadcast twice.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { invalid, ok, type Result } from '../errors.ts';

export const PLATFORMS = ['ios'] as const;
export type Platform = (typeof PLATFORMS)[number];
const APNS_TOKEN = /^[0-9a-fA-F]{64,200}$/;

export interface RegisterDeviceInput {
  apnsToken: string;
  platform: string;
}

export interface DeviceRegistration {
  deviceUuid: string;
  /** False when the token was registered before and its device was returned. */
  created: boolean;
}

export function validateRegistration({ apnsToken, platform }: RegisterDeviceInput): Result<{ apnsToken: string; platform: Platform }> {
  if (!APNS_TOKEN.test(apnsToken)) return invalid('apnsToken', 'apnsToken must be 64 to 200 hexadecimal characters');
  if (!PLATFORMS.includes(platform as Platform)) return invalid('platform', `platform must be one of: ${PLATFORMS.map((p) => `"${p}"`).join(', ')}`);
  // APNs tokens are hex bytes; one spelling per token keeps the unique index meaningful.
  return ok({ apnsToken: apnsToken.toLowerCase(), platform: platform as Platform });
}

export async function registerDevice(db: Db, input: RegisterDeviceInput): Promise<Result<DeviceRegistration>> {
  const valid = validateRegistration(input);
  if (!valid.ok) return valid;
  const { apnsToken, platform } = valid.value;
  // One statement, so concurrent registrations of the same token agree on one device.
  // xmax = 0 only for a freshly inserted row.
  const [row] = await db.$queryRaw<{ device_uuid: string; created: boolean }[]>`
    INSERT INTO devices (device_uuid, apns_token, platform)
    VALUES (${randomUUID()}::uuid, ${apnsToken}, ${platform}::"Platform")
    ON CONFLICT (apns_token) DO UPDATE
      SET updated_at = now(), token_invalidated_at = NULL, token_invalid_reason = NULL
    RETURNING device_uuid::text, (xmax = 0) AS created`;
  return ok({ deviceUuid: row!.device_uuid, created: row!.created });
}
