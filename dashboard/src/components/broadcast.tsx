// How a broadcast's state reads everywhere: status badge, progress, and where it came from.
import { graphql } from '../generated/gql.ts';
import type { BroadcastSummaryFragment } from '../generated/graphql.ts';

export const BroadcastSummary = graphql(`
  fragment BroadcastSummary on Broadcast {
    id status test target externalIds title body recipients sent failed failures createdAt finishedAt
    timing { durationMs }
    apiKey { id name displayPrefix }
  }
`);

export type Broadcast = BroadcastSummaryFragment;

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge status-${status}`}>{status}</span>;
}

export function Progress({ broadcast }: { broadcast: Pick<Broadcast, 'recipients' | 'sent' | 'failed' | 'status'> }) {
  const done = broadcast.sent + broadcast.failed;
  const percent = broadcast.recipients ? Math.min(100, Math.round((done / broadcast.recipients) * 100)) : 100;
  return (
    <div className="progress">
      <progress max={100} value={percent} aria-label={`${done} of ${broadcast.recipients} devices done`} />
      <span className="muted">
        {done.toLocaleString('en')} / {broadcast.recipients.toLocaleString('en')}
      </span>
    </div>
  );
}

export const source = (broadcast: Pick<Broadcast, 'apiKey'>) => (broadcast.apiKey ? `API key “${broadcast.apiKey.name}”` : 'Dashboard');

export const failuresOf = (broadcast: Pick<Broadcast, 'failures'>) => Object.entries((broadcast.failures ?? {}) as Record<string, number>).sort((a, b) => b[1] - a[1]);
