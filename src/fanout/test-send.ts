// One push outside any broadcast: a test key's send, or the composer's "Send test". It reaches one device, is
// judged as a broadcast's pushes are (a wrong setting fails it and writes off nobody), is never sent again later,
// and stores nothing but what is learned of the device and the setting.
import type { SqlClient } from '../db/sql.ts';
import type { Result } from '../domain/errors.ts';
import type { NotifyRequest } from '../domain/broadcasts/request.ts';
import type { Recipient } from './audience.ts';
import { createConfigurationBreaker } from './breaker.ts';
import { markDead, markDelivered, sendPage } from './pages.ts';
import type { Platform, PlatformChannels } from './platform.ts';
import type { SettingProofs } from './proofs.ts';
import { NOT_CONFIGURED } from './run-platforms.ts';
import { inLanguage, inLanguageError, languagesOf } from '../domain/broadcasts/localized.ts';

/** The platforms that cannot take the request's message (in one of its languages), with why (POST /v1/notify refuses it if its audience has their devices). */
export function refusingPlatforms(channels: PlatformChannels, request: NotifyRequest, broadcastId: string) {
  const refused: { platform: string; error: Result<never> }[] = [];
  for (const [platform, channel] of Object.entries(channels)) {
    for (const language of languagesOf(request)) {
      const message = channel.prepare(inLanguage(request, language), broadcastId);
      if (message.ok) continue;
      refused.push({ platform, error: language === undefined ? message : inLanguageError(message, language) });
      break;
    }
  }
  return refused;
}

const EMPTY = { attempted: 0, sent: 0, failures: {}, dead: [], firstDelivered: [], retry: [], unsent: 0 };

export async function sendTest(
  { sql, channels, proofsOf }: { sql: SqlClient; channels: PlatformChannels; proofsOf: (platform: string) => SettingProofs },
  request: NotifyRequest,
  device: Recipient,
  key: string,
) {
  const channel = channels[device.platform as Platform];
  const message = channel?.prepare(request, key);
  // POST /v1/notify refused a message the device's platform cannot take before this.
  if (!channel || !message?.ok) return { outcome: { ...EMPTY, attempted: 1, failures: { [channel ? 'MessageRefused' : NOT_CONFIGURED]: 1 } }, tripped: null };
  const fingerprint = channel.platform.fingerprint(message.value);
  const proofs = proofsOf(device.platform);
  const breaker = createConfigurationBreaker({ proven: await proofs.isProven(fingerprint), platform: channel.platform, push: message.value });
  const outcome = await sendPage((sink, index, recipient) => channel.dispatch(sink, index, recipient, message.value, key), [device], {
    concurrency: 1, breaker, provenElsewhere: () => proofs.isProven(fingerprint), platform: device.platform,
  });
  if (outcome.sent) await proofs.prove(fingerprint);
  await markDelivered(sql, outcome.firstDelivered);
  await markDead(sql, outcome.dead);
  return { outcome, tripped: breaker.tripped() };
}
