import { describe, expect, it } from 'vitest';
import type { NotifyRequest } from '../domain/broadcasts/request.ts';
import { DEFAULT_TTL_SECONDS, buildWebPushMessage } from './message.ts';

const BROADCAST = '0b6f6c1e-9a7d-4c1b-8f3e-2d5a6b7c8d9e';
const NOW = 1_800_000_000_000;
const build = (request: Partial<NotifyRequest>) => {
  const result = buildWebPushMessage({ body: 'Hello', target: 'all', ...request }, BROADCAST, NOW);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('buildWebPushMessage', () => {
  it('carries body, title and data (objects stay objects) as JSON, and nothing else', () => {
    const message = build({ title: 'Hi', data: { order: { id: 7 } }, badge: 3, sound: 'x' });
    expect(JSON.parse(message.plaintext.toString())).toEqual({ body: 'Hello', title: 'Hi', data: { order: { id: 7 } } });
    expect(JSON.parse(build({}).plaintext.toString())).toEqual({ body: 'Hello' });
  });

  it('sends the TTL left until the expiration, 0 once past, and 4 weeks without one', () => {
    expect(build({ expiration: NOW / 1000 + 90 }).headers.TTL).toBe('90');
    expect(build({ expiration: NOW / 1000 - 90 }).headers.TTL).toBe('0');
    expect(build({ expiration: 0 }).headers.TTL).toBe('0');
    expect(build({}).headers.TTL).toBe(String(DEFAULT_TTL_SECONDS));
    expect(build({ expiration: NOW / 1000 + 90 }).expiration).toBe(NOW / 1000 + 90);
  });

  it('is urgent at priority 10 (the default) and normal at 5', () => {
    expect(build({}).headers.Urgency).toBe('high');
    expect(build({ priority: 10 }).headers.Urgency).toBe('high');
    expect(build({ priority: 5 }).headers.Urgency).toBe('normal');
  });

  it("takes the Topic from a collapseId of 1 to 32 base64url characters, none from another, the broadcast's without one", () => {
    expect(build({ collapseId: 'score-update_2' }).headers.Topic).toBe('score-update_2');
    expect(build({ collapseId: 'a'.repeat(32) }).headers.Topic).toBe('a'.repeat(32));
    expect(build({ collapseId: 'a'.repeat(33) }).headers).not.toHaveProperty('Topic');
    expect(build({ collapseId: 'score:update' }).headers).not.toHaveProperty('Topic');
    expect(build({ collapseId: 'a.b' }).headers).not.toHaveProperty('Topic');
    expect(build({}).headers.Topic).toBe(BROADCAST.replaceAll('-', ''));
  });

  it('refuses a payload over 3993 bytes on the body field, naming Web Push', () => {
    const fits = buildWebPushMessage({ body: 'x'.repeat(3993 - '{"body":""}'.length), target: 'all' }, BROADCAST);
    expect(fits.ok && fits.value.plaintext.length).toBe(3993);
    const result = buildWebPushMessage({ body: 'x'.repeat(3994 - '{"body":""}'.length), target: 'all' }, BROADCAST);
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', field: 'body' } });
    expect(!result.ok && result.error.message).toMatch(/Web Push/);
  });
});
