// What the fan-out knows of a push platform (src/apns implements it for APNs): what became of a push, and what
// the platform's answers say of its settings.
import type { PreparedPush } from './payload.ts';

/**
 * - dead: the token is gone for good (APNs: 410 Unregistered): written off, whatever else is known.
 * - token: the token was refused, which is also what every token gets under a wrong setting (APNs: BadDeviceToken,
 *   DeviceTokenNotForTopic): the configuration breaker decides from what is proven (./breaker.ts).
 * - setting: only a setting can be at fault (APNs: TopicDisallowed, InvalidProviderToken...): never the device's.
 * - retry: not taken, for now (429, 5xx, a refused or unsent request): safe to send again.
 * - ambiguous: written and never answered (a timeout, a stream cut after it was sent): it may have been delivered.
 * - refused: refused for good, and neither the device's nor a setting's doing (APNs: PayloadTooLarge, BadCollapseId...).
 */
export type FailureKind = 'dead' | 'token' | 'setting' | 'retry' | 'ambiguous' | 'refused';

export interface PushFailure {
  ok: false;
  /** The platform's reason, or the transport's: Timeout, ConnectionError, HTTP<status>. */
  reason: string;
  kind: FailureKind;
}

export type PushOutcome = { ok: true } | PushFailure;

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

/** Where a push's end is told, once: `index` is the sender's caller's own number for the push (a page's place). */
export interface PushSink {
  settle(index: number, outcome: PushOutcome): void;
}
