// A broadcast's delivered and failed counts per platform, with the platform a wrong server setting stopped marked.
import { graphql } from '../generated/gql.ts';
import type { BroadcastPlatformsFragment } from '../generated/graphql.ts';
import { PLATFORMS, platformOfCode } from '../platforms.ts';
import type { Broadcast } from './broadcast.tsx';

export const BroadcastPlatforms = graphql(`
  fragment BroadcastPlatforms on Broadcast {
    byPlatform {
      ios { sent failed }
      android { sent failed }
      web { sent failed }
    }
  }
`);

export function ByPlatform({ broadcast }: { broadcast: BroadcastPlatformsFragment & Pick<Broadcast, 'error' | 'status'> }) {
  const stopped = broadcast.status === 'failed' ? undefined : platformOfCode(broadcast.error?.code);
  return (
    <section className="card" aria-labelledby="platforms-heading">
      <h2 id="platforms-heading">By platform</h2>
      <table className="platforms">
        <thead>
          <tr>
            <th scope="col">Platform</th>
            <th scope="col">Delivered</th>
            <th scope="col">Failed</th>
          </tr>
        </thead>
        <tbody>
          {PLATFORMS.map(({ key, label, service }) => {
            const counts = broadcast.byPlatform[key];
            return (
              <tr key={key} data-testid={`platform-${key}`}>
                <th scope="row">
                  {label} <span className="muted small">({service})</span>
                  {stopped?.key === key && <span className="badge status-failed">stopped</span>}
                </th>
                <td data-testid={`sent-${key}`}>{counts.sent.toLocaleString('en')}</td>
                <td data-testid={`failed-${key}`}>{counts.failed.toLocaleString('en')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
