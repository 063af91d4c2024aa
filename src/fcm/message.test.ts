import { describe, expect, it } from 'vitest';
import { buildFcmMessage, messageBody, reservedDataKey } from './message.ts';
import type { NotifyRequest } from '../domain/broadcasts/request.ts';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const request = (extra: Partial<NotifyRequest> = {}): NotifyRequest => ({ body: 'Doors open at 8', target: 'all', ...extra });
function build(extra: Partial<NotifyRequest> = {}) {
  const built = buildFcmMessage(request(extra), 'broadcast-1', NOW);
  if (!built.ok) throw new Error(built.error.message);
  return built.value;
}
const sent = (extra: Partial<NotifyRequest> = {}, token = 'abc:APA91b') => JSON.parse(messageBody(build(extra), token)).message;

describe('buildFcmMessage', () => {
  it('maps an alert to notification and android blocks, the token spliced in first', () => {
    expect(sent({ title: 'Tonight' })).toEqual({
      token: 'abc:APA91b',
      notification: { title: 'Tonight', body: 'Doors open at 8' },
      android: { priority: 'high', notification: { tag: 'broadcast-1' } },
    });
  });

  it('stringifies data values: strings as they are, anything else as its JSON text', () => {
    expect(sent({ data: { s: 'text', n: 42, b: false, nil: null, o: { a: [1, 'x'] } } }).data).toEqual({ s: 'text', n: '42', b: 'false', nil: 'null', o: '{"a":[1,"x"]}' });
  });

  it.each(['from', 'message_type', 'google.c.a', 'gcm.n.e'])('refuses the reserved data key %s on field data', (key) => {
    const built = buildFcmMessage(request({ data: { [key]: 'x' } }), 'b', NOW);
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'data' });
    expect(reservedDataKey('fromage')).toBe(false);
  });

  it('priority 5 is normal, 10 and the default high', () => {
    expect(sent({ priority: 5 }).android.priority).toBe('normal');
    expect(sent({ priority: 10 }).android.priority).toBe('high');
  });

  it('turns expiration into a relative ttl, 0 into "0s", and caps it at 4 weeks', () => {
    expect(sent({ expiration: NOW / 1000 + 3600 }).android.ttl).toBe('3600s');
    expect(sent({ expiration: 0 }).android.ttl).toBe('0s');
    expect(sent({ expiration: NOW / 1000 - 10 }).android.ttl).toBe('0s');
    expect(sent({ expiration: NOW / 1000 + 365 * 86400 }).android.ttl).toBe(`${28 * 86400}s`);
    expect(sent().android.ttl).toBeUndefined();
  });

  it('uses collapseId as collapse_key and as the notification tag', () => {
    expect(sent({ collapseId: 'score' }).android).toMatchObject({ collapse_key: 'score', notification: { tag: 'score' } });
  });

  it('a background push is data only', () => {
    const message = sent({ pushType: 'background', priority: 5, data: { k: 'v' } });
    expect(message.notification).toBeUndefined();
    expect(message.android).toEqual({ priority: 'normal' });
    expect(message.data).toEqual({ k: 'v' });
  });

  it('refuses a message over 4096 bytes on field body, naming FCM', () => {
    const built = buildFcmMessage(request({ body: 'é'.repeat(2100) }), 'b', NOW);
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.error).toMatchObject({ field: 'body', message: expect.stringContaining('FCM') });
    expect(build({ body: 'x'.repeat(3900) }).bytes).toBeLessThanOrEqual(4096);
  });

  it('escapes a token that is not plain text instead of breaking the JSON', () => {
    expect(JSON.parse(messageBody(build(), 'a"b\\c')).message.token).toBe('a"b\\c');
  });
});
