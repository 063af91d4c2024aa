// What the fan-out needs to know of a push platform beyond sending (src/apns implements it for APNs).
import type { PreparedPush } from './payload.ts';

export interface PushPlatform {
  /**
   * Identifies the settings a push is sent with (for APNs: origin, topic, team and key), without secrets: a
   * setting the push service accepted a push under is proven (proven_settings, ./breaker.ts).
   */
  fingerprint(push: PreparedPush): string;
  /** The setting an answer may blame (e.g. APNS_ENV for BadDeviceToken), or undefined. */
  settingOf(reason: string): string | undefined;
  /** What to check, said to an operator: the setting, its value where it helps, and how to put it right. */
  advice(setting: string, push: PreparedPush): string;
}
