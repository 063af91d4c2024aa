// How a broadcast's state reads everywhere: status badge, what the status means, what stopped it (all of it, or one
// platform), progress, and where it came from.
import type { ReactNode } from 'react';
import { graphql } from '../generated/gql.ts';
import type { BroadcastSummaryFragment } from '../generated/graphql.ts';
import { platformOfCode } from '../platforms.ts';
import { Time } from './ui.tsx';

export const BroadcastSummary = graphql(`
  fragment BroadcastSummary on Broadcast {
    id status test target externalIds topics languages title body recipients sent failed opened failures createdAt sendAt finishedAt
    error { code message }
    timing { durationMs }
    apiKey { id name displayPrefix }
  }
`);

export type Broadcast = BroadcastSummaryFragment;

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge status-${status}`}>{status}</span>;
}

/** Scheduled and sending broadcasts can still be stopped; the others are over. */
export const cancellable = (broadcast: Pick<Broadcast, 'status'>) => broadcast.status === 'scheduled' || broadcast.status === 'sending';

/** Cancelled while still scheduled: it never started, so its sendAt is not when anything went out. */
export const cancelledBeforeItsTime = (broadcast: Pick<Broadcast, 'status' | 'sendAt' | 'finishedAt'>) =>
  broadcast.status === 'cancelled' && !!broadcast.sendAt && !!broadcast.finishedAt && Date.parse(broadcast.finishedAt) < Date.parse(broadcast.sendAt);

/** When it went out, or will: the scheduled time if there is one that counts, else when it was made. */
export const sentAt = (broadcast: Pick<Broadcast, 'status' | 'sendAt' | 'finishedAt' | 'createdAt'>) =>
  broadcast.sendAt && !cancelledBeforeItsTime(broadcast) ? broadcast.sendAt : broadcast.createdAt;

/** A line beside the badge for the states a badge alone does not explain; null for the others. */
export function statusNote(broadcast: Pick<Broadcast, 'status' | 'sendAt' | 'finishedAt' | 'sent' | 'recipients' | 'error'>): ReactNode {
  if (broadcast.status === 'scheduled') {
    return <span data-testid="send-at">Sends <Time value={broadcast.sendAt} exact /></span>;
  }
  if (broadcast.status === 'cancelled') {
    if (cancelledBeforeItsTime(broadcast)) return <span>Cancelled before its time; nothing was sent</span>;
    return <span>Cancelled after {broadcast.sent.toLocaleString('en')} of {broadcast.recipients.toLocaleString('en')} sent</span>;
  }
  if (broadcast.status === 'failed' && broadcast.error) return <span data-testid="broadcast-error">{broadcast.error.message}</span>;
  if (broadcast.error) return <span>{stoppedPart(broadcast.error.code)}</span>;
  return null;
}

/** A broadcast that did not fail as a whole can still have an error: a wrong setting stopped one platform. */
const stoppedPart = (code: string) => {
  const platform = platformOfCode(code);
  return platform ? `Sending to ${platform.label} devices was stopped by a server setting` : 'Part of this broadcast was stopped';
};

/**
 * The broadcast's error, whatever its status: the whole message when it failed; when it went on (one platform
 * stopped, the others sent to), a warning naming the stopped platform above the message.
 */
export function BroadcastError({ broadcast }: { broadcast: Pick<Broadcast, 'status' | 'error'> }) {
  const { error, status } = broadcast;
  if (!error) return null;
  if (status === 'failed') {
    return (
      <p className="error">
        <span data-testid="broadcast-error">{error.message}</span>
      </p>
    );
  }
  return (
    <div className="warning" data-testid="platform-stopped">
      <p className="warning-title">
        <strong>{stoppedPart(error.code)}.</strong> Devices of the other platforms {status === 'sending' ? 'are being' : 'were'} sent to as usual.
      </p>
      <p data-testid="broadcast-error">{error.message}</p>
    </div>
  );
}

export function Progress({ broadcast }: { broadcast: Pick<Broadcast, 'recipients' | 'sent' | 'failed' | 'status'> }) {
  const done = broadcast.sent + broadcast.failed;
  const percent = broadcast.recipients ? Math.min(100, Math.round((done / broadcast.recipients) * 100)) : 100;
  if (broadcast.status === 'scheduled') return <span className="muted">not started</span>;
  return (
    <div className="progress">
      <progress max={100} value={percent} aria-label={`${done} of ${broadcast.recipients} devices done`} />
      <span className="muted">
        {done.toLocaleString('en')} / {broadcast.recipients.toLocaleString('en')}
      </span>
    </div>
  );
}

/**
 * When to look again at broadcasts that are still moving: every second while one sends; for a scheduled
 * one, when its time comes (at most 15 s away, so a cancel elsewhere shows soon). Undefined when none moves.
 */
export function nextPoll(broadcasts: Pick<Broadcast, 'status' | 'sendAt'>[]): number | undefined {
  if (broadcasts.some((b) => b.status === 'sending')) return 1000;
  const starts = broadcasts.filter((b) => b.status === 'scheduled').map((b) => (b.sendAt ? Date.parse(b.sendAt) - Date.now() : 0));
  return starts.length ? Math.min(15_000, Math.max(1000, Math.min(...starts))) : undefined;
}

/** Who it was for, in a few words: everyone, chosen users, or the followers of topics. */
export function audienceOf(broadcast: Pick<Broadcast, 'target' | 'externalIds' | 'topics'>, { short = false } = {}) {
  if (broadcast.target === 'users') return short ? `${broadcast.externalIds?.length ?? 0} chosen users` : `Users: ${broadcast.externalIds?.join(', ')}`;
  if (broadcast.target === 'topics') return `${short ? 'Topics' : 'Followers of any of the topics'}: ${broadcast.topics?.join(', ') ?? ''}`;
  return 'All subscribers';
}

export const source = (broadcast: Pick<Broadcast, 'apiKey'>) => (broadcast.apiKey ? `API key “${broadcast.apiKey.name}”` : 'Dashboard');

export const failuresOf = (broadcast: Pick<Broadcast, 'failures'>) => Object.entries((broadcast.failures ?? {}) as Record<string, number>).sort((a, b) => b[1] - a[1]);
