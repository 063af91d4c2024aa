// APNs as a push platform of the fan-out (src/domain/broadcasts/platform.ts): which settings a push is sent
// with, and what to say of the setting an answer blames.
import { createHash } from 'node:crypto';
import type { PushPlatform } from '../domain/broadcasts/platform.ts';
import { adviceFor, settingOf } from './answers.ts';

export interface ApnsSettings {
  origin: string;
  teamId: string;
  keyId: string;
}

export function apnsPlatform({ origin, teamId, keyId }: ApnsSettings): PushPlatform {
  // The topic is the broadcast's own (its stored headers), so a broadcast resumed under another APNS_TOPIC is told apart.
  const fingerprints = new Map<string, string>();
  return {
    fingerprint(push) {
      const topic = push.headers['apns-topic'] ?? '';
      let fingerprint = fingerprints.get(topic);
      if (!fingerprint) {
        fingerprint = createHash('sha256').update(['apns', origin, topic, teamId, keyId].join('\n')).digest('hex');
        fingerprints.set(topic, fingerprint);
      }
      return fingerprint;
    },
    settingOf,
    advice: (setting, push) => `check ${setting}${setting === 'APNS_TOPIC' ? ` (now "${push.headers['apns-topic'] ?? ''}")` : ''}. ${adviceFor(setting)}`,
  };
}
