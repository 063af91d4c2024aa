// The APNs variables (APNS_TEAM_ID, APNS_KEY_ID, APNS_PRIVATE_KEY or _PATH, APNS_TOPIC, APNS_ENV, APNS_URL), checked
// as src/config.ts checks the rest: each problem said, the key never repeated.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { url, type Env } from './config-values.ts';

export interface ApnsConfig {
  teamId: string;
  keyId: string;
  /** The .p8 key (PEM). Never logged. */
  privateKey: string;
  origin: string;
}

const APNS_HOSTS = { production: 'https://api.push.apple.com', sandbox: 'https://api.sandbox.push.apple.com' } as const;

export function apnsConfig(env: Env, problems: string[]): ApnsConfig | undefined {
  const names = ['APNS_TEAM_ID', 'APNS_KEY_ID', 'APNS_PRIVATE_KEY', 'APNS_PRIVATE_KEY_PATH'];
  if (!names.some((name) => env[name])) return undefined;
  let privateKey = env.APNS_PRIVATE_KEY?.replace(/\\n/g, '\n');
  if (!privateKey && env.APNS_PRIVATE_KEY_PATH) {
    try {
      privateKey = readFileSync(env.APNS_PRIVATE_KEY_PATH, 'utf8');
    } catch (error) {
      problems.push(`APNS_PRIVATE_KEY_PATH cannot be read (${(error as NodeJS.ErrnoException).code})`);
    }
  }
  for (const name of ['APNS_TEAM_ID', 'APNS_KEY_ID', 'APNS_TOPIC']) if (!env[name]) problems.push(`${name} is required with APNs credentials`);
  if (!privateKey && !env.APNS_PRIVATE_KEY_PATH) problems.push('APNS_PRIVATE_KEY or APNS_PRIVATE_KEY_PATH is required with APNs credentials');
  if (privateKey) {
    const problem = providerKeyProblem(privateKey);
    if (problem) problems.push(`${env.APNS_PRIVATE_KEY ? 'APNS_PRIVATE_KEY' : 'APNS_PRIVATE_KEY_PATH'} ${problem}`);
  }
  const apnsEnv = env.APNS_ENV ?? 'production';
  if (apnsEnv !== 'production' && apnsEnv !== 'sandbox') problems.push(`APNS_ENV must be production or sandbox (got "${apnsEnv}")`);
  const origin = url(env, 'APNS_URL', ['https:'], problems) ?? APNS_HOSTS[apnsEnv === 'sandbox' ? 'sandbox' : 'production'];
  return { teamId: env.APNS_TEAM_ID ?? '', keyId: env.APNS_KEY_ID ?? '', privateKey: privateKey ?? '', origin };
}

/** Why a .p8 key cannot sign APNs provider tokens (ES256 needs a P-256 private key), or undefined when it can. */
export function providerKeyProblem(pem: string): string | undefined {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    return 'is not a private key in PEM form (the .p8 file Apple gives, from -----BEGIN PRIVATE KEY----- to its END line)';
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    return `is an ${key.asymmetricKeyType ?? 'unknown'}${key.asymmetricKeyDetails?.namedCurve ? ` ${key.asymmetricKeyDetails.namedCurve}` : ''} key; APNs needs the P-256 (ES256) key of an Apple .p8 file`;
  }
  return undefined;
}
