// One shard run's platforms: a page holds devices of any platform, and each platform's share goes out through
// its own channel, judged by its own configuration breaker and held back by its own outage breaker, at the same
// time as the others'. A platform a wrong setting stopped (in this run, or in another: broadcasts.stopped_platforms)
// sends nothing more; its devices are counted failed with the stop's code and written off never. Each device gets
// the broadcast's text in the language closest to its locale: one message per platform and language, built once.
import type { Logger } from '../logger.ts';
import type { Recipient } from './audience.ts';
import { createConfigurationBreaker, type ConfigurationBreaker, type Tripped } from './breaker.ts';
import { sendPage, type PageOutcome } from './pages.ts';
import type { PlatformChannel, PlatformChannels, Platform } from './platform.ts';
import type { SettingProofs } from './proofs.ts';
import type { NotifyRequest } from '../domain/broadcasts/request.ts';
import type { StoppedPlatforms } from './shards.ts';
import { createLocaleMatcher } from '../domain/devices/locale.ts';
import { inLanguage } from '../domain/broadcasts/localized.ts';

/** A page's outcome over every platform, with sent and failed per platform ({"ios.sent": 3}). */
export type RunOutcome = PageOutcome & { byPlatform: Record<string, number>; unsentByPlatform: Record<string, number> };

export interface Trip {
  platform: string;
  tripped: Tripped;
}

/** Why a device could not be sent to at all: its platform has no channel in this process. */
export const NOT_CONFIGURED = 'PlatformNotConfigured';

interface PlatformState {
  channel: PlatformChannel;
  message: unknown;
  fingerprint: string;
  breaker: ConfigurationBreaker;
  /** The message per language of the request (undefined: its own text), built when a device of it first comes. */
  languages: Map<string | undefined, unknown>;
}

export interface RunPlatformsOptions {
  channels: PlatformChannels;
  proofsOf: (platform: string) => SettingProofs;
  request: NotifyRequest & { push?: unknown };
  broadcastId: string;
  stopped: StoppedPlatforms;
  logger: Logger;
}

export function createRunPlatforms({ channels, proofsOf, request, broadcastId, stopped: stoppedBefore, logger }: RunPlatformsOptions) {
  const states = new Map<string, Promise<PlatformState | string>>();
  const languageOf = createLocaleMatcher(Object.keys(request.localized ?? {}));
  let stopped = stoppedBefore;
  /** The platforms this run has read devices of: when all their push services are down, the shard waits. */
  const seen = new Set<string>();

  /** The platform's state for this run, or why it cannot send (a failure reason). */
  function stateOf(name: string): Promise<PlatformState | string> {
    let state = states.get(name);
    if (!state) {
      state = (async () => {
        const channel = channels[name as Platform];
        if (!channel) return NOT_CONFIGURED;
        const message = channel.prepare(request, broadcastId);
        if (!message.ok) {
          logger.error('a broadcast cannot be sent to a platform', { broadcast: broadcastId, platform: name, error: message.error.message });
          return 'MessageRefused';
        }
        const fingerprint = channel.platform.fingerprint(message.value);
        const proven = await proofsOf(name).isProven(fingerprint);
        return {
          channel, message: message.value, fingerprint, breaker: createConfigurationBreaker({ proven, platform: channel.platform, push: message.value }),
          languages: new Map([[undefined, message.value]]),
        };
      })();
      states.set(name, state);
    }
    return state;
  }

  /**
   * The message a device gets: the one in the language closest to its locale (a lookup per distinct locale, then a
   * map's), else the request's own. Undefined: the platform refused that language's (POST /v1/notify checks them all first).
   */
  function messageOf(state: PlatformState, recipient: Recipient): unknown {
    const language = languageOf(recipient.locale);
    if (state.languages.has(language)) return state.languages.get(language);
    const message = state.channel.prepare(inLanguage(request, language), broadcastId);
    if (!message.ok) logger.error('a broadcast cannot be sent to a platform in a language', { broadcast: broadcastId, language, error: message.error.message });
    state.languages.set(language, message.ok ? message.value : undefined);
    return state.languages.get(language);
  }

  const circuits = () => [...seen].flatMap((name) => channels[name as Platform]?.circuit ?? []);

  return {
    /** Since when every push service this run sends to has been down, or null while one answers. */
    downSince(): Date | null {
      const open = circuits().map((circuit) => circuit.openSince());
      if (!open.length || open.some((since) => since === null)) return null;
      return new Date(Math.min(...open.map((since) => since!.getTime())));
    },
    /**
     * Whether the next page must be a probe's: a push service is down and no platform this run has seen is up, so
     * the page may hold only devices whose pushes would wait (read a few, learn their platforms, and pause).
     */
    probeOnly(): boolean {
      const all = Object.values(channels).map((channel) => channel.circuit);
      if (!all.some((circuit) => circuit.openSince())) return false;
      return !circuits().some((circuit) => circuit.openSince() === null);
    },
    /** When the first of those push services may be probed again. */
    nextProbeAt: () => new Date(Math.min(...circuits().map((circuit) => circuit.nextProbeAt().getTime()))),
    /** Stops read from the broadcast again (another run's). */
    update(next: StoppedPlatforms) {
      stopped = next;
    },
    /** The platforms whose breaker tripped in this run and that are not stopped yet. */
    async newlyTripped(): Promise<Trip[]> {
      const trips: Trip[] = [];
      for (const [name, state] of states) {
        const settled = await state;
        const tripped = typeof settled === 'string' ? null : settled.breaker.tripped();
        if (tripped && !stopped[name]) trips.push({ platform: name, tripped });
      }
      return trips;
    },
    /** The platforms that can still be sent to: they have a channel here and no stop. */
    sendable: (trips: Trip[]) => Object.keys(channels).filter((name) => !stopped[name] && !trips.some((trip) => trip.platform === name)),
    /** Sends a page: each platform's devices through its channel, all at once. */
    async send(
      batch: Recipient[],
      options: { concurrency: number; deadline: number; more: boolean; retries: boolean; onDelivered: (platform: string, fingerprint: string) => void },
    ): Promise<RunOutcome> {
      const groups = new Map<string, Recipient[]>();
      for (const recipient of batch) {
        seen.add(recipient.platform);
        const group = groups.get(recipient.platform);
        if (group) group.push(recipient);
        else groups.set(recipient.platform, [recipient]);
      }
      const total: RunOutcome = { attempted: 0, sent: 0, failures: {}, dead: [], firstDelivered: [], retry: [], unsent: 0, byPlatform: {}, unsentByPlatform: {} };
      const add = (name: string, outcome: PageOutcome) => {
        total.attempted += outcome.attempted;
        total.sent += outcome.sent;
        for (const [reason, n] of Object.entries(outcome.failures)) total.failures[reason] = (total.failures[reason] ?? 0) + n;
        total.dead.push(...outcome.dead);
        total.firstDelivered.push(...outcome.firstDelivered);
        total.retry.push(...outcome.retry);
        total.unsent += outcome.unsent;
        if (outcome.unsent) total.unsentByPlatform[name] = outcome.unsent;
        if (outcome.sent) total.byPlatform[`${name}.sent`] = outcome.sent;
        if (outcome.attempted > outcome.sent) total.byPlatform[`${name}.failed`] = outcome.attempted - outcome.sent;
      };
      const refuse = (recipients: Recipient[], reason: string): PageOutcome => ({
        attempted: recipients.length, sent: 0, failures: { [reason]: recipients.length }, dead: [], firstDelivered: [], retry: [], unsent: 0,
      });
      const outcomes = await settleAll(
        [...groups].map(async ([name, recipients]) => {
          const stop = stopped[name];
          if (stop) return [name, refuse(recipients, stop.code)] as const;
          const state = await stateOf(name);
          if (typeof state === 'string') return [name, refuse(recipients, state)] as const;
          const { channel, fingerprint, breaker } = state;
          const tripped = breaker.tripped();
          if (tripped) return [name, { ...refuse([], tripped.code), failures: {}, unsent: recipients.length }] as const;
          const untranslatable = request.localized ? recipients.filter((recipient) => messageOf(state, recipient) === undefined) : [];
          const sendable = untranslatable.length ? recipients.filter((recipient) => messageOf(state, recipient) !== undefined) : recipients;
          const outcome = await sendPage((sink, index, recipient) => channel.dispatch(sink, index, recipient, messageOf(state, recipient), broadcastId), sendable, {
            concurrency: options.concurrency, breaker, circuit: channel.circuit, retries: options.retries, deadline: options.deadline, more: options.more,
            provenElsewhere: () => proofsOf(name).isProven(fingerprint), onDelivered: () => options.onDelivered(name, fingerprint), platform: name,
          });
          if (untranslatable.length) {
            outcome.attempted += untranslatable.length;
            outcome.failures.MessageRefused = (outcome.failures.MessageRefused ?? 0) + untranslatable.length;
          }
          return [name, outcome] as const;
        }),
      );
      for (const [name, outcome] of outcomes) add(name, outcome);
      return total;
    },
  };
}

/** Platforms stopped mid-page: their pushes that were not sent count as failed, with the stop's code. */
export function countUnsent(outcome: RunOutcome, trips: Trip[]): RunOutcome {
  let counted = outcome;
  for (const { platform, tripped } of trips) {
    const unsent = outcome.unsentByPlatform[platform] ?? 0;
    if (!unsent) continue;
    const key = `${platform}.failed`;
    counted = {
      ...counted, attempted: counted.attempted + unsent, failures: { ...counted.failures, [tripped.code]: (counted.failures[tripped.code] ?? 0) + unsent },
      byPlatform: { ...counted.byPlatform, [key]: (counted.byPlatform[key] ?? 0) + unsent },
    };
  }
  return counted;
}

/**
 * Every platform's share ends before the page does: a sender's bug on one platform must not leave another's pushes
 * in flight while the job is retried (they would go out twice). The first error is thrown once all have ended.
 */
async function settleAll<T>(tasks: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(tasks);
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<T>).value);
}

export type RunPlatforms = ReturnType<typeof createRunPlatforms>;
