// The configuration breaker. Some APNs answers say "your setting is wrong", not "this device is gone": a topic
// that is not the app's bundle id answers DeviceTokenNotForTopic for every device, sandbox tokens sent to
// production answer BadDeviceToken for every device. Taken per device, they would write off the whole device
// base. So each shard run watches its answers: it trips when
//   - its first PROBE_PUSHES answers are all such answers (a run sends those first, before opening up to
//     FANOUT_CONCURRENCY), or
//   - STREAK_PUSHES such answers come in a row without one delivery (a key revoked in the middle of a broadcast).
// A tripped run sends nothing more, marks none of those devices dead, and fails the broadcast with
// APNS_CONFIGURATION naming the setting. One BadDeviceToken among deliveries is still a dead device.
import { Errors } from 'apns2';

export const PROBE_PUSHES = 10;
export const STREAK_PUSHES = 50;

/** Apple's answers that blame a setting, and the setting to check. */
const SETTING_OF: Record<string, string> = {
  [Errors.deviceTokenNotForTopic]: 'APNS_TOPIC',
  [Errors.topicDisallowed]: 'APNS_TOPIC',
  [Errors.badTopic]: 'APNS_TOPIC',
  [Errors.missingTopic]: 'APNS_TOPIC',
  [Errors.badDeviceToken]: 'APNS_ENV',
  [Errors.badCertificateEnvironment]: 'APNS_ENV',
  [Errors.invalidProviderToken]: 'APNS_KEY_ID/APNS_TEAM_ID',
  [Errors.missingProviderToken]: 'APNS_KEY_ID/APNS_TEAM_ID',
  [Errors.expiredProviderToken]: 'APNS_KEY_ID/APNS_TEAM_ID',
  [Errors.invalidSigningKey]: 'APNS_KEY_ID/APNS_TEAM_ID',
  [Errors.badCertificate]: 'APNS_KEY_ID/APNS_TEAM_ID',
  [Errors.forbidden]: 'APNS_KEY_ID/APNS_TEAM_ID',
  [Errors.tooManyProviderTokenUpdates]: 'APNS_KEY_ID/APNS_TEAM_ID',
};

const ADVICE: Record<string, string> = {
  APNS_TOPIC: "APNS_TOPIC must be your app's bundle id (the topic its device tokens were issued for)",
  APNS_ENV: 'APNS_ENV must match the builds that registered the tokens: sandbox for development builds, production for TestFlight and the App Store',
  'APNS_KEY_ID/APNS_TEAM_ID': 'APNS_KEY_ID, APNS_TEAM_ID and the .p8 key must be a valid, unrevoked APNs key of the team that owns the app',
};

export const isConfigurationReason = (reason: string) => reason in SETTING_OF;

export interface Tripped {
  code: 'APNS_CONFIGURATION';
  setting: string;
  reason: string;
  message: string;
}

export function createConfigurationBreaker(topic: string) {
  let answers = 0;
  let delivered = false;
  let streak = 0;
  const reasons: Record<string, number> = {};
  let tripped: Tripped | null = null;

  function trip() {
    const [reason] = Object.entries(reasons).sort((a, b) => b[1] - a[1])[0]!;
    const setting = SETTING_OF[reason]!;
    const shown = setting === 'APNS_TOPIC' ? ` (now "${topic}")` : '';
    tripped = {
      code: 'APNS_CONFIGURATION',
      setting,
      reason,
      message: `APNs answered ${reason} to ${streak} pushes in a row${delivered ? '' : ' and delivered none'}: check ${setting}${shown}. ${ADVICE[setting]}. The broadcast was stopped and no device was marked dead; fix the setting and send again.`,
    };
  }

  return {
    /** Counts one answer; a delivery resets the streak. */
    record(outcome: { ok: true } | { ok: false; reason: string }) {
      answers += 1;
      if (outcome.ok) {
        delivered = true;
        streak = 0;
        return;
      }
      if (!isConfigurationReason(outcome.reason)) return;
      streak += 1;
      reasons[outcome.reason] = (reasons[outcome.reason] ?? 0) + 1;
      if (!tripped && ((!delivered && streak >= PROBE_PUSHES && answers === streak) || streak >= STREAK_PUSHES)) trip();
    },
    /** Whether the run is still in its probe: its first pushes go out a few at a time. */
    probing: () => answers < PROBE_PUSHES && !delivered,
    tripped: () => tripped,
  };
}

export type ConfigurationBreaker = ReturnType<typeof createConfigurationBreaker>;
