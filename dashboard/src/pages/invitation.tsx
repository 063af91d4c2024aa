// The page behind an invitation link: which organization and role, and (signed in) Accept. Signed out, it offers
// log-in or sign-up first and comes back here afterwards. The token stays in the path; it is sent only to
// Clarion's own API.
import { useMutation, useQuery } from '../api.ts';
import { ErrorNote, Loading, Time } from '../components/ui.tsx';
import { graphql } from '../generated/gql.ts';
import { Link, navigate } from '../router.tsx';

const PreviewDocument = graphql(`
  query InvitationPreview($token: String!) { invitation(token: $token) { organizationName email role expiresAt status } }
`);
const AcceptDocument = graphql(`
  mutation AcceptInvitation($token: String!) { acceptInvitation(token: $token) { id } }
`);

const STATUS_NOTE = {
  accepted: 'This invitation has been used already. Ask an owner of the organization for a new one.',
  expired: 'This invitation has expired. Ask an owner of the organization for a new one.',
  revoked: 'This invitation was revoked. Ask an owner of the organization for a new one.',
} as const;

export function InvitationPage({ token, signedIn, onAccepted }: { token: string; signedIn: boolean; onAccepted?: () => Promise<void> }) {
  const preview = useQuery(PreviewDocument, { token });
  const accept = useMutation(AcceptDocument);
  const invitation = preview.data?.invitation;
  const here = encodeURIComponent(`/invitations/${token}`);
  const run = async () => {
    const result = await accept.run({ token });
    if (!result) return;
    await onAccepted?.();
    navigate(`/orgs/${result.acceptInvitation.id}`);
  };
  return (
    <section className={signedIn ? undefined : 'centered card'} aria-labelledby="invitation-heading">
      <h1 id="invitation-heading">Invitation</h1>
      {preview.error && <ErrorNote error={preview.error} />}
      {!invitation && !preview.error && <Loading what="Opening the invitation" />}
      {invitation && (
        <>
          <p>
            You are invited to manage <strong>{invitation.organizationName}</strong> as {invitation.role === 'owner' ? 'an owner' : 'an admin'} (sent to{' '}
            {invitation.email}).
          </p>
          {invitation.status !== 'pending' ? (
            <p className="warning">{STATUS_NOTE[invitation.status]}</p>
          ) : signedIn ? (
            <>
              <p className="muted">
                Accepting adds the account you are signed in with, whatever its e-mail. The link works once and expires <Time value={invitation.expiresAt} />.
              </p>
              <button type="button" onClick={() => void run()} disabled={accept.pending}>
                {accept.pending ? 'Accepting…' : `Accept and open ${invitation.organizationName}`}
              </button>
              <ErrorNote error={accept.error} fields={[]} />
            </>
          ) : (
            <p>
              <Link to={`/login?next=${here}`}>Log in</Link> or <Link to={`/signup?next=${here}`}>create an account</Link> to accept it; you come back here
              afterwards.
            </p>
          )}
        </>
      )}
    </section>
  );
}
