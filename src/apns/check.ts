// `npx clarion apns check`: the APNs settings tried the way a broadcast uses them, without sending to anyone.
// It mints a provider token, opens a connection to APNS_URL / APNS_ENV's host, and sends one push to a made-up
// device token (or to --token, a real device's). Apple checks the token and the topic before the device, so
// BadDeviceToken for a made-up token means the key, team and topic were accepted.
import type { Config } from '../config.ts';
import { settingOf } from './answers.ts';
import { createTransport } from './push-service.ts';
import { generateProviderKey, startSimulator } from './simulator.ts';
import { createProviderToken } from './token.ts';

const MADE_UP_TOKEN = '0'.repeat(64);

export interface CheckReport {
  ok: boolean;
  origin: string;
  topic: string;
  teamId: string;
  keyId: string;
  answer: { status: number; reason: string | null } | { error: string };
  verdict: string;
}

export async function checkApns(config: Pick<Config, 'apns' | 'apnsTopic' | 'apnsTransport'>, deviceToken?: string): Promise<CheckReport> {
  const simulator = config.apns ? undefined : await startLocalSimulator(config.apnsTopic);
  const { teamId, keyId, privateKey, origin } = config.apns ?? simulator!.settings;
  const pool = createTransport(config.apnsTransport, { origin, connections: 1, ca: simulator?.ca, requestTimeoutMs: 15_000 });
  const base = { origin, topic: config.apnsTopic, teamId, keyId };
  try {
    const bearer = createProviderToken({ teamId, keyId, privateKey }).get();
    const headers = { 'apns-topic': config.apnsTopic, 'apns-push-type': 'alert', 'apns-priority': '10', 'apns-expiration': '0', authorization: `bearer ${bearer}` };
    const probe = deviceToken ?? MADE_UP_TOKEN;
    let answer: { status: number; reason?: string };
    try {
      answer = await pool.request(`/3/device/${probe}`, headers, JSON.stringify({ aps: { alert: 'Clarion APNs check' } }));
    } catch (error) {
      return { ...base, ok: false, answer: { error: (error as Error).message }, verdict: `no answer from ${origin}: check the network, APNS_URL and APNS_ENV` };
    }
    const reason = answer.reason ?? null;
    return { ...base, ...verdictOf(answer.status, reason, deviceToken !== undefined), answer: { status: answer.status, reason } };
  } finally {
    await pool.close();
    await simulator?.close();
  }
}

function verdictOf(status: number, reason: string | null, realToken: boolean): { ok: boolean; verdict: string } {
  if (status === 200) return { ok: true, verdict: 'APNs accepted the push: the key, team, topic and environment are right' };
  if (reason === 'BadDeviceToken' && !realToken) {
    return { ok: true, verdict: 'APNs accepted the provider token and the topic (it refused the made-up device token, as it should). Pass --token <a device token> to check APNS_ENV too' };
  }
  if (reason === 'BadDeviceToken') return { ok: false, verdict: 'APNs refused this device token: it was issued for the other environment (check APNS_ENV), or it is not a device token' };
  if (reason === 'Unregistered') return { ok: true, verdict: 'APNs accepted the key, team, topic and environment; this device token is no longer registered' };
  const setting = reason ? settingOf(reason) : undefined;
  if (setting) return { ok: false, verdict: `APNs answered ${reason}: check ${setting === 'APNS_KEY_ID/APNS_TEAM_ID' ? 'APNS_KEY_ID, APNS_TEAM_ID and the .p8 key' : setting}` };
  return { ok: false, verdict: `APNs answered ${status}${reason ? ` ${reason}` : ''}` };
}

/** Without credentials Clarion sends to its simulator, so that is what gets checked. */
async function startLocalSimulator(topic: string) {
  const key = generateProviderKey();
  const simulator = await startSimulator({ teamId: 'SIMULATOR', keyId: 'SIMULATOR', publicKey: key.publicKey, topic });
  return { ...simulator, settings: { teamId: 'SIMULATOR', keyId: 'SIMULATOR', privateKey: key.privateKey, origin: simulator.origin } };
}
