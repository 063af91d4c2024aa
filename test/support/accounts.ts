// Dashboard accounts for the tests: the sign-up and log-in documents, and a new signed-in user.
import { graphql } from '../../src/generated/graphql/gql.ts';
import { useScryptCostForTests } from '../../src/domain/accounts/passwords.ts';
import type { TestServer } from './server.ts';

// Suites that import this sign many users up: hash at the old N=2^14 (about 40 ms, not 400) so they stay
// fast. test/accounts-passwords.test.ts checks the real cost and the upgrade from 2^14.
useScryptCostForTests(2 ** 14);

export const PASSWORD = 'correct horse battery staple';

export const SignUp = graphql(`
  mutation SignUp($email: String!, $password: String!) { signUp(email: $email, password: $password) { id email } }
`);
export const LogIn = graphql(`
  mutation LogIn($email: String!, $password: String!) { logIn(email: $email, password: $password) { id email } }
`);

let accounts = 0;

/** Signs a new user up; `cookie` is the Cookie header value that carries the session. */
export async function signUpAccount(server: TestServer, prefix = 'user') {
  accounts += 1;
  const email = `${prefix}${accounts}-${Date.now()}@example.test`;
  const response = await server.graphql(SignUp, { email, password: PASSWORD });
  const setCookie = response.headers.get('set-cookie') ?? '';
  return { email, cookie: setCookie.split(';')[0]!, setCookie, response };
}
