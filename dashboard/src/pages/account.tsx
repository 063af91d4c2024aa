// The signed-in user's account: change the password, which ends every other session; the signed-in sessions.
import { useState, type FormEvent } from 'react';
import { useMutation } from '../api.ts';
import { SignedInSessions } from '../components/signed-in-sessions.tsx';
import { ErrorNote, Field, fieldError } from '../components/ui.tsx';
import { graphql } from '../generated/gql.ts';
import { useSession } from '../session.ts';

const ChangePasswordDocument = graphql(`
  mutation ChangeViewerPassword($currentPassword: String!, $newPassword: String!) { changePassword(currentPassword: $currentPassword, newPassword: $newPassword) { id } }
`);

export function AccountPage() {
  const { viewer } = useSession();
  const change = useMutation(ChangePasswordDocument);
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if (await change.run({ currentPassword, newPassword })) {
      setDone(true);
      setCurrent('');
      setNew('');
    }
  };
  return (
    <>
      <h1>Your account</h1>
      <p className="lead">Signed in as {viewer.email}.</p>
      <section className="card narrow" aria-labelledby="password-heading">
        <h2 id="password-heading">Change password</h2>
        <form onSubmit={submit} noValidate>
          <Field label="Current password" type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrent(e.target.value)} error={fieldError(change.error, 'currentPassword')} />
          <Field label="New password" type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.target.value)} hint="At least 10 characters." error={fieldError(change.error, 'newPassword')} />
          <ErrorNote error={change.error} fields={['currentPassword', 'newPassword']} />
          {done && (
            <p className="success" role="status">
              Password changed. Every other session, on any device, has been logged out.
            </p>
          )}
          <button type="submit" disabled={change.pending}>
            {change.pending ? 'Saving…' : 'Change password'}
          </button>
        </form>
      </section>
      <SignedInSessions />
    </>
  );
}
