// Members by invitation, through GraphQL as the dashboard uses it: an owner invites an e-mail with a role, the
// link works once for 7 days for whoever holds it, is revocable, and an account that merely claimed the e-mail
// gets nothing. setMemberRole changes roles; addMember is gone.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { graphql } from '../src/generated/graphql/gql.ts';
import { PASSWORD, SignUp, signUpAccount } from './support/accounts.ts';
import { backends } from './support/backends.ts';
import { serveDuringSuite, type TestServer } from './support/server.ts';

const CreateOrg = graphql(`
  mutation InvitationsCreateOrg($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug, isPublic: false) { id slug } }
`);
const Invite = graphql(`
  mutation InvitationsInvite($organizationId: ID!, $email: String!, $role: Role!) {
    inviteMember(organizationId: $organizationId, email: $email, role: $role) { id email role url createdAt expiresAt emailSent invitedByEmail }
  }
`);
const Accept = graphql(`
  mutation InvitationsAccept($token: String!) { acceptInvitation(token: $token) { id name viewerRole } }
`);
const Preview = graphql(`
  query InvitationsPreview($token: String!) { invitation(token: $token) { organizationName email role status expiresAt } }
`);
const Revoke = graphql(`
  mutation InvitationsRevoke($organizationId: ID!, $id: ID!) { revokeInvitation(organizationId: $organizationId, id: $id) }
`);
const Pending = graphql(`
  query InvitationsPending($id: ID!) { managedOrganization(id: $id) { invitations { id email role } members { userId email role } } }
`);
const SetRole = graphql(`
  mutation InvitationsSetRole($organizationId: ID!, $userId: ID!, $role: Role!) { setMemberRole(organizationId: $organizationId, userId: $userId, role: $role) { email role } }
`);
const Me = graphql(`
  query InvitationsMe { me { memberships { role organization { id } } } }
`);

let sequence = 0;
const tokenOf = (url: string) => url.split('/').at(-1)!;
const code = (answer: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) => answer.body.errors?.[0]?.extensions?.code;

describe.each(backends)('member invitations on $name', (backend) => {
  const suite = serveDuringSuite(backend, { dashboardUrl: 'https://dashboard.example.test' });

  async function account(prefix = 'inv') {
    const { email, cookie } = await signUpAccount(suite.server, prefix);
    return { email, headers: { cookie } };
  }
  async function ownedOrganization() {
    const owner = await account('owner');
    sequence += 1;
    const org = (await suite.server.graphql(CreateOrg, { name: `Team ${sequence}`, slug: `team-${sequence}-${Date.now()}` }, owner.headers)).body.data!.createOrganization;
    return { owner, org };
  }
  const invite = (server: TestServer, headers: Record<string, string>, organizationId: string, email: string, role: 'owner' | 'admin' = 'admin') =>
    server.graphql(Invite, { organizationId, email, role }, headers);

  it('invites with a link that works once, for whoever holds it, as the role given; the token is kept only hashed', async () => {
    const { owner, org } = await ownedOrganization();
    const invited = await invite(suite.server, owner.headers, org.id, ' Colleague@Example.test ');
    const created = invited.body.data!.inviteMember;
    expect(created).toMatchObject({ email: 'colleague@example.test', role: 'admin', emailSent: false, invitedByEmail: owner.email });
    expect(created.url).toMatch(/^https:\/\/dashboard\.example\.test\/invitations\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    const token = tokenOf(created.url);
    const [row] = await suite.storage.database.sql.query<Record<string, unknown>>('SELECT row_to_json(i)::text AS text FROM invitations i WHERE id = $1', [created.id]);
    expect(String(row!.text)).not.toContain(token);
    expect(String(row!.text)).toContain(createHash('sha256').update(token).digest('hex'));

    // The preview needs no sign-in.
    expect((await suite.server.graphql(Preview, { token })).body.data?.invitation).toMatchObject({ email: 'colleague@example.test', role: 'admin', status: 'pending' });
    const colleague = await account('colleague');
    const accepted = await suite.server.graphql(Accept, { token }, colleague.headers);
    expect(accepted.body.data?.acceptInvitation).toMatchObject({ id: org.id, viewerRole: 'admin' });
    expect((await suite.server.graphql(Preview, { token })).body.data?.invitation.status).toBe('accepted');

    // Used up: nobody else gets in with it, and the one who used it is told so.
    const another = await account('another');
    const reused = await suite.server.graphql(Accept, { token }, another.headers);
    expect(reused.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/used already/), extensions: { code: 'UNPROCESSABLE' } });
    expect(code(await suite.server.graphql(Pending, { id: org.id }, another.headers))).toBe('NOT_FOUND');
    expect(code(await suite.server.graphql(Accept, { token: 'A'.repeat(43) }, another.headers))).toBe('NOT_FOUND');
    expect(code(await suite.server.graphql(Accept, { token: 'short' }, another.headers))).toBe('NOT_FOUND');
    expect(code(await suite.server.graphql(Accept, { token }))).toBe('UNAUTHENTICATED');
  });

  it('gives the account that pre-claimed the e-mail nothing: only the holder of the link becomes a member', async () => {
    const { owner, org } = await ownedOrganization();
    // Signed up as the colleague's address before the colleague did.
    const squatterEmail = `colleague-${Date.now()}@example.test`;
    const signedUp = await suite.server.graphql(SignUp, { email: squatterEmail, password: PASSWORD });
    const squatter = { headers: { cookie: (signedUp.headers.get('set-cookie') ?? '').split(';')[0]! } };
    const invited = (await invite(suite.server, owner.headers, org.id, squatterEmail)).body.data!.inviteMember;
    // Being invited makes nobody a member, and the squatter sees nothing of the organization.
    expect((await suite.server.graphql(Me, undefined, squatter.headers)).body.data?.me?.memberships).toEqual([]);
    expect(code(await suite.server.graphql(Pending, { id: org.id }, squatter.headers))).toBe('NOT_FOUND');
    // The real colleague, who had to sign up under another address, accepts the link passed on to them.
    const colleague = await account('real-colleague');
    expect((await suite.server.graphql(Accept, { token: tokenOf(invited.url) }, colleague.headers)).body.data?.acceptInvitation.viewerRole).toBe('admin');
    const members = (await suite.server.graphql(Pending, { id: org.id }, owner.headers)).body.data!.managedOrganization.members!;
    expect(members.map((m) => m.email).sort()).toEqual([owner.email, colleague.email].sort());
    expect((await suite.server.graphql(Me, undefined, squatter.headers)).body.data?.me?.memberships).toEqual([]);
  });

  it('refuses expired and revoked links, replaces a pending invitation for the same e-mail, and lists the pending ones', async () => {
    const { owner, org } = await ownedOrganization();
    const first = (await invite(suite.server, owner.headers, org.id, 'late@example.test')).body.data!.inviteMember;
    await suite.storage.database.sql.query(`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [first.id]);
    const late = await account('late');
    const expired = await suite.server.graphql(Accept, { token: tokenOf(first.url) }, late.headers);
    expect(expired.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/expired/), extensions: { code: 'UNPROCESSABLE' } });
    expect((await suite.server.graphql(Preview, { token: tokenOf(first.url) })).body.data?.invitation.status).toBe('expired');

    const a = (await invite(suite.server, owner.headers, org.id, 'twice@example.test')).body.data!.inviteMember;
    const b = (await invite(suite.server, owner.headers, org.id, 'twice@example.test', 'owner')).body.data!.inviteMember;
    const c = (await invite(suite.server, owner.headers, org.id, 'other@example.test')).body.data!.inviteMember;
    const listed = (await suite.server.graphql(Pending, { id: org.id }, owner.headers)).body.data!.managedOrganization.invitations!;
    expect(listed.map((i) => i.id)).toEqual([c.id, b.id]);
    expect(JSON.stringify(listed)).not.toContain('/invitations/');
    expect((await suite.server.graphql(Accept, { token: tokenOf(a.url) }, late.headers)).body.errors?.[0]?.message).toMatch(/revoked/);

    expect((await suite.server.graphql(Revoke, { organizationId: org.id, id: c.id }, owner.headers)).body.data?.revokeInvitation).toBe(true);
    expect(code(await suite.server.graphql(Revoke, { organizationId: org.id, id: c.id }, owner.headers))).toBe('NOT_FOUND');
    const revoked = await suite.server.graphql(Accept, { token: tokenOf(c.url) }, late.headers);
    expect(revoked.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/revoked/), extensions: { code: 'UNPROCESSABLE' } });
    expect((await suite.server.graphql(Accept, { token: tokenOf(b.url) }, late.headers)).body.data?.acceptInvitation.viewerRole).toBe('owner');
    expect((await suite.server.graphql(Pending, { id: org.id }, owner.headers)).body.data!.managedOrganization.invitations).toEqual([]);
  });

  it('only owners invite, revoke and change roles; bad input names its field; members and repeat accepts conflict', async () => {
    const { owner, org } = await ownedOrganization();
    const admin = await account('admin');
    const token = tokenOf((await invite(suite.server, owner.headers, org.id, admin.email)).body.data!.inviteMember.url);
    await suite.server.graphql(Accept, { token }, admin.headers);
    expect(code(await invite(suite.server, admin.headers, org.id, 'x@example.test'))).toBe('FORBIDDEN');
    const outsider = await account('outsider');
    expect(code(await invite(suite.server, outsider.headers, org.id, 'x@example.test'))).toBe('NOT_FOUND');
    expect((await invite(suite.server, owner.headers, org.id, 'not an e-mail')).body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', field: 'email' });
    expect((await invite(suite.server, owner.headers, org.id, admin.email.toUpperCase())).body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', field: 'email' });
    // A member presenting another link to the same organization: refused, and the link stays usable.
    const spare = (await invite(suite.server, owner.headers, org.id, 'spare@example.test')).body.data!.inviteMember;
    expect(code(await suite.server.graphql(Accept, { token: tokenOf(spare.url) }, admin.headers))).toBe('CONFLICT');
    expect((await suite.server.graphql(Preview, { token: tokenOf(spare.url) })).body.data?.invitation.status).toBe('pending');
    expect(code(await suite.server.graphql(Revoke, { organizationId: org.id, id: spare.id }, admin.headers))).toBe('FORBIDDEN');

    const ids = Object.fromEntries((await suite.server.graphql(Pending, { id: org.id }, owner.headers)).body.data!.managedOrganization.members!.map((m) => [m.email, m.userId]));
    expect(code(await suite.server.graphql(SetRole, { organizationId: org.id, userId: ids[owner.email]!, role: 'owner' }, admin.headers))).toBe('FORBIDDEN');
    expect((await suite.server.graphql(SetRole, { organizationId: org.id, userId: ids[owner.email]!, role: 'admin' }, owner.headers)).body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', field: 'role' });
    expect((await suite.server.graphql(SetRole, { organizationId: org.id, userId: ids[admin.email]!, role: 'owner' }, owner.headers)).body.data?.setMemberRole).toEqual(
      expect.arrayContaining([{ email: admin.email, role: 'owner' }]),
    );
    // With two owners, the first may step down.
    expect((await suite.server.graphql(SetRole, { organizationId: org.id, userId: ids[owner.email]!, role: 'admin' }, owner.headers)).body.data?.setMemberRole).toEqual(
      expect.arrayContaining([{ email: owner.email, role: 'admin' }]),
    );
    expect(code(await suite.server.graphql(SetRole, { organizationId: org.id, userId: '00000000-0000-4000-8000-000000000000', role: 'admin' }, admin.headers))).toBe('NOT_FOUND');
    // addMember no longer exists.
    const gone = await suite.server.graphql('mutation { addMember(organizationId: "x", email: "y", role: admin) { email } }', undefined, owner.headers);
    expect(gone.body.errors?.[0]?.message).toMatch(/Cannot query field "addMember"/);
  });

  it('makes one member when the same link is accepted twice at once', async () => {
    const { owner, org } = await ownedOrganization();
    for (let round = 0; round < 5; round += 1) {
      const a = await account('race-a');
      const b = await account('race-b');
      const token = tokenOf((await invite(suite.server, owner.headers, org.id, `race-${round}@example.test`)).body.data!.inviteMember.url);
      const answers = await Promise.all([suite.server.graphql(Accept, { token }, a.headers), suite.server.graphql(Accept, { token }, b.headers)]);
      expect(answers.filter((answer) => answer.body.data?.acceptInvitation).length, `round ${round}`).toBe(1);
      expect(answers.map(code).filter(Boolean), `round ${round}`).toEqual(['UNPROCESSABLE']);
    }
    expect(await suite.server.db.membership.count({ where: { organizationId: org.id } })).toBe(6);
  });
});
