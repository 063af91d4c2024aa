// The token that proves a subscription's externalId: a JWT the organization's own server signs with an
// identity key's private half (ES256, header kid = the key's id), with sub = the externalId, aud = the
// organization's slug, iat, and exp at most 24 hours after iat. Checked with jose; the answer to a bad token
// says which rule it broke.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { fail, ok, type Result } from '../errors.ts';

/** Longest exp - iat accepted. */
export const MAX_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
/** Clock skew allowed between the organization's server and Clarion's, for exp and iat. */
export const CLOCK_TOLERANCE_SECONDS = 60;
const MAX_TOKEN_LENGTH = 4096;

export interface StoredKey {
  id: string;
  publicKey: string;
}

// Keys never change once stored (a rotation is a new id), so their parsed form can be kept by id.
const parsed = new Map<string, KeyObject>();
function keyObject({ id, publicKey }: StoredKey) {
  let key = parsed.get(id);
  if (!key) {
    if (parsed.size > 10_000) parsed.clear();
    key = createPublicKey(publicKey);
    parsed.set(id, key);
  }
  return key;
}

const refuse = (message: string): Result<never> => fail('INVALID_EXTERNAL_ID_TOKEN', message, 'externalIdToken');

export const missingToken = () =>
  refuse('externalIdToken is missing: this organization verifies externalIds, so subscribing with one needs a token its server signed (see docs/identity-verification.md)');

/** The id of the key that signed a valid token for (externalId, slug), or INVALID_EXTERNAL_ID_TOKEN saying why not. */
export async function verifyExternalIdToken(keys: StoredKey[], token: unknown, claims: { externalId: string; orgSlug: string }, now = new Date()): Promise<Result<string>> {
  if (token === null || token === undefined || token === '') return missingToken();
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return refuse(`externalIdToken must be a JWT of at most ${MAX_TOKEN_LENGTH} characters`);
  let kid: unknown;
  try {
    ({ kid } = decodeProtectedHeader(token));
  } catch {
    return refuse('externalIdToken is not a JWT (three base64url parts with a JSON header)');
  }
  if (typeof kid !== 'string' || !kid) return refuse('externalIdToken has no kid in its header: set kid to the identity key\'s id');
  const key = keys.find((candidate) => candidate.id === kid);
  if (!key) return refuse(`externalIdToken's kid ${JSON.stringify(kid.slice(0, 64))} is not an identity key of this organization (deleted, or another organization's)`);
  try {
    const { payload } = await jwtVerify(token, keyObject(key), {
      algorithms: ['ES256'],
      audience: claims.orgSlug,
      subject: claims.externalId,
      requiredClaims: ['iat', 'exp', 'sub', 'aud'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
    });
    if (payload.iat! > now.getTime() / 1000 + CLOCK_TOLERANCE_SECONDS) return refuse('externalIdToken\'s iat is in the future');
    if (payload.exp! - payload.iat! > MAX_TOKEN_LIFETIME_SECONDS) return refuse('externalIdToken\'s exp is more than 24 hours after its iat: sign short-lived tokens');
    return ok(key.id);
  } catch (error) {
    return refuse(reason(error, claims));
  }
}

function reason(error: unknown, claims: { externalId: string; orgSlug: string }): string {
  if (error instanceof errors.JWTExpired) return 'externalIdToken has expired (exp is past): sign a new one';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return `externalIdToken lacks the "${error.claim}" claim (sub, aud, iat and exp are required)`;
    if (error.claim === 'aud') return `externalIdToken's aud must be the organization's slug, "${claims.orgSlug}"`;
    if (error.claim === 'sub') return 'externalIdToken\'s sub must be the externalId being subscribed';
    return `externalIdToken's ${error.claim} claim is not valid (${error.reason})`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'externalIdToken must be signed with ES256';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'externalIdToken\'s signature does not verify with the identity key its kid names';
  return 'externalIdToken is not a valid JWT';
}
