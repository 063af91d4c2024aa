import { Notification } from 'apns2';
import { describe, expect, it } from 'vitest';
import type { NotifyRequest } from '../domain/broadcasts/request.ts';
import { preparePush } from './payload.ts';

// The payload as apns2 maps it (how it was built before it was written in payload.ts), byte for byte.
function apns2Payload(request: NotifyRequest) {
  const background = request.pushType === 'background';
  const aps: Record<string, unknown> = {};
  if (!background) aps.alert = { ...(request.title && { title: request.title }), ...(request.subtitle && { subtitle: request.subtitle }), body: request.body };
  if (request.interruptionLevel) aps['interruption-level'] = request.interruptionLevel;
  if (request.relevanceScore !== undefined) aps['relevance-score'] = request.relevanceScore;
  const notification = new Notification('', {
    aps,
    badge: background ? undefined : request.badge,
    sound: background ? undefined : request.sound,
    category: request.category,
    threadId: request.threadId,
    data: request.data,
    mutableContent: request.mutableContent,
    contentAvailable: background ? true : undefined,
  });
  return JSON.stringify(notification.buildApnsOptions());
}

const base: NotifyRequest = { body: 'Hello', target: 'all' };
const requests: [string, NotifyRequest][] = [
  ['the body alone', base],
  ['every field', { ...base, title: 'T', subtitle: 'S', badge: 3, sound: 'ping.caf', category: 'NEWS', threadId: 'th', mutableContent: true, interruptionLevel: 'time-sensitive', relevanceScore: 0.5, data: { deep: { link: '/x' }, n: 1 } }],
  ['zero badge, no mutable content', { ...base, badge: 0, mutableContent: false }],
  ['empty title and subtitle', { ...base, title: '', subtitle: '' }],
  ['a background push', { ...base, pushType: 'background', title: 'T', badge: 2, sound: 'x', category: 'C', threadId: 't', data: { a: [1, 2] }, mutableContent: true }],
  ['data with keys APNs does not know', { ...base, data: { alert: 'not aps', 'content-available': 0, '': null } }],
];

describe('preparePush', () => {
  it.each(requests)('writes the payload apns2 wrote: %s', (_, request) => {
    const prepared = preparePush(request, 'dev.clarion.app', '01a22552-b44d-77ad-893d-0a85ed99ca3a');
    expect(prepared.ok).toBe(true);
    if (prepared.ok) expect(prepared.value.payload).toBe(apns2Payload(request));
  });

  it('refuses a payload over 4 KB', () => {
    const prepared = preparePush({ ...base, data: { big: 'x'.repeat(4096) } }, 'dev.clarion.app', 'b');
    expect(prepared).toMatchObject({ ok: false });
  });
});
