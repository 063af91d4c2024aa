// The stand-in is only worth its strictness: what it refuses, it must refuse as Google does.
import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FCM_SCOPE } from './access-token.ts';
import { checkAssertion, checkMessage } from './simulator-checks.ts';

const violation = (message: unknown) => {
  const answer = checkMessage(message);
  return answer && { status: answer.status, field: (answer.body as any).error.details[1]?.fieldViolations[0].field };
};

describe('checkMessage', () => {
  it('takes a well-formed message', () => {
    expect(checkMessage({ token: 't', notification: { body: 'b' }, data: { k: 'v' }, android: { priority: 'high', ttl: '30s', collapseKey: 'c', notification: { tag: 'x' } } })).toBeUndefined();
  });

  it('refuses what FCM refuses, naming the field', () => {
    expect(violation({ notification: { body: 'b' } })).toEqual({ status: 400, field: 'message' });
    expect(violation({ token: 't', topic: 'news' })).toEqual({ status: 400, field: 'message' });
    expect(violation({ token: 't', data: { n: 1 } })).toEqual({ status: 400, field: 'message.data[n].value' });
    expect(violation({ token: 't', data: { 'google.x': 'v' } })).toEqual({ status: 400, field: 'message.data' });
    expect(violation({ token: 't', android: { priority: 'urgent' } })).toEqual({ status: 400, field: 'message.android.priority' });
    expect(violation({ token: 't', android: { ttl: '30' } })).toEqual({ status: 400, field: 'message.android.ttl' });
    expect(violation({ token: 't', aps: {} })).toEqual({ status: 400, field: 'message' });
    expect(violation({ token: 't', data: { k: 'x'.repeat(4100) } })).toEqual({ status: 400, field: 'message' });
  });
});

describe('checkAssertion', () => {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const expected = { publicKey: keys.publicKey, keyId: 'kid', clientEmail: 'a@p.iam.gserviceaccount.com', tokenUri: 'https://127.0.0.1:1/token', now: 1_800_000_000_000 };
  const iat = expected.now / 1000;
  const jwt = (claims: Record<string, unknown>, key = keys.privateKey) => {
    const head = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'kid' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ iss: expected.clientEmail, aud: expected.tokenUri, scope: FCM_SCOPE, iat, exp: iat + 3600, ...claims })).toString('base64url');
    return `${head}.${body}.${sign('sha256', Buffer.from(`${head}.${body}`), key).toString('base64url')}`;
  };

  it('grants a well-signed assertion its scopes', () => {
    expect(checkAssertion(jwt({}), expected)).toEqual({ kid: 'kid', scopes: [FCM_SCOPE] });
  });

  it('answers invalid_grant to a wrong key, issuer, audience or lifetime', () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(checkAssertion(jwt({}, other), expected)).toEqual({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    expect(checkAssertion(jwt({ iss: 'b@p.iam.gserviceaccount.com' }), expected)).toMatchObject({ error: 'invalid_grant' });
    expect(checkAssertion(jwt({ aud: 'https://oauth2.googleapis.com/token' }), expected)).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('audience') });
    expect(checkAssertion(jwt({ exp: iat + 3601 }), expected)).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('iat and exp') });
    expect(checkAssertion(jwt({ iat: iat - 7200, exp: iat - 3600 }), expected)).toMatchObject({ error: 'invalid_grant' });
    expect(checkAssertion(jwt({ scope: undefined }), expected)).toMatchObject({ error: 'invalid_scope' });
  });
});
