// The variables of the Android and browser platforms (FCM_*, VAPID_*, WEB_PUSH_*), checked as src/config.ts checks
// the rest: each problem said, none of the secrets repeated.
import { readFileSync } from 'node:fs';
import type { Env } from './config-values.ts';
import { parseServiceAccount } from './fcm/credentials.ts';
import { parseHosts } from './webpush/subscription.ts';
import { parseVapidKeys } from './webpush/vapid-keys.ts';

/** FCM_CREDENTIALS or FCM_CREDENTIALS_PATH: the service-account key file's JSON, checked; undefined when neither is set. */
export function fcmCredentials(env: Env, problems: string[]) {
  let json = env.FCM_CREDENTIALS || undefined;
  if (json && env.FCM_CREDENTIALS_PATH) problems.push('set FCM_CREDENTIALS or FCM_CREDENTIALS_PATH, not both');
  if (!json && env.FCM_CREDENTIALS_PATH) {
    try {
      json = readFileSync(env.FCM_CREDENTIALS_PATH, 'utf8');
    } catch (error) {
      problems.push(`FCM_CREDENTIALS_PATH cannot be read (${(error as NodeJS.ErrnoException).code})`);
      return undefined;
    }
  }
  if (json === undefined) return undefined;
  const account = parseServiceAccount(json);
  if (!account.ok) problems.push(`${env.FCM_CREDENTIALS ? 'FCM_CREDENTIALS' : 'FCM_CREDENTIALS_PATH'}: ${account.error.message}`);
  return json;
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, checked to be a pair; undefined when neither is set. */
export function vapid(env: Env, problems: string[]) {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey && !privateKey) return undefined;
  const keys = parseVapidKeys(publicKey, privateKey);
  if (!keys.ok) {
    problems.push(keys.error.message);
    return undefined;
  }
  return keys.value;
}

/** WEB_PUSH_HOSTS, or the known push services' hosts. */
export function webPushHosts(env: Env, problems: string[]) {
  const hosts = parseHosts(env.WEB_PUSH_HOSTS);
  if (hosts.ok) return hosts.value;
  problems.push(`WEB_PUSH_HOSTS: ${hosts.error.message}`);
  return [];
}

/** A true/false variable, false when unset. */
export function flag(env: Env, name: string, problems: string[]) {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  problems.push(`${name} must be true or false (got "${env[name]}")`);
  return false;
}
