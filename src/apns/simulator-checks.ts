// What the APNs stand-ins (./simulator.ts on node:http2, ./simulator-frames.ts on our own framing) check of a push,
// as Apple does: the provider JWT's signature and claims, the headers, the path's token, the payload. A pure
// function, so that both stand-ins answer every push alike; and what else they share: the record of the pushes they
// took.
import type http2 from 'node:http2';
import type { SimulatedPush } from './simulator.ts';

/**
 * Verifies a provider JWT (ES256, signed with the key whose public half is given) and gives its claims, or throws.
 * fast-jwt is loaded when a stand-in starts, not by every process that sends (./token.ts signs without it).
 */
export async function providerTokenVerifier(publicKey: string) {
  const { createVerifier } = await import('fast-jwt');
  return createVerifier({ key: publicKey, algorithms: ['ES256'], cache: true }) as (token: string) => Record<string, unknown>;
}

/** The pushes a stand-in took: how many, and the latest `keep` of them (it runs for the life of `npm start`). */
export function takenPushes(keep: number, onAccept?: (push: SimulatedPush) => void) {
  const recent: SimulatedPush[] = [];
  let accepted = 0;
  return {
    take(push: SimulatedPush) {
      accepted += 1;
      if (keep > 0) {
        if (recent.length >= keep) recent.shift();
        recent.push(push);
      }
      onAccept?.(push);
    },
    /** The latest pushes it took, oldest first (at most `keep`). */
    recent: () => [...recent],
    /** How many pushes it took. */
    accepted: () => accepted,
  };
}

/** What a push is checked against: the provider's team, the app's topic, the team's other apps, the tokens issued. */
export interface CheckedAgainst {
  teamId: string;
  topic: string;
  otherTopics?: string[];
  issued?: (deviceToken: string) => boolean;
}

const PUSH_TYPES = new Set(['alert', 'background', 'location', 'voip', 'complication', 'fileprovider', 'mdm', 'liveactivity', 'pushtotalk', 'widgets', 'controls']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function check(options: CheckedAgainst, verify: (token: string) => Record<string, unknown>, headers: http2.IncomingHttpHeaders, body: Buffer): { status: number; reason: string } | { push: SimulatedPush } {
  const path = String(headers[':path'] ?? '');
  if (headers[':method'] !== 'POST') return { status: 405, reason: 'MethodNotAllowed' };
  const match = /^\/3\/device\/([^/]*)$/.exec(path);
  if (!match) return { status: 404, reason: 'BadPath' };
  if (!match[1]) return { status: 400, reason: 'MissingDeviceToken' };
  const authorization = String(headers.authorization ?? '');
  if (!authorization.startsWith('bearer ')) return { status: 403, reason: 'MissingProviderToken' };
  try {
    const claims = verify(authorization.slice(7));
    if (claims.iss !== options.teamId) return { status: 403, reason: 'InvalidProviderToken' };
    if (typeof claims.iat !== 'number' || Date.now() / 1000 - claims.iat > 3600) return { status: 403, reason: 'ExpiredProviderToken' };
  } catch {
    return { status: 403, reason: 'InvalidProviderToken' };
  }
  if (!headers['apns-topic']) return { status: 400, reason: 'MissingTopic' };
  const otherApp = options.otherTopics?.includes(String(headers['apns-topic']));
  if (headers['apns-topic'] !== options.topic && !otherApp) return { status: 400, reason: 'TopicDisallowed' };
  const pushType = String(headers['apns-push-type'] ?? 'alert');
  if (!PUSH_TYPES.has(pushType)) return { status: 400, reason: 'InvalidPushType' };
  const priority = headers['apns-priority'];
  if (priority !== undefined && priority !== '5' && priority !== '10' && priority !== '1') return { status: 400, reason: 'BadPriority' };
  if (pushType === 'background' && priority !== '5') return { status: 400, reason: 'BadPriority' };
  if (headers['apns-expiration'] !== undefined && !/^\d+$/.test(String(headers['apns-expiration']))) return { status: 400, reason: 'BadExpirationDate' };
  if (headers['apns-collapse-id'] !== undefined && Buffer.byteLength(String(headers['apns-collapse-id'])) > 64) return { status: 400, reason: 'BadCollapseId' };
  if (headers['apns-id'] !== undefined && !UUID.test(String(headers['apns-id']))) return { status: 400, reason: 'BadMessageId' };
  // Apple knows the tokens it issued; the simulator knows at least that an all-zero one is not one of them.
  if (!/^[0-9a-f]{64,200}$/i.test(match[1]) || /^0+$/.test(match[1]) || (options.issued && !options.issued(match[1]))) return { status: 400, reason: 'BadDeviceToken' };
  if (otherApp) return { status: 400, reason: 'DeviceTokenNotForTopic' };
  if (!body.length) return { status: 400, reason: 'PayloadEmpty' };
  if (body.length > 4096) return { status: 413, reason: 'PayloadTooLarge' };
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString('utf8'));
  } catch {
    return { status: 400, reason: 'BadPayload' };
  }
  if (typeof payload !== 'object' || payload === null || typeof (payload as { aps?: unknown }).aps !== 'object') return { status: 400, reason: 'BadPayload' };
  return { push: { deviceToken: match[1], headers, payload: payload as Record<string, unknown> } };
}
