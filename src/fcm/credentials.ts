// The service-account key file a Firebase project gives (Project settings > Service accounts > Generate new private
// key): what Clarion needs of it to mint access tokens for FCM. Errors name the file's field at fault and never
// quote the key; the logger censors a `privateKey` field too (src/logger.ts), should an account be logged whole.
import { createPrivateKey } from 'node:crypto';
import { invalid, ok, type Result } from '../domain/errors.ts';

export interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  /** RSA private key, PEM (PKCS#8 as Google issues it). */
  privateKey: string;
  privateKeyId?: string;
  /** Where the signed JWT is exchanged for an access token (Google's, or a stand-in's). */
  tokenUri: string;
}

/** Google's token endpoint, for a key file without `token_uri` (every key file Google issues has one). */
export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

const FIELD = 'FCM_CREDENTIALS';

export function parseServiceAccount(json: string): Result<ServiceAccount> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    // JSON.parse's message can quote the text around the error: part of the key.
    return invalid(FIELD, 'the FCM service account is not JSON: expected the key file Firebase gives (Project settings > Service accounts)');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return invalid(FIELD, 'the FCM service account must be a JSON object (the key file Firebase gives)');
  const file = raw as Record<string, unknown>;
  // google-services.json (the app's file, not the server's) is the usual mix-up: it has no "type".
  if (file.type !== undefined && file.type !== 'service_account') return invalid(FIELD, `the FCM credentials are of type "${String(file.type)}"; expected a service account key ("type": "service_account")`);
  for (const name of ['project_id', 'client_email', 'private_key'] as const) {
    if (typeof file[name] !== 'string' || !(file[name] as string).trim()) return invalid(FIELD, `the FCM service account has no ${name}`);
  }
  const privateKey = file.private_key as string;
  try {
    const key = createPrivateKey(privateKey);
    if (key.asymmetricKeyType !== 'rsa') return invalid(FIELD, `the FCM service account's private_key is ${key.asymmetricKeyType ?? 'not an asymmetric'} key; Google's keys are RSA`);
  } catch {
    return invalid(FIELD, "the FCM service account's private_key is not a PEM private key");
  }
  const tokenUri = file.token_uri === undefined ? GOOGLE_TOKEN_URI : file.token_uri;
  if (typeof tokenUri !== 'string' || !isHttpsUrl(tokenUri)) return invalid(FIELD, "the FCM service account's token_uri must be an https URL");
  if (file.private_key_id !== undefined && typeof file.private_key_id !== 'string') return invalid(FIELD, "the FCM service account's private_key_id must be a string");
  const account: ServiceAccount = { projectId: (file.project_id as string).trim(), clientEmail: (file.client_email as string).trim(), privateKey, tokenUri };
  if (file.private_key_id) account.privateKeyId = file.private_key_id as string;
  return ok(account);
}

function isHttpsUrl(value: string) {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
