// Invite-only subscribing, through HTTP as an app and the dashboard would use it: with the setting on, a
// subscribe needs the organization's current invite code, and every refusal is the unknown slug's 404.
import { describe, expect, it } from 'vitest';
import { graphql } from '../src/generated/graphql/gql.ts';
import { signUpAccount } from './support/accounts.ts';
import { backends } from './support/backends.ts';
import { seedDevice } from './support/seed.ts';
import { serveDuringSuite, type TestServer } from './support/server.ts';

const InviteOnlyCreate = graphql(`
  mutation InviteOnlyCreate($name: String!, $slug: String!, $isPublic: Boolean) { createOrganization(name: $name, slug: $slug, isPublic: $isPublic) { id slug inviteCode } }
`);
const InviteOnlyUpdate = graphql(`
  mutation InviteOnlyUpdate($id: ID!, $subscribeRequiresInviteCode: Boolean, $name: String) {
    updateOrganization(id: $id, subscribeRequiresInviteCode: $subscribeRequiresInviteCode, name: $name) { subscribeRequiresInviteCode }
  }
`);
const InviteOnlyRegenerate = graphql(`
  mutation InviteOnlyRegenerate($organizationId: ID!) { regenerateInviteCode(organizationId: $organizationId) { inviteCode } }
`);
const InviteOnlyManaged = graphql(`
  query InviteOnlyManaged($id: ID!) { managedOrganization(id: $id) { subscribeRequiresInviteCode } }
`);
const InviteOnlyByInviteCode = graphql(`
  query InviteOnlyByInviteCode($inviteCode: String!) { organizationByInviteCode(inviteCode: $inviteCode) { slug subscribeRequiresInviteCode } }
`);
const InviteOnlySubscribe = graphql(`
  mutation InviteOnlySubscribe($deviceUuid: ID!, $orgSlug: String!, $inviteCode: String) {
    subscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug, inviteCode: $inviteCode) { orgSlug }
  }
`);

let sequence = 0;

/** A signed-in owner of a new organization (private unless told), with the setting as asked. */
async function ownedOrganization(server: TestServer, { isPublic = false, inviteOnly = false } = {}) {
  const owner = await signUpAccount(server, 'invite-only');
  const headers = { cookie: owner.cookie };
  sequence += 1;
  const created = await server.graphql(InviteOnlyCreate, { name: 'Members', slug: `members-${sequence}-${Date.now()}`, isPublic }, headers);
  const org = created.body.data!.createOrganization;
  if (inviteOnly) {
    const updated = await server.graphql(InviteOnlyUpdate, { id: org.id, subscribeRequiresInviteCode: true }, headers);
    expect(updated.body.data?.updateOrganization.subscribeRequiresInviteCode).toBe(true);
  }
  return { ...org, inviteCode: org.inviteCode!, headers };
}

describe.each(backends)('invite-only organizations on $name', (backend) => {
  const suite = serveDuringSuite(backend);
  const subscribe = (deviceUuid: string, body: Record<string, unknown>) => suite.server.post(`/v1/devices/${deviceUuid}/subscriptions`, body);
  /** Status, content type and exact body: what a client can tell apart. */
  const seen = (response: { status: number; headers: Headers; text: string }) => ({ status: response.status, type: response.headers.get('content-type'), text: response.text });
  const unknownSlug = async (deviceUuid: string) => seen(await subscribe(deviceUuid, { orgSlug: 'no-such-organization' }));

  it('is off by default: the slug alone subscribes, and a code sent along is ignored', async () => {
    const org = await ownedOrganization(suite.server);
    expect((await suite.server.graphql(InviteOnlyManaged, { id: org.id }, org.headers)).body.data?.managedOrganization.subscribeRequiresInviteCode).toBe(false);
    const { deviceUuid } = await seedDevice(suite.server);
    expect(await subscribe(deviceUuid, { orgSlug: org.slug })).toMatchObject({ status: 201, body: { orgSlug: org.slug, externalId: null } });
    const other = await seedDevice(suite.server);
    expect((await subscribe(other.deviceUuid, { orgSlug: org.slug, inviteCode: 'not-the-code' })).status).toBe(201);
  });

  it('takes any text as a code without failing its neighbours: a NUL or a lone surrogate is only a wrong code', async () => {
    const open = await ownedOrganization(suite.server);
    const closed = await ownedOrganization(suite.server, { inviteOnly: true });
    const devices = await Promise.all(Array.from({ length: 6 }, () => seedDevice(suite.server)));
    // One burst, so that the odd codes share batches with ordinary requests.
    const answers = await Promise.all([
      subscribe(devices[0]!.deviceUuid, { orgSlug: open.slug, inviteCode: 'nul\u0000inside' }),
      subscribe(devices[1]!.deviceUuid, { orgSlug: closed.slug, inviteCode: '\u0000' }),
      subscribe(devices[2]!.deviceUuid, { orgSlug: closed.slug, inviteCode: closed.inviteCode }),
      subscribe(devices[3]!.deviceUuid, { orgSlug: open.slug }),
      subscribe(devices[4]!.deviceUuid, { orgSlug: closed.slug, inviteCode: `${closed.inviteCode}\u0000` }),
      subscribe(devices[5]!.deviceUuid, { orgSlug: closed.slug, inviteCode: 'é'.repeat(3000) }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 404, 201, 201, 404, 404]);
  });

  it('when on, answers a missing, wrong or malformed code exactly as an unknown organization, and subscribes with the right one', async () => {
    const org = await ownedOrganization(suite.server, { inviteOnly: true });
    const { deviceUuid } = await seedDevice(suite.server);
    const missing = await unknownSlug(deviceUuid);
    expect(missing).toMatchObject({ status: 404 });
    expect(JSON.parse(missing.text)).toEqual({ error: { code: 'NOT_FOUND', message: 'organization not found' } });
    const wrongCode = org.inviteCode.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    for (const inviteCode of [undefined, null, wrongCode, '', org.inviteCode.toUpperCase(), `${org.inviteCode} `, 'x'.repeat(5000)]) {
      expect(seen(await subscribe(deviceUuid, { orgSlug: org.slug, inviteCode })), `inviteCode ${String(inviteCode).slice(0, 30)}`).toEqual(missing);
    }
    expect(await suite.server.db.subscription.count({ where: { organizationId: org.id } })).toBe(0);

    const first = await subscribe(deviceUuid, { orgSlug: org.slug, inviteCode: org.inviteCode, externalId: 'u1' });
    expect(first).toMatchObject({ status: 201, body: { orgSlug: org.slug, externalId: 'u1' } });
    // Subscribing again (here to change externalId) needs the code as well.
    expect(seen(await subscribe(deviceUuid, { orgSlug: org.slug, externalId: 'u2' }))).toEqual(missing);
    expect(await subscribe(deviceUuid, { orgSlug: org.slug, inviteCode: org.inviteCode, externalId: 'u2' })).toMatchObject({ status: 200, body: { externalId: 'u2' } });
    // Over GraphQL the refusal is the same NOT_FOUND too.
    const viaGraphql = await suite.server.graphql(InviteOnlySubscribe, { deviceUuid, orgSlug: org.slug, inviteCode: wrongCode });
    expect(viaGraphql.body.errors?.[0]).toMatchObject({ message: 'organization not found', extensions: { code: 'NOT_FOUND' } });
  });

  it('answers an unknown device the same whether the slug is unknown or the code wrong', async () => {
    const org = await ownedOrganization(suite.server, { inviteOnly: true });
    const nobody = '00000000-0000-4000-8000-000000000000';
    const unknown = seen(await subscribe(nobody, { orgSlug: 'no-such-organization' }));
    expect(JSON.parse(unknown.text).error.message).toBe('device not found');
    expect(seen(await subscribe(nobody, { orgSlug: org.slug, inviteCode: 'wrong' }))).toEqual(unknown);
    expect(seen(await subscribe(nobody, { orgSlug: org.slug }))).toEqual(unknown);
  });

  it('refuses the old code once the code is regenerated, accepts the new one, and keeps existing subscriptions', async () => {
    const org = await ownedOrganization(suite.server, { inviteOnly: true });
    const early = await seedDevice(suite.server);
    expect((await subscribe(early.deviceUuid, { orgSlug: org.slug, inviteCode: org.inviteCode })).status).toBe(201);
    const regenerated = (await suite.server.graphql(InviteOnlyRegenerate, { organizationId: org.id }, org.headers)).body.data!.regenerateInviteCode.inviteCode!;
    expect(regenerated).not.toBe(org.inviteCode);

    const late = await seedDevice(suite.server);
    expect(seen(await subscribe(late.deviceUuid, { orgSlug: org.slug, inviteCode: org.inviteCode }))).toEqual(await unknownSlug(late.deviceUuid));
    expect((await subscribe(late.deviceUuid, { orgSlug: org.slug, inviteCode: regenerated })).status).toBe(201);
    const subscribed = await suite.server.db.subscription.findMany({ where: { organizationId: org.id }, select: { deviceUuid: true } });
    expect(subscribed.map((s) => s.deviceUuid).sort()).toEqual([early.deviceUuid, late.deviceUuid].sort());
  });

  it('applies to a public organization too, and off again lets the slug alone subscribe', async () => {
    const org = await ownedOrganization(suite.server, { isPublic: true, inviteOnly: true });
    const { deviceUuid } = await seedDevice(suite.server);
    expect((await suite.server.get(`/v1/orgs/${org.slug}`)).status).toBe(200);
    expect(seen(await subscribe(deviceUuid, { orgSlug: org.slug }))).toEqual(await unknownSlug(deviceUuid));
    await suite.server.graphql(InviteOnlyUpdate, { id: org.id, subscribeRequiresInviteCode: false }, org.headers);
    expect((await subscribe(deviceUuid, { orgSlug: org.slug })).status).toBe(201);
  });

  it('keeps the setting when other fields change', async () => {
    const org = await ownedOrganization(suite.server, { inviteOnly: true });
    const renamed = await suite.server.graphql(InviteOnlyUpdate, { id: org.id, name: 'Renamed' }, org.headers);
    expect(renamed.body.data?.updateOrganization.subscribeRequiresInviteCode).toBe(true);
  });

  it.each([5, true, ['code'], { code: 'x' }])('answers 400 naming inviteCode for %j', async (inviteCode) => {
    const org = await ownedOrganization(suite.server, { inviteOnly: true });
    const { deviceUuid } = await seedDevice(suite.server);
    const response = await subscribe(deviceUuid, { orgSlug: org.slug, inviteCode });
    expect(response).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED', field: 'inviteCode', message: 'inviteCode must be a string' } } });
  });

  it('shows the setting to members only, and lets only members change it', async () => {
    const org = await ownedOrganization(suite.server, { inviteOnly: true });
    const member = await suite.server.graphql(InviteOnlyByInviteCode, { inviteCode: org.inviteCode }, org.headers);
    expect(member.body.data?.organizationByInviteCode).toEqual({ slug: org.slug, subscribeRequiresInviteCode: true });
    const outsider = { cookie: (await signUpAccount(suite.server, 'outsider')).cookie };
    for (const headers of [outsider, {}]) {
      const seenBy = await suite.server.graphql(InviteOnlyByInviteCode, { inviteCode: org.inviteCode }, headers);
      expect(seenBy.body.data?.organizationByInviteCode).toEqual({ slug: org.slug, subscribeRequiresInviteCode: null });
    }
    const changed = await suite.server.graphql(InviteOnlyUpdate, { id: org.id, subscribeRequiresInviteCode: false }, outsider);
    expect(changed.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await suite.server.graphql(InviteOnlyManaged, { id: org.id }, org.headers)).body.data?.managedOrganization.subscribeRequiresInviteCode).toBe(true);
  });
});
