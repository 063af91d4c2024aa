// APNs as a push platform of the fan-out (src/domain/broadcasts/platform.ts): which settings a push is sent
// with, and what to say of the setting an answer blames.
import { createHash } from 'node:crypto';
import type { PushPlatform } from '../domain/broadcasts/platform.ts';
import { adviceFor, settingOf } from './answers.ts';

/**
 * The settings that decide which tokens APNs accepts: its origin (APNS_ENV or APNS_URL) and the topic, the
 * broadcast's own (its stored headers, so a broadcast resumed under another APNS_TOPIC is told apart). The team and
 * key are left out: a wrong one is answered InvalidProviderToken, which blames no device, and a key rotated on
 * purpose must not make every setting unproven again.
 */
export function apnsPlatform({ origin }: { origin: string }): PushPlatform {
  return {
    fingerprint: (push) => createHash('sha256').update(`apns\n${origin}\n${push.headers['apns-topic'] ?? ''}`).digest('hex'),
    settingOf,
    advice: (setting, push) => `check ${setting}${setting === 'APNS_TOPIC' ? ` (now "${push.headers['apns-topic'] ?? ''}")` : ''}. ${adviceFor(setting)}`,
  };
}
