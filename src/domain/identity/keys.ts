// An organization's identity keys (verified user targeting): P-256 public keys whose private halves sign the
// tokens that prove a subscription's externalId. Clarion makes a pair and shows the private key once, or
// registers the organization's own public key; it keeps public keys only. At most 10 per organization, so a
// key can be rotated (add the new one, move the signing server, delete the old).
import { createPublicKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { v7 as uuidv7 } from 'uuid';
import type { Database, Db } from '../../db/database.ts';
import { fail, invalid, notFound, ok, type Result } from '../errors.ts';
import { isUuid } from '../validate.ts';

export const MAX_IDENTITY_KEYS = 10;
export const ALGORITHM = 'ES256';

export interface IdentityKeyView {
  id: string;
  algorithm: typeof ALGORITHM;
  /** SPKI PEM. */
  publicKey: string;
  createdAt: Date;
}

export interface CreatedIdentityKey {
  key: IdentityKeyView;
  /** PKCS#8 PEM, only when Clarion made the pair: shown in this answer alone and never stored. */
  privateKey: string | null;
}

export interface IdentityDeps {
  db: Db;
  database: Pick<Database, 'transaction'>;
}

const view = (row: { id: string; publicKey: string; createdAt: Date }): IdentityKeyView => ({ id: row.id, algorithm: ALGORITHM, publicKey: row.publicKey, createdAt: row.createdAt });

const KEY_HELP = 'publicKey must be a P-256 (ES256) public key as PEM ("-----BEGIN PUBLIC KEY-----…") or as a JWK {"kty":"EC","crv":"P-256","x","y"}';

/** The organization's key as a KeyObject, from PEM text or a JWK (object or JSON text). Private keys are refused, not reduced. */
export function parsePublicKey(input: unknown): Result<KeyObject> {
  let jwk: Record<string, unknown> | null = null;
  if (typeof input === 'string' && input.trim().startsWith('{')) {
    try {
      jwk = JSON.parse(input) as Record<string, unknown>;
    } catch {
      return invalid('publicKey', `publicKey looks like JSON but does not parse; ${KEY_HELP}`);
    }
  } else if (input !== null && typeof input === 'object' && !Array.isArray(input)) jwk = input as Record<string, unknown>;
  else if (typeof input !== 'string' || !input.trim()) return invalid('publicKey', KEY_HELP);
  if (typeof input === 'string' && input.length > 4000) return invalid('publicKey', 'publicKey must be at most 4000 characters');
  if (jwk && 'd' in jwk) return invalid('publicKey', 'this JWK holds a private key ("d"); send the public key only and keep the private one on your server');
  if (!jwk && /PRIVATE KEY/.test(input as string)) return invalid('publicKey', 'this is a private key; send the public key only and keep the private one on your server');
  let key: KeyObject;
  try {
    key = jwk ? createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }) : createPublicKey({ key: (input as string).trim(), format: 'pem' });
  } catch {
    return invalid('publicKey', `publicKey is not a key Clarion can read; ${KEY_HELP}`);
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') return invalid('publicKey', `publicKey is not a P-256 key; ${KEY_HELP}`);
  return ok(key);
}

/** Makes a pair (no publicKey given) or registers the organization's own public key. */
export async function createIdentityKey(deps: IdentityDeps, organizationId: string, publicKey?: unknown): Promise<Result<CreatedIdentityKey>> {
  let key: KeyObject;
  let privateKey: string | null = null;
  if (publicKey === undefined || publicKey === null) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    key = pair.publicKey;
    privateKey = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  } else {
    const parsed = parsePublicKey(publicKey);
    if (!parsed.ok) return parsed;
    key = parsed.value;
  }
  const pem = key.export({ type: 'spki', format: 'pem' }) as string;
  const thumbprint = await calculateJwkThumbprint(key.export({ format: 'jwk' }) as JWK);
  const added = await deps.database.transaction(async (tx) => {
    // Locked so that two registrations at once cannot both pass the count or the duplicate check.
    await tx.query(`SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE`, [organizationId]);
    const [same] = await tx.query<{ id: string }>(`SELECT id::text FROM identity_keys WHERE organization_id = $1 AND thumbprint = $2`, [organizationId, thumbprint]);
    if (same) return fail<string>('CONFLICT', `this public key is already registered as ${same.id}`);
    const [{ count }] = (await tx.query<{ count: number }>(`SELECT count(*)::int AS count FROM identity_keys WHERE organization_id = $1`, [organizationId])) as [{ count: number }];
    if (count >= MAX_IDENTITY_KEYS) return fail<string>('CONFLICT', `an organization has at most ${MAX_IDENTITY_KEYS} identity keys; delete one first`);
    const id = uuidv7();
    await tx.query(`INSERT INTO identity_keys (id, organization_id, public_key, thumbprint) VALUES ($1, $2, $3, $4)`, [id, organizationId, pem, thumbprint]);
    return ok(id);
  });
  if (!added.ok) return added;
  const row = await deps.db.identityKey.findUniqueOrThrow({ where: { id: added.value } });
  return ok({ key: view(row), privateKey });
}

export async function listIdentityKeys(db: Db, organizationId: string): Promise<IdentityKeyView[]> {
  const rows = await db.identityKey.findMany({ where: { organizationId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map(view);
}

/** Deletes a key: tokens it signed stop being accepted, and subscriptions it proved stop being targeted by externalId. */
export async function deleteIdentityKey(db: Db, organizationId: string, id: string): Promise<Result<true>> {
  if (!isUuid(id)) return notFound('identity key not found');
  const { count } = await db.identityKey.deleteMany({ where: { id, organizationId } });
  return count ? ok(true) : notFound('identity key not found');
}
