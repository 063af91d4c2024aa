// FCM as a push platform of the fan-out (src/fanout/platform.ts): which settings a push is sent with,
// what to say of the setting an answer blames, and the channel a page's pushes go out through.
import { createHash } from 'node:crypto';
import type { Circuit } from '../fanout/circuit.ts';
import type { PlatformChannel, PushPlatform } from '../fanout/platform.ts';
import { adviceFor, settingOf } from './answers.ts';
import { buildFcmMessage, type FcmMessage } from './message.ts';
import type { FcmSender } from './sender.ts';

/**
 * The settings that decide which tokens FCM accepts: its origin (FCM_URL) and the Firebase project (tokens belong to
 * one project's apps). The service account's key is left out: a wrong one is refused at the token endpoint, which
 * blames no device, and a key rotated on purpose must not make the setting unproven again.
 */
export function fcmPlatform({ projectId, origin }: { projectId: string; origin: string }): PushPlatform<FcmMessage> {
  const fingerprint = createHash('sha256').update(`fcm\n${origin}\n${projectId}`).digest('hex');
  return {
    service: 'FCM',
    configurationCode: 'FCM_CONFIGURATION',
    fingerprint: () => fingerprint,
    settingOf,
    advice: (setting) => {
      const now = setting === 'FCM_CREDENTIALS' ? ` (now project "${projectId}")` : setting === 'FCM_URL' ? ` (now "${origin}")` : '';
      return `check ${setting}${now}. ${adviceFor(setting)}`;
    },
  };
}

/**
 * Android devices through an FCM sender. The message is built from the request whenever a run starts: its ttl is
 * the time left until the request's expiration then.
 */
export function fcmChannel({ sender, platform, circuit }: { sender: Pick<FcmSender, 'dispatch'>; platform: PushPlatform<FcmMessage>; circuit: Circuit }): PlatformChannel<FcmMessage> {
  return {
    platform,
    circuit,
    prepare: (request, broadcastId) => buildFcmMessage(request, broadcastId),
    dispatch: (sink, index, recipient, message) => sender.dispatch(sink, index, recipient.token, message),
  };
}
