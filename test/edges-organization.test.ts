// updateOrganization writes only the fields given: two admins saving different fields at once keep both changes.
import { describe, expect, it } from 'vitest';
import { signUpAccount } from './support/accounts.ts';
import { backends } from './support/backends.ts';
import { serveDuringSuite } from './support/server.ts';

const CREATE = `mutation($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id } }`;
const UPDATE = `mutation($id: ID!, $description: String, $isPublic: Boolean, $brandColor: String) {
  updateOrganization(id: $id, description: $description, isPublic: $isPublic, brandColor: $brandColor) { description isPublic brandColor } }`;
const READ = `query($id: ID!) { managedOrganization(id: $id) { name description isPublic brandColor } }`;

describe.each(backends)('updateOrganization on $name', (backend) => {
  const suite = serveDuringSuite(backend);

  it('keeps both of two admins\' changes to different fields made at once', async () => {
    const owner = await signUpAccount(suite.server, 'owner');
    const admin = await signUpAccount(suite.server, 'admin');
    const created = await suite.server.graphql(CREATE, { name: 'Edited twice', slug: `edited-${Date.now()}` }, { cookie: owner.cookie });
    const id = created.body.data!.createOrganization.id as string;
    const adminUser = await suite.server.db.user.findUniqueOrThrow({ where: { email: admin.email } });
    await suite.server.db.membership.create({ data: { userId: adminUser.id, organizationId: id, role: 'admin' } });

    for (let round = 0; round < 20; round += 1) {
      const isPublic = round % 2 === 1;
      const description = `description ${round}`;
      const [privacy, text] = await Promise.all([
        suite.server.graphql(UPDATE, { id, isPublic }, { cookie: owner.cookie }),
        suite.server.graphql(UPDATE, { id, description }, { cookie: admin.cookie }),
      ]);
      expect(privacy.body.errors ?? text.body.errors).toBeUndefined();
      const now = (await suite.server.graphql(READ, { id }, { cookie: owner.cookie })).body.data!.managedOrganization;
      expect(now, `round ${round}`).toMatchObject({ name: 'Edited twice', description, isPublic, brandColor: null });
    }
    // A private organization stays private when someone saves only the description.
    await suite.server.graphql(UPDATE, { id, isPublic: false, brandColor: '#abcdef' }, { cookie: owner.cookie });
    const saved = await suite.server.graphql(UPDATE, { id, description: 'only this' }, { cookie: admin.cookie });
    expect(saved.body.data!.updateOrganization).toEqual({ description: 'only this', isPublic: false, brandColor: '#ABCDEF' });
  });
});
