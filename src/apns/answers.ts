// What APNs' answers mean for the fan-out, which knows no platform: each failure is one of the kinds of
// src/fanout/platform.ts, and the answers that may blame a setting name it, with the advice to give.
// Apple's reasons: https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns
import type { FailureKind } from '../fanout/platform.ts';

/**
 * Apple's reasons that decide something here, as APNs writes them. Our own table rather than apns2's `Errors`:
 * importing that loaded apns2's HTTP client (undici, 1.1 MB in 110 files) into every process that sends.
 */
export const Reason = {
  badCertificate: 'BadCertificate',
  badCertificateEnvironment: 'BadCertificateEnvironment',
  badDeviceToken: 'BadDeviceToken',
  badTopic: 'BadTopic',
  deviceTokenNotForTopic: 'DeviceTokenNotForTopic',
  expiredProviderToken: 'ExpiredProviderToken',
  expiredToken: 'ExpiredToken',
  forbidden: 'Forbidden',
  invalidProviderToken: 'InvalidProviderToken',
  invalidSigningKey: 'InvalidSigningKey',
  missingProviderToken: 'MissingProviderToken',
  missingTopic: 'MissingTopic',
  tooManyProviderTokenUpdates: 'TooManyProviderTokenUpdates',
  topicDisallowed: 'TopicDisallowed',
  unregistered: 'Unregistered',
} as const;

/** Apple's answers that blame a setting (kind "setting"), or a token or a setting (kind "token"), and the setting. */
const SETTING_OF: Record<string, { kind: 'token' | 'setting'; setting: string }> = {
  [Reason.badDeviceToken]: { kind: 'token', setting: 'APNS_ENV' },
  [Reason.deviceTokenNotForTopic]: { kind: 'token', setting: 'APNS_TOPIC' },
  [Reason.topicDisallowed]: { kind: 'setting', setting: 'APNS_TOPIC' },
  [Reason.badTopic]: { kind: 'setting', setting: 'APNS_TOPIC' },
  [Reason.missingTopic]: { kind: 'setting', setting: 'APNS_TOPIC' },
  [Reason.badCertificateEnvironment]: { kind: 'setting', setting: 'APNS_ENV' },
  [Reason.invalidProviderToken]: { kind: 'setting', setting: 'APNS_KEY_ID/APNS_TEAM_ID' },
  [Reason.missingProviderToken]: { kind: 'setting', setting: 'APNS_KEY_ID/APNS_TEAM_ID' },
  [Reason.expiredProviderToken]: { kind: 'setting', setting: 'APNS_KEY_ID/APNS_TEAM_ID' },
  [Reason.invalidSigningKey]: { kind: 'setting', setting: 'APNS_KEY_ID/APNS_TEAM_ID' },
  [Reason.badCertificate]: { kind: 'setting', setting: 'APNS_KEY_ID/APNS_TEAM_ID' },
  [Reason.forbidden]: { kind: 'setting', setting: 'APNS_KEY_ID/APNS_TEAM_ID' },
  [Reason.tooManyProviderTokenUpdates]: { kind: 'setting', setting: 'APNS_KEY_ID/APNS_TEAM_ID' },
};

const ADVICE: Record<string, string> = {
  APNS_TOPIC: "APNS_TOPIC must be your app's bundle id (the topic its device tokens were issued for)",
  APNS_ENV: 'APNS_ENV must match the builds that registered the tokens: sandbox for development builds, production for TestFlight and the App Store',
  'APNS_KEY_ID/APNS_TEAM_ID': 'APNS_KEY_ID, APNS_TEAM_ID and the .p8 key must be a valid, unrevoked APNs key of the team that owns the app',
};

/** The setting an answer may blame, or undefined. */
export const settingOf = (reason: string) => SETTING_OF[reason]?.setting;

/** What to check for a setting, said to an operator. */
export const adviceFor = (setting: string) => ADVICE[setting] ?? `check ${setting}`;

const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Apple's reasons for a token that is gone (with 410): a 410 without one (a proxy's, say) writes off nobody. */
const GONE = new Set<string>([Reason.unregistered, Reason.expiredToken]);

/** The kind of an answer other than 200. */
export function kindOfAnswer(status: number, reason: string): FailureKind {
  if (GONE.has(reason)) return 'dead';
  const blamed = SETTING_OF[reason];
  if (blamed) return blamed.kind;
  return RETRY_STATUSES.has(status) ? 'retry' : 'refused';
}
