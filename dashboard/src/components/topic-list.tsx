// The overview's topics: each one the organization's subscribers follow, with how many follow it, most followed first.
import { useQuery } from '../api.ts';
import { TopicsDocument } from '../topics.ts';
import { Empty, ErrorNote, Loading } from './ui.tsx';

export function TopicList({ orgId }: { orgId: string }) {
  const topics = useQuery(TopicsDocument, { organizationId: orgId });
  const list = topics.data?.organizationTopics;
  return (
    <section className="card" aria-labelledby="topics-heading">
      <h2 id="topics-heading">Topics</h2>
      {!list ? (
        topics.error ? <ErrorNote error={topics.error} /> : <Loading what="Loading the topics" />
      ) : list.length === 0 ? (
        <Empty title="No subscriber follows a topic yet.">
          <p className="muted">
            Apps subscribe a device to topics with <code>"topics": ["sports", …]</code> in <code>POST /v1/devices/{'{deviceUuid}'}/subscriptions</code>;
            a notification to topics reaches the subscribers who follow any of them.
          </p>
        </Empty>
      ) : (
        <>
          <p className="hint">A notification to topics reaches the subscribers who follow any of them; choose them in the composer.</p>
          <table className="topics" aria-labelledby="topics-heading">
            <thead>
              <tr><th scope="col">Topic</th><th scope="col">Subscribers</th></tr>
            </thead>
            <tbody>
              {list.map(({ topic, subscribers }) => (
                <tr key={topic} data-testid={`topic-${topic}`}>
                  <th scope="row"><code>{topic}</code></th>
                  <td>{subscribers.toLocaleString('en')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
