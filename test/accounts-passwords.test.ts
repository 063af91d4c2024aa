// Password hashes through HTTP: new ones at scrypt N=2^17, and a hash of the old format (N=2^14) is
// replaced at the next right password, and still verifies.
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRYPT_N, useScryptCostForTests, verifyPassword } from '../src/domain/accounts/passwords.ts';
import { backends } from './support/backends.ts';
import { serveDuringSuite } from './support/server.ts';

const LOG_IN = 'mutation LogIn($email: String!, $password: String!) { logIn(email: $email, password: $password) { email } }';
const SIGN_UP = 'mutation SignUp($email: String!, $password: String!) { signUp(email: $email, password: $password) { email } }';
const PASSWORD = 'an old password, still good';

/** The format stored before: scrypt$16384$8$1$salt$hash. */
function oldHash(password: string) {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 14, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

// Test files share modules (vitest.config.ts): one that signed users up before this one in the same process left the
// cheap N of test/support/accounts.ts set. This suite hashes at the real N, and puts back what it found.
let cost: number;
beforeAll(() => {
  cost = useScryptCostForTests(undefined);
});
afterAll(() => {
  useScryptCostForTests(cost);
});

describe.each(backends)('password hashes on $name', (backend) => {
  const suite = serveDuringSuite(backend);

  it('hashes new passwords at N=2^17, r=8, p=1', async () => {
    const email = `new-hash-${Date.now()}@example.test`;
    expect((await suite.server.graphql(SIGN_UP, { email, password: PASSWORD })).body.data).toEqual({ signUp: { email } });
    const { passwordHash } = await suite.server.db.user.findUniqueOrThrow({ where: { email } });
    expect(SCRYPT_N).toBe(131072);
    expect(passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('upgrades an old-format hash at the next right log-in, not at a wrong one', async () => {
    const email = `old-hash-${Date.now()}@example.test`;
    const stored = oldHash(PASSWORD);
    await suite.server.db.user.create({ data: { email, passwordHash: stored } });

    const wrong = await suite.server.graphql(LOG_IN, { email, password: 'not the password' });
    expect(wrong.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await suite.server.db.user.findUniqueOrThrow({ where: { email } })).passwordHash).toBe(stored);

    const right = await suite.server.graphql(LOG_IN, { email, password: PASSWORD });
    expect(right.body.data).toEqual({ logIn: { email } });
    const { passwordHash } = await suite.server.db.user.findUniqueOrThrow({ where: { email } });
    expect(passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword(PASSWORD, passwordHash)).toBe(true);
    expect(await verifyPassword('not the password', passwordHash)).toBe(false);

    // And the new hash signs in.
    expect((await suite.server.graphql(LOG_IN, { email, password: PASSWORD })).body.data).toEqual({ logIn: { email } });
  });
});
