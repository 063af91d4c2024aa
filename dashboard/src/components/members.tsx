// Who manages an organization: its members (owners change roles and remove; anyone leaves), invitations by
// e-mail whose link is shown once to pass on (and e-mailed when the server has SMTP), and the pending ones.
import { useState, type FormEvent } from 'react';
import { useMutation } from '../api.ts';
import { graphql } from '../generated/gql.ts';
import type { Role } from '../generated/graphql.ts';
import type { Organization } from '../pages/organization.tsx';
import { navigate } from '../router.tsx';
import { useSession } from '../session.ts';
import { ConfirmDialog, CopyButton, ErrorNote, Field, fieldError, Select, Time } from './ui.tsx';

const RemoveMemberDocument = graphql(`
  mutation RemoveManagedMember($organizationId: ID!, $userId: ID!) { removeMember(organizationId: $organizationId, userId: $userId) { email } }
`);
const SetRoleDocument = graphql(`
  mutation SetManagedMemberRole($organizationId: ID!, $userId: ID!, $role: Role!) { setMemberRole(organizationId: $organizationId, userId: $userId, role: $role) { email } }
`);
const InviteDocument = graphql(`
  mutation InviteManagedMember($organizationId: ID!, $email: String!, $role: Role!) {
    inviteMember(organizationId: $organizationId, email: $email, role: $role) { id email url expiresAt emailSent }
  }
`);
const RevokeDocument = graphql(`
  mutation RevokeManagedInvitation($organizationId: ID!, $id: ID!) { revokeInvitation(organizationId: $organizationId, id: $id) }
`);

const ROLE_CHOICES = (
  <>
    <option value="admin">Admin: keys, settings and sending</option>
    <option value="owner">Owner: also invites and removes members</option>
  </>
);

export function Members({ organization, reload }: { organization: Organization; reload: () => Promise<void> }) {
  const { viewer, refresh } = useSession();
  const remove = useMutation(RemoveMemberDocument);
  const setRole = useMutation(SetRoleDocument);
  const [removing, setRemoving] = useState<{ userId: string; email: string }>();
  const owner = organization.viewerRole === 'owner';
  const confirmRemove = async () => {
    if (!removing || !(await remove.run({ organizationId: organization.id, userId: removing.userId }))) return;
    const left = removing.userId === viewer.id;
    setRemoving(undefined);
    if (left) {
      await refresh();
      navigate('/', { replace: true });
    } else {
      await reload();
    }
  };
  const changeRole = async (userId: string, role: Role) => {
    if (await setRole.run({ organizationId: organization.id, userId, role })) await reload();
  };
  const leaving = removing?.userId === viewer.id;
  return (
    <section className="card" aria-labelledby="members-heading">
      <h2 id="members-heading">Members</h2>
      <ul className="members">
        {organization.members?.map((member) => (
          <li key={member.userId}>
            <span>
              {member.email} {!owner && <span className="badge">{member.role}</span>}
            </span>
            <span className="member-actions">
              {owner && (
                <select className="small" aria-label={`Role of ${member.email}`} value={member.role} disabled={setRole.pending} onChange={(e) => void changeRole(member.userId, e.target.value as Role)}>
                  <option value="admin">admin</option>
                  <option value="owner">owner</option>
                </select>
              )}
              {(owner || member.userId === viewer.id) && (
                <button type="button" className="secondary small" onClick={() => setRemoving(member)} aria-label={member.userId === viewer.id ? 'Leave the organization' : `Remove ${member.email}`}>
                  {member.userId === viewer.id ? 'Leave' : 'Remove'}
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <ErrorNote error={setRole.error} fields={[]} />
      {owner ? <Invitations organization={organization} reload={reload} /> : <p className="muted">Only owners invite and remove members.</p>}
      <ConfirmDialog
        open={!!removing}
        title={leaving ? `Leave ${organization.name}?` : `Remove ${removing?.email ?? ''}?`}
        confirmLabel={leaving ? 'Leave' : 'Remove'}
        danger
        pending={remove.pending}
        onConfirm={confirmRemove}
        onCancel={() => {
          setRemoving(undefined);
          remove.clearError();
        }}
      >
        <p>{leaving ? 'You lose access to its keys, settings and history at once. An owner can invite you again.' : 'They lose access at once. You can invite them again later.'}</p>
        <ErrorNote error={remove.error} fields={[]} />
      </ConfirmDialog>
    </section>
  );
}

function Invitations({ organization, reload }: { organization: Organization; reload: () => Promise<void> }) {
  const invite = useMutation(InviteDocument);
  const revoke = useMutation(RevokeDocument);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('admin');
  const [created, setCreated] = useState<{ email: string; url: string; emailSent: boolean }>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await invite.run({ organizationId: organization.id, email, role });
    if (!result) return;
    setCreated(result.inviteMember);
    setEmail('');
    await reload();
  };
  const pending = organization.invitations ?? [];
  return (
    <>
      <form className="inline-form" onSubmit={submit} noValidate>
        <Field label="Invite by e-mail" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} hint="You get a link to pass on; it works once, for 7 days." error={fieldError(invite.error, 'email')} />
        <Select label="Role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLE_CHOICES}
        </Select>
        <button type="submit" disabled={invite.pending || !email}>
          {invite.pending ? 'Inviting…' : 'Invite'}
        </button>
        <ErrorNote error={invite.error} fields={['email']} />
      </form>
      {created && (
        <div className="reveal" role="status" aria-labelledby="invitation-link-heading">
          <h3 id="invitation-link-heading">Invitation link for {created.email}</h3>
          <p className="warning">
            {created.emailSent ? 'It was e-mailed to them too. ' : 'It was not e-mailed (the server has no SMTP, or sending failed): pass it on yourself. '}
            Copy it now: it is not shown again. Whoever opens it and signs in becomes a member, so send it only to them.
          </p>
          <div className="secret-row">
            <code className="secret" data-testid="invitation-url">{created.url}</code>
            <CopyButton value={created.url} />
          </div>
        </div>
      )}
      {pending.length > 0 && (
        <>
          <h3>Pending invitations</h3>
          <ul className="members" aria-label="Pending invitations">
            {pending.map((invitation) => (
              <li key={invitation.id}>
                <span>
                  {invitation.email} <span className="badge">{invitation.role}</span> <span className="muted">expires <Time value={invitation.expiresAt} /></span>
                </span>
                <button
                  type="button"
                  className="secondary small"
                  aria-label={`Revoke the invitation of ${invitation.email}`}
                  disabled={revoke.pending}
                  onClick={async () => {
                    if (await revoke.run({ organizationId: organization.id, id: invitation.id })) await reload();
                  }}
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
          <ErrorNote error={revoke.error} fields={[]} />
        </>
      )}
    </>
  );
}
