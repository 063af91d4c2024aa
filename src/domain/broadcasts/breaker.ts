// The configuration breaker: tells a dead device from a wrong setting. A wrong APNS_ENV makes APNs answer
// BadDeviceToken for every device, a wrong APNS_TOPIC DeviceTokenNotForTopic: the answers a made-up token gets.
// Counting agreeing answers cannot tell the two apart (200 made-up tokens look like a wrong setting), so the
// breaker decides from what is proven:
//   - a setting is proven once the push service accepted a push sent with it (proven_settings, shared by every
//     process), a device once it received a push (devices.first_delivered_at);
//   - under a proven setting, a token refused from a device that never received anything is that device's: it
//     is written off. From a device that received before, the answer is counted failed, never written off;
//   - under a setting not yet proven, such answers are held: not judged, sent again later, until a push is
//     delivered (the setting is proven: the held devices that never received are written off) or the breaker
//     stops the broadcast.
// It stops the broadcast (APNS_CONFIGURATION, naming the setting, writing off nobody) when, with nothing
// delivered by this run:
//   - PROBE_PUSHES answers blame a setting for sure: an answer only a setting gets (TopicDisallowed,
//     InvalidProviderToken...), or a refused token of a device that received before;
//   - under a setting not yet proven, HELD_LIMIT answers are held, or the run has nothing left to send and
//     what it sent was all held (a 3-device send); the shared proof is read again first;
// and whatever was delivered, when STREAK_PUSHES answers in a row blame a setting (a key revoked mid-broadcast).
// Until its first delivery a run sends PROBE_PUSHES at a time, devices that received before first.
import type { PreparedPush } from './payload.ts';
import type { FailureKind, PushFailure, PushOutcome, PushPlatform } from './platform.ts';

export const PROBE_PUSHES = 10;
export const HELD_LIMIT = 100;
export const STREAK_PUSHES = 50;

export interface Tripped {
  code: 'APNS_CONFIGURATION';
  setting: string;
  reason: string;
  message: string;
}

/** What the page does with one answer. */
export type Verdict = 'sent' | 'dead' | 'held' | 'failed' | Extract<FailureKind, 'retry' | 'ambiguous'>;

export interface BreakerOptions {
  /** The setting was proven before this run (another run or process delivered under it). */
  proven: boolean;
  platform: Pick<PushPlatform, 'settingOf' | 'advice'>;
  push: PreparedPush;
}

export function createConfigurationBreaker({ proven: provenBefore, platform, push }: BreakerOptions) {
  let proven = provenBefore;
  let delivered = false;
  let answers = 0;
  /** Answers that blamed a setting since the last delivery, and how many of them for sure. */
  let streak = 0;
  let sure = 0;
  let held = 0;
  let blamed = 0;
  const reasons: Record<string, number> = {};
  let tripped: Tripped | null = null;

  function trip(why: string) {
    if (tripped) return;
    const [reason] = Object.entries(reasons).sort((a, b) => b[1] - a[1])[0]!;
    const setting = platform.settingOf(reason) ?? 'APNS_ENV';
    tripped = {
      code: 'APNS_CONFIGURATION',
      setting,
      reason,
      message: `APNs answered ${reason} to ${why}: ${platform.advice(setting, push)}. The broadcast was stopped and no device was marked dead; fix the setting and send again.`,
    };
  }

  function blame(reason: string, forSure: boolean) {
    streak += 1;
    blamed += 1;
    if (forSure) sure += 1;
    reasons[reason] = (reasons[reason] ?? 0) + 1;
    if (!delivered && sure >= PROBE_PUSHES) trip(`${sure} pushes${held ? ' that only a setting or a device that received before gets' : ''} and delivered none`);
    else if (streak >= STREAK_PUSHES) trip(`${streak} pushes in a row`);
  }

  return {
    /** Judges one answer; `deviceProven`: the device has received a push before. */
    record(outcome: PushOutcome, deviceProven: boolean): Verdict {
      answers += 1;
      if (outcome.ok) {
        delivered = true;
        proven = true;
        streak = 0;
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
          if (proven && !deviceProven) return 'dead';
          blame(outcome.reason, deviceProven);
          if (proven) return 'failed';
          held += 1;
          return 'held';
        case 'setting':
          blame(outcome.reason, true);
          if (proven) return 'failed';
          held += 1;
          return 'held';
      }
    },
    /**
     * What a held answer becomes once the setting is proven (a delivery, or another run's): a device that
     * never received anything is dead, any other answer is failed.
     */
    judgeHeld(answer: PushFailure, deviceProven: boolean): 'dead' | 'failed' {
      return answer.kind === 'token' && !deviceProven ? 'dead' : 'failed';
    },
    /** Until its first delivery a run sends a few pushes at a time, so a wrong setting costs a few of them. */
    probing: () => !delivered && blamed === answers,
    /** The setting is proven, as far as this run knows. */
    proven: () => proven,
    /**
     * Whether the run must stop sending until the shared proof is read again: held answers reached
     * HELD_LIMIT, or (`more` false) the run has nothing left to send and all it sent was held.
     */
    undecided: ({ more }: { more: boolean }) => !tripped && !proven && held > 0 && (held >= HELD_LIMIT || (!more && blamed === answers)),
    /** The shared proof, read again after `undecided`: proven by another run, or not, and then the breaker trips. */
    settle(provenElsewhere: boolean) {
      if (provenElsewhere) proven = true;
      else trip(`${held} pushes while no push has ever been delivered with these settings`);
    },
    tripped: () => tripped,
  };
}

export type ConfigurationBreaker = ReturnType<typeof createConfigurationBreaker>;
