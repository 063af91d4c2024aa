// The log-in throttle through HTTP from real client addresses: the client socket is bound to another
// loopback address (127.0.0.2, 127.0.0.10…) and the server counts the peer address it sees.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signUpAccount } from './support/accounts.ts';
import { backends } from './support/backends.ts';
import { serveDuringSuite } from './support/server.ts';

const LOG_IN = 'mutation LogIn($email: String!, $password: String!) { logIn(email: $email, password: $password) { email } }';

/** POSTs a log-in to `url` from `localAddress`; answers status, Retry-After and the error code. */
function logInFrom(url: string, localAddress: string, email: string, password: string) {
  const body = JSON.stringify({ query: LOG_IN, variables: { email, password } });
  return new Promise<{ status: number; retryAfter: string | undefined; code: string | undefined; email: string | undefined }>((resolve, reject) => {
    const req = request(`${url}/graphql`, { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        const parsed = JSON.parse(text);
        resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'] as string | undefined, code: parsed.errors?.[0]?.extensions?.code, email: parsed.data?.logIn?.email });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(backends)('the log-in throttle on $name', (backend) => {
  // 5 failures per (e-mail, address), 20 per address; one e-mail is slowed past 10 from all addresses.
  const suite = serveDuringSuite(backend, { loginFailuresPerEmail: 5, loginFailuresPerIp: 20 });

  it('does not let failures from one address refuse the right password from another', async () => {
    const { email } = await signUpAccount(suite.server, 'throttle-pair');
    const answers = [];
    for (let i = 0; i < 8; i += 1) answers.push(await logInFrom(suite.server.url, '127.0.0.2', email, 'wrong password!'));
    expect(answers.slice(0, 5).map((a) => a.code)).toEqual(Array(5).fill('UNAUTHENTICATED'));
    expect(answers.slice(5).map((a) => a.code)).toEqual(Array(3).fill('RATE_LIMITED'));
    expect(answers[7]).toMatchObject({ status: 429 });
    expect(Number(answers[7]!.retryAfter)).toBeGreaterThan(0);
    // The right password from 127.0.0.2 is refused too (its budget for this e-mail is used)…
    expect(await logInFrom(suite.server.url, '127.0.0.2', email, PASSWORD)).toMatchObject({ code: 'RATE_LIMITED' });
    // …but from 127.0.0.1 it signs in.
    expect(await logInFrom(suite.server.url, '127.0.0.1', email, PASSWORD)).toMatchObject({ status: 200, email });
  });

  it('refuses an address past its budget across e-mails', async () => {
    const accounts = await Promise.all(Array.from({ length: 5 }, () => signUpAccount(suite.server, 'throttle-ip')));
    const codes = [];
    for (let i = 0; i < 22; i += 1) codes.push((await logInFrom(suite.server.url, '127.0.0.3', accounts[i % 5]!.email, 'wrong password!')).code);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill('UNAUTHENTICATED'));
    expect(codes.slice(20)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    // Even the right password, from that address; another address is unaffected.
    expect(await logInFrom(suite.server.url, '127.0.0.3', accounts[0]!.email, PASSWORD)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await logInFrom(suite.server.url, '127.0.0.4', accounts[0]!.email, PASSWORD)).toMatchObject({ status: 200 });
  });

  it('slows guessing against one e-mail from many addresses, without locking its owner out', async () => {
    const { email } = await signUpAccount(suite.server, 'throttle-spread');
    // Ten addresses, one wrong password each: all checked (10 = 2 × the per-address budget).
    for (let i = 0; i < 10; i += 1) expect(await logInFrom(suite.server.url, `127.0.0.${20 + i}`, email, 'wrong password!')).toMatchObject({ code: 'UNAUTHENTICATED' });
    // The eleventh address must wait: a 429 with the delay (1 s after the tenth failure).
    const slowed = await logInFrom(suite.server.url, '127.0.0.40', email, 'wrong password!');
    expect(slowed).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: '1' });
    // The owner is slowed the same way, never for more than a minute (not locked out).
    const owner = await logInFrom(suite.server.url, '127.0.0.1', email, PASSWORD);
    expect(owner.code).toBe('RATE_LIMITED');
    expect(Number(owner.retryAfter)).toBeLessThanOrEqual(60);
  });
});
