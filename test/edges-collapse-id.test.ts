// collapseId goes into the apns-collapse-id HTTP/2 header: visible ASCII (0x21–0x7E), 1 to 64 bytes; anything
// else is a 400 naming the field, and nothing is sent.
import { describe, expect, it } from 'vitest';
import { backends } from './support/backends.ts';
import { seedKey, seedOrganization, seedSubscription } from './support/seed.ts';
import { serveDuringSuite } from './support/server.ts';

const REFUSED = ['', ' ', 'order 42', 'order\n42', 'a\rb', 'tab\there', 'nul\u0000', 'del\u007f', 'é', 'snow☃', '😀', 'c'.repeat(65), 42, null, ['a']];

describe.each(backends)('collapseId on $name', (backend) => {
  const suite = serveDuringSuite(backend, {}, { apns: true });

  it('refuses anything but 1 to 64 visible ASCII characters with 400 collapseId, sending nothing', async () => {
    const org = await seedOrganization(suite.server.db);
    const device = await seedSubscription(suite.server, org.slug);
    const auth = { authorization: `Bearer ${(await seedKey(suite.server.db, org.slug)).key}` };
    for (const collapseId of REFUSED) {
      const response = await suite.server.post('/v1/notify', { body: 'x', target: 'all', collapseId }, auth);
      expect(response.status, JSON.stringify(collapseId)).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'collapseId' });
    }
    expect(suite.apns.delivered(device.apnsToken)).toHaveLength(0);
    expect(await suite.server.db.broadcast.count({ where: { organizationId: org.id } })).toBe(0);

    const edge = `!~${'x'.repeat(60)}#}`;
    const sent = await suite.server.post('/v1/notify', { body: 'x', target: 'all', collapseId: edge }, auth);
    expect(sent.status).toBe(200);
    expect(suite.apns.delivered(device.apnsToken)[0]!.headers['apns-collapse-id']).toBe(edge);
  });
});
