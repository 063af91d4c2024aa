// The FCM stand-in's Google side (./simulator.ts): a service account made for it, the token endpoint that
// exchanges its signed JWTs for access tokens, and the access tokens it gave, as FCM checks them.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { JWT_BEARER } from './access-token.ts';
import { checkAssertion, hasFcmScope, rpcError, UNAUTHENTICATED, type GoogleAnswer } from './simulator-checks.ts';

/** Google's access tokens last an hour, announced as 3599 seconds. */
const LIFETIME_S = 3599;

export function createSimulatorAuth({ projectId, tokenUri }: { projectId: string; tokenUri: string }) {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyId = randomBytes(20).toString('hex');
  const clientEmail = `clarion-simulator@${projectId}.iam.gserviceaccount.com`;
  const grants = new Map<string, { expiresAt: number; scopes: string[] }>();
  let issued = 0;

  return {
    /** The key file a user would download from Firebase, with token_uri pointing at the stand-in. */
    credentials: JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: keyId,
      private_key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
      client_email: clientEmail,
      client_id: '100000000000000000000',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: tokenUri,
    }),
    publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }) as string,
    issued: () => issued,

    /** POST token_uri: a form with the JWT-bearer grant; Google's OAuth answers. */
    token(contentType: string, body: string): GoogleAnswer {
      if (!contentType.startsWith('application/x-www-form-urlencoded')) return { status: 400, body: { error: 'invalid_request', error_description: 'Bad Request' } };
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== JWT_BEARER) return { status: 400, body: { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${form.get('grant_type') ?? ''}` } };
      const checked = checkAssertion(form.get('assertion') ?? '', { publicKey: keys.publicKey, keyId, clientEmail, tokenUri, now: Date.now() });
      if ('error' in checked) return { status: 400, body: checked };
      const now = Date.now();
      for (const [old, { expiresAt }] of grants) if (expiresAt <= now) grants.delete(old);
      const value = `ya29.sim-${randomBytes(32).toString('base64url')}`;
      grants.set(value, { expiresAt: now + LIFETIME_S * 1000, scopes: checked.scopes });
      issued += 1;
      return { status: 200, body: { access_token: value, expires_in: LIFETIME_S, token_type: 'Bearer' } };
    },

    /** FCM's check of a request's authorization header: undefined when it may send. */
    refusal(authorization: string | undefined): GoogleAnswer | undefined {
      const bearer = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
      const grant = bearer ? grants.get(bearer) : undefined;
      if (!grant || grant.expiresAt <= Date.now()) return UNAUTHENTICATED;
      if (!hasFcmScope(grant.scopes)) return rpcError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.');
      return undefined;
    },

    /** Ends every access token it gave, as an hour passing would. */
    expireAll: () => grants.forEach((grant) => (grant.expiresAt = 0)),
  };
}
