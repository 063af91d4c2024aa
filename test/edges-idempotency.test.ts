// One Idempotency-Key, two requests at once. A different body is a 422 (never the other request's broadcast);
// the same body gets the same broadcast, sent once. Repeated so that a race would show.
import { describe, expect, it } from 'vitest';
import { backends } from './support/backends.ts';
import { seedKey, seedOrganization, seedSubscription } from './support/seed.ts';
import { serveDuringSuite } from './support/server.ts';

const ROUNDS = 30;

describe.each(backends)('Idempotency-Key sent twice at once on $name', (backend) => {
  const suite = serveDuringSuite(backend, {}, { apns: true });

  async function organization() {
    const org = await seedOrganization(suite.server.db);
    const devices = [await seedSubscription(suite.server, org.slug), await seedSubscription(suite.server, org.slug)];
    const { key } = await seedKey(suite.server.db, org.slug);
    return { org, devices, auth: { authorization: `Bearer ${key}` } };
  }

  it('answers one of two different bodies 2xx with its own broadcast and the other 422, every time', async () => {
    const { org, auth } = await organization();
    for (let round = 0; round < ROUNDS; round += 1) {
      const key = `race-${round}`;
      const bodies = [`first ${round}`, `second ${round}`];
      const answers = await Promise.all(bodies.map((body) => suite.server.post('/v1/notify', { body, target: 'all' }, { ...auth, 'idempotency-key': key })));
      const won = answers.filter((a) => a.status === 200 || a.status === 202);
      const lost = answers.filter((a) => a.status === 422 || a.status === 409);
      expect(won, `round ${round}: ${answers.map((a) => `${a.status} ${a.text}`).join(' | ')}`).toHaveLength(1);
      expect(lost).toHaveLength(1);
      const winner = answers.indexOf(won[0]!);
      expect(won[0]!.body.body).toBe(bodies[winner]);
      expect(lost[0]!.body.error).toMatchObject({ code: lost[0]!.status === 422 ? 'UNPROCESSABLE' : 'CONFLICT', field: 'Idempotency-Key' });
      const stored = await suite.server.db.broadcast.findMany({ where: { organizationId: org.id, idempotencyKey: key } });
      expect(stored.map((b) => b.id)).toEqual([won[0]!.body.id]);
    }
    // Once finished, the different body is still a 422.
    const later = await suite.server.post('/v1/notify', { body: 'third', target: 'all' }, { ...auth, 'idempotency-key': 'race-0' });
    expect(later.status).toBe(422);
  });

  it('answers the same body twice at once with the same broadcast, sent once', async () => {
    const { org, devices, auth } = await organization();
    for (let round = 0; round < ROUNDS; round += 1) {
      const key = `same-${round}`;
      const answers = await Promise.all([0, 1].map(() => suite.server.post('/v1/notify', { body: `same ${round}`, target: 'all' }, { ...auth, 'idempotency-key': key })));
      expect(answers.map((a) => a.status).every((s) => s === 200 || s === 202), answers.map((a) => a.text).join(' | ')).toBe(true);
      expect(answers[0]!.body.id).toBe(answers[1]!.body.id);
      expect(answers[0]!.body.body).toBe(`same ${round}`);
    }
    expect(await suite.server.db.broadcast.count({ where: { organizationId: org.id } })).toBe(ROUNDS);
    for (const device of devices) expect(suite.apns.delivered(device.apnsToken)).toHaveLength(ROUNDS);
  });

  it('refuses a key holding a NUL (possible through /graphql), which PostgreSQL cannot store, naming it', async () => {
    const { org, auth } = await organization();
    const answers = [
      await suite.server.graphql('mutation { notify(input: {body: "hi", target: "all"}, idempotencyKey: "a\\u0000b") { id } }', undefined, auth),
      await suite.server.graphql('mutation($k: String) { notify(input: {body: "hi", target: "all"}, idempotencyKey: $k) { id } }', { k: 'a\u0000b' }, auth),
    ];
    for (const answer of answers) expect(answer.body.errors?.[0]).toMatchObject({ message: 'Idempotency-Key must not contain NUL characters', extensions: { code: 'VALIDATION_FAILED', field: 'Idempotency-Key' } });
    expect(await suite.server.db.broadcast.count({ where: { organizationId: org.id } })).toBe(0);
  });
});
