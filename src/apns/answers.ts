// What APNs' answers mean for the fan-out, which knows no platform: each failure is one of the kinds of
// src/fanout/platform.ts, and the answers that may blame a setting name it, with the advice to give.
// Apple's reasons: https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns
import type { FailureKind } from '../fanout/platform.ts';

// Apple's reasons are written as APNs sends them, not through apns2's `Errors`, whose import loaded apns2's HTTP
// client (undici, 1.1 MB in 110 files) into every process that sends.
const token = (setting: string) => ({ kind: 'token' as const, setting });
const setting = (name: string) => ({ kind: 'setting' as const, setting: name });
const KEY = setting('APNS_KEY_ID/APNS_TEAM_ID');

/** Apple's answers that blame a setting (kind "setting"), or a token or a setting (kind "token"), and the setting. */
const SETTING_OF: Record<string, { kind: 'token' | 'setting'; setting: string }> = {
  BadDeviceToken: token('APNS_ENV'),
  DeviceTokenNotForTopic: token('APNS_TOPIC'),
  TopicDisallowed: setting('APNS_TOPIC'),
  BadTopic: setting('APNS_TOPIC'),
  MissingTopic: setting('APNS_TOPIC'),
  BadCertificateEnvironment: setting('APNS_ENV'),
  InvalidProviderToken: KEY,
  MissingProviderToken: KEY,
  ExpiredProviderToken: KEY,
  InvalidSigningKey: KEY,
  BadCertificate: KEY,
  Forbidden: KEY,
  TooManyProviderTokenUpdates: KEY,
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
const GONE = new Set(['Unregistered', 'ExpiredToken']);

/** The kind of an answer other than 200. */
export function kindOfAnswer(status: number, reason: string): FailureKind {
  if (GONE.has(reason)) return 'dead';
  const blamed = SETTING_OF[reason];
  if (blamed) return blamed.kind;
  return RETRY_STATUSES.has(status) ? 'retry' : 'refused';
}
