// The account page's "Signed-in sessions": every browser signed in as this user, when it signed in,
// when it was last seen and its user agent, each with an "End" button (this browser is marked).
import { useState } from 'react';
import { useMutation, useQuery } from '../api.ts';
import { ErrorNote, Loading, Time } from './ui.tsx';
import { graphql } from '../generated/gql.ts';

const SessionsDocument = graphql(`
  query ViewerSessions { me { id sessions { id createdAt lastSeenAt userAgent current } } }
`);
const EndSessionDocument = graphql(`
  mutation EndViewerSession($id: ID!) { endSession(id: $id) }
`);

export function SignedInSessions() {
  const sessions = useQuery(SessionsDocument, {});
  const end = useMutation(EndSessionDocument);
  const [ended, setEnded] = useState<string>();
  const finish = async (id: string) => {
    if (await end.run({ id })) {
      setEnded(id);
      await sessions.reload();
    }
  };
  const list = sessions.data?.me?.sessions;
  return (
    <section className="card" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Signed-in sessions</h2>
      <p className="muted">Sessions end after 7 days without use, and 30 days after signing in at the latest.</p>
      {sessions.error && <ErrorNote error={sessions.error} />}
      <ErrorNote error={end.error} />
      {ended && <p className="success" role="status">Session ended: that browser is signed out.</p>}
      {!list && !sessions.error && <Loading what="Loading sessions" />}
      {list && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Browser</th>
                <th scope="col">Signed in</th>
                <th scope="col">Last seen</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {list.map((session) => (
                <tr key={session.id} data-session={session.id}>
                  <td>
                    {session.userAgent ?? <span className="muted">unknown</span>}
                    {session.current && <> <span className="badge">This browser</span></>}
                  </td>
                  <td><Time value={session.createdAt} /></td>
                  <td><Time value={session.lastSeenAt} /></td>
                  <td>
                    <button type="button" className="danger small" disabled={end.pending} onClick={() => void finish(session.id)} aria-label={session.current ? 'End this session (sign out here)' : `End the session of ${session.userAgent ?? 'an unknown browser'}`}>
                      End
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
