// What the fan-out knows of a push platform (src/apns, src/fcm and src/webpush implement it): what became of a
// push, what the platform's answers say of its settings, and how a page's pushes reach it (a PlatformChannel).
// The engine imports no platform: the processes that run it (src/main.ts, src/worker.ts) hand it the channels.
import type { Circuit } from './circuit.ts';
import type { Result } from '../domain/errors.ts';
import type { Recipient } from './audience.ts';
import type { NotifyRequest } from '../domain/broadcasts/request.ts';

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
  /** For kind "retry": how long the push service asked us to wait (a Retry-After header), when it said. */
  retryAfterMs?: number;
}

export type PushOutcome = { ok: true } | PushFailure;

/** The platforms a device can be on (devices.platform). */
export const PLATFORMS = ['ios', 'android', 'web'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface PushPlatform<Message = never> {
  /** The push service's name, as an operator knows it: "APNs", "FCM", "the Web Push service". */
  service: string;
  /** The error code a broadcast gets when the breaker stops this platform for a setting, e.g. APNS_CONFIGURATION. */
  configurationCode: string;
  /**
   * Identifies the settings a push is sent with (for APNs: origin and topic), without secrets: a setting the push
   * service accepted a push under is proven (proven_settings, ./breaker.ts).
   */
  fingerprint(message: Message): string;
  /** The setting an answer may blame (e.g. APNS_ENV for BadDeviceToken), or undefined. */
  settingOf(reason: string): string | undefined;
  /** What to check, said to an operator: the setting, its value where it helps, and how to put it right. */
  advice(setting: string, message: Message): string;
}

/** Where a push's end is told, once: `index` is the sender's caller's own number for the push (a page's place). */
export interface PushSink {
  settle(index: number, outcome: PushOutcome): void;
  /** Not an answer but a bug in a sender (it turns every transport failure into an outcome): the page fails. */
  broken?(error: unknown): void;
}

/** One platform as the fan-out sends to it. */
export interface PlatformChannel<Message = any> {
  platform: PushPlatform<Message>;
  /** This process's outage breaker for the platform's push service. */
  circuit: Circuit;
  /**
   * The broadcast's message for this platform, built once (POST /v1/notify checks every platform's first, so a
   * request too large for one is refused before anything is sent). `broadcastId` keys what a resend must repeat.
   */
  prepare(request: NotifyRequest & { push?: unknown }, broadcastId: string): Result<Message>;
  /** Sends one push; its end is told to `sink.settle(index, …)` later, never during this call. */
  dispatch(sink: PushSink, index: number, recipient: Recipient, message: Message, broadcastKey: string): void;
  close?(): Promise<void>;
}

export type PlatformChannels = Partial<Record<Platform, PlatformChannel>>;
