import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccessTokens, FCM_SCOPE, JWT_BEARER, TokenError, type FetchToken } from './access-token.ts';
import type { ServiceAccount } from './credentials.ts';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const account: ServiceAccount = {
  projectId: 'p',
  clientEmail: 'clarion@p.iam.gserviceaccount.com',
  privateKey: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  privateKeyId: 'kid-1',
  tokenUri: 'https://oauth2.example/token',
};

/** A token endpoint in memory: records the forms and answers with a fresh token each time. */
function endpoint(answer?: () => { status: number; body: string }) {
  const forms: URLSearchParams[] = [];
  const fetchToken: FetchToken = async (url, form) => {
    expect(url).toBe(account.tokenUri);
    forms.push(new URLSearchParams(form));
    await new Promise((resolve) => setTimeout(resolve, 5));
    return answer?.() ?? { status: 200, body: JSON.stringify({ access_token: `token-${forms.length}`, expires_in: 3599, token_type: 'Bearer' }) };
  };
  return { fetchToken, forms };
}
const part = (jwt: string, i: number) => JSON.parse(Buffer.from(jwt.split('.')[i]!, 'base64url').toString());

describe('createAccessTokens', () => {
  it('signs an RS256 JWT-bearer assertion that verifies with the public key, with the claims Google wants', async () => {
    const now = 1_800_000_000_000;
    const { fetchToken, forms } = endpoint();
    await createAccessTokens({ account, fetchToken, now: () => now }).get();
    expect(forms[0]!.get('grant_type')).toBe(JWT_BEARER);
    const jwt = forms[0]!.get('assertion')!;
    const [h, c, s] = jwt.split('.');
    expect(verify('sha256', Buffer.from(`${h}.${c}`), keys.publicKey, Buffer.from(s!, 'base64url'))).toBe(true);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    expect(verify('sha256', Buffer.from(`${h}.${c}`), other, Buffer.from(s!, 'base64url'))).toBe(false);
    expect(part(jwt, 0)).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'kid-1' });
    expect(part(jwt, 1)).toEqual({ iss: account.clientEmail, scope: FCM_SCOPE, aud: account.tokenUri, iat: now / 1000, exp: now / 1000 + 3600 });
  });

  it('many concurrent callers share one request, and the token is cached', async () => {
    const { fetchToken, forms } = endpoint();
    const tokens = createAccessTokens({ account, fetchToken });
    expect(tokens.current()).toBeUndefined();
    const got = await Promise.all(Array.from({ length: 50 }, () => tokens.get()));
    expect(new Set(got)).toEqual(new Set(['token-1']));
    expect(tokens.current()).toBe('token-1');
    expect(await tokens.get()).toBe('token-1');
    expect(forms).toHaveLength(1);
  });

  it('refreshes in the background when under 5 minutes are left, serving the old token meanwhile', async () => {
    let now = 0;
    const { fetchToken, forms } = endpoint();
    const tokens = createAccessTokens({ account, fetchToken, now: () => now });
    await tokens.get();
    now = 56 * 60_000;
    expect(tokens.current()).toBe('token-1');
    expect(tokens.current()).toBe('token-1');
    await expect.poll(() => tokens.current()).toBe('token-2');
    expect(forms).toHaveLength(2);
    now = 56 * 60_000 + 3599_000;
    expect(tokens.current()).toBeUndefined();
  });

  it('after invalidate, the next get asks again; invalidating an old token does nothing', async () => {
    const { fetchToken, forms } = endpoint();
    const tokens = createAccessTokens({ account, fetchToken });
    const first = await tokens.get();
    expect(tokens.invalidate(first)).toBe(true);
    expect(tokens.current()).toBeUndefined();
    expect(await tokens.get()).toBe('token-2');
    expect(tokens.invalidate(first)).toBe(false);
    expect(tokens.current()).toBe('token-2');
    expect(forms).toHaveLength(2);
  });

  it('invalid_grant is a setting (TOKEN_REFUSED); a 503 or no answer is retry', async () => {
    const refused = createAccessTokens({ account, fetchToken: endpoint(() => ({ status: 400, body: JSON.stringify({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }) })).fetchToken });
    await expect(refused.get()).rejects.toMatchObject({ kind: 'setting', reason: 'TOKEN_REFUSED', message: expect.stringContaining('Invalid JWT Signature') });
    const failing = createAccessTokens({ account, fetchToken: endpoint(() => ({ status: 503, body: '' })).fetchToken });
    await expect(failing.get()).rejects.toMatchObject({ kind: 'retry', reason: 'TOKEN_UNAVAILABLE' });
    const unreachable = createAccessTokens({ account, fetchToken: async () => Promise.reject(new Error('ECONNREFUSED')) });
    await expect(unreachable.get()).rejects.toBeInstanceOf(TokenError);
  });
});
