// The configuration breaker: tells a dead device from a wrong setting. A wrong APNS_ENV makes APNs answer
// BadDeviceToken for every device, a wrong APNS_TOPIC DeviceTokenNotForTopic: the answers a made-up token gets.
// Counting agreeing answers cannot tell the two apart (200 made-up tokens look like a wrong setting), so the
// breaker decides from what is proven:
//   - a setting is proven once the push service accepted a push sent with it (proven_settings, shared by every
//     process), a device once it received a push (devices.first_delivered_at);
//   - until a run's first delivery, answers that may blame a setting are held, not judged. Afterwards (the setting
//     works now) a refused token of a device that never received anything is that device's: it is written off;
//     from a device that received before, it is counted failed, never written off;
//   - held answers are judged at the end of the page: written off (devices that never received) or failed, when the
//     setting works (a delivery in this run, or a proven setting that nothing contradicts); sent again later when it
//     may not; failed when the breaker stops the broadcast.
// An answer blames a setting *for sure* when only a setting gets it (TopicDisallowed, InvalidProviderToken...) or
// when it refuses the token of a device that received before. The breaker stops the broadcast (APNS_CONFIGURATION,
// naming the setting) when, with nothing delivered by this run:
//   - PROBE_PUSHES answers blame a setting for sure;
//   - HELD_LIMIT answers are held, or the run has nothing left to send, and either some answer blamed a setting for
//     sure, or the setting is still not proven when the shared proof is read again;
// and whatever was delivered, when STREAK_PUSHES answers in a row blame a setting for sure (a key revoked mid-way).
// Until its first delivery a run sends PROBE_PUSHES at a time, devices that received before first.
import type { FailureKind, PushFailure, PushOutcome, PushPlatform } from './platform.ts';

export const PROBE_PUSHES = 10;
export const HELD_LIMIT = 100;
export const STREAK_PUSHES = 50;

export interface Tripped {
  /** The platform's configuration code: APNS_CONFIGURATION, FCM_CONFIGURATION, WEB_PUSH_CONFIGURATION. */
  code: string;
  setting: string;
  reason: string;
  message: string;
}

/** What the page does with one answer. */
export type Verdict = 'sent' | 'dead' | 'held' | 'failed' | Extract<FailureKind, 'retry' | 'ambiguous'>;

export interface BreakerOptions {
  /** The setting was proven before this run (another run or process delivered under it). */
  proven: boolean;
  platform: Pick<PushPlatform<any>, 'settingOf' | 'advice' | 'service' | 'configurationCode'>;
  /** The broadcast's message for the platform (the advice may quote its settings). */
  push: unknown;
}

export function createConfigurationBreaker({ proven: provenBefore, platform, push }: BreakerOptions) {
  let proven = provenBefore;
  let delivered = false;
  /** Answers held, and answers that blamed a setting for sure, since the run began (before its first delivery). */
  let held = 0;
  let sure = 0;
  /** Answers in a row that blamed a setting for sure. */
  let streak = 0;
  /** Reasons of every answer that blamed a setting, of those that did for sure, and of the streak's. */
  const reasons: Record<string, number> = {};
  const sureReasons: Record<string, number> = {};
  let streakReasons: Record<string, number> = {};
  let tripped: Tripped | null = null;

  /** `counted`: the answers the trip is about; their most frequent reason names the setting. */
  function trip(why: string, counted: Record<string, number>) {
    if (tripped) return;
    const [reason] = Object.entries(counted).sort((a, b) => b[1] - a[1])[0]!;
    const setting = platform.settingOf(reason) ?? 'the push settings';
    tripped = {
      code: platform.configurationCode,
      setting,
      reason,
      message: `${platform.service} answered ${reason} to ${why}: ${platform.advice(setting, push)}. Sending to this platform was stopped and no device was marked dead; fix the setting and send again.`,
    };
  }

  function blame(reason: string, forSure: boolean) {
    reasons[reason] = (reasons[reason] ?? 0) + 1;
    if (!forSure) return;
    sure += 1;
    streak += 1;
    sureReasons[reason] = (sureReasons[reason] ?? 0) + 1;
    streakReasons[reason] = (streakReasons[reason] ?? 0) + 1;
    if (!delivered && sure >= PROBE_PUSHES) trip(`${sure} pushes that only a wrong setting, or a device that received before, get, and delivered none`, sureReasons);
    else if (streak >= STREAK_PUSHES) trip(`${streak} pushes in a row`, streakReasons);
  }

  /** The setting works as far as this run can tell: held answers may be judged. */
  const trusted = () => delivered || (proven && sure === 0);

  return {
    /** Judges one answer; `deviceProven`: the device has received a push before. */
    record(outcome: PushOutcome, deviceProven: boolean): Verdict {
      if (outcome.ok) {
        delivered = true;
        proven = true;
        streak = 0;
        streakReasons = {};
        return 'sent';
      }
      switch (outcome.kind) {
        case 'dead':
          return 'dead';
        case 'retry':
        case 'ambiguous':
          return outcome.kind;
        case 'refused':
          return 'failed';
        case 'token':
        case 'setting': {
          const forSure = outcome.kind === 'setting' || deviceProven;
          blame(outcome.reason, forSure);
          if (!delivered) {
            held += 1;
            return 'held';
          }
          return forSure ? 'failed' : 'dead';
        }
      }
    },
    /**
     * What a held answer becomes at the end of its page: judged when the setting works (a device that never
     * received anything is dead, any other failed), failed when the breaker tripped, else undecided (sent again later).
     */
    judgeHeld(answer: PushFailure, deviceProven: boolean): 'dead' | 'failed' | 'undecided' {
      if (tripped) return 'failed';
      if (!trusted()) return 'undecided';
      return answer.kind === 'token' && !deviceProven ? 'dead' : 'failed';
    },
    /** Until its first delivery a run sends a few pushes at a time, so a wrong setting costs a few of them. */
    probing: () => !delivered,
    /**
     * Whether the run must stop sending until the shared proof is read again (`settle`): held answers reached
     * HELD_LIMIT, or (`more` false) the run has nothing left to send, with nothing delivered and the setting in doubt.
     */
    undecided: ({ more }: { more: boolean }) => !tripped && !trusted() && held > 0 && (held >= HELD_LIMIT || !more),
    /** The shared proof, read again after `undecided`: a sure blame, or a setting nobody proved, trips the breaker. */
    settle(provenElsewhere: boolean) {
      if (sure > 0) trip(`${held} pushes, ${sure} of them from devices that received before or only a wrong setting gets, and delivered none`, sureReasons);
      else if (provenElsewhere) proven = true;
      else trip(`${held} pushes while no push has ever been delivered with these settings`, reasons);
    },
    tripped: () => tripped,
  };
}

export type ConfigurationBreaker = ReturnType<typeof createConfigurationBreaker>;
