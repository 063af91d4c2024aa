import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { validateOrganization } from './rules.ts';

describe('validateOrganization', () => {
  it('normalizes a valid organization', () => {
    expect(validateOrganization({ name: '  Acme  ', slug: 'acme-2', brandColor: '#a1b2c3' })).toEqual({
      ok: true,
      value: { name: 'Acme', slug: 'acme-2', description: '', logoUrl: null, brandColor: '#A1B2C3', isPublic: true, subscribeRequiresInviteCode: false },
    });
  });

  it.each([
    [{ name: '', slug: 'a' }, 'name', 'name must not be empty'],
    [{ name: 'x'.repeat(101), slug: 'a' }, 'name', 'name must be at most 100 characters'],
    [{ name: 'A', slug: '-a' }, 'slug', 'slug must be 1 to 64 lowercase letters, digits or dashes, not starting or ending with a dash'],
    [{ name: 'A', slug: 'A' }, 'slug', 'slug must be 1 to 64 lowercase letters, digits or dashes, not starting or ending with a dash'],
    [{ name: 'A', slug: 'a'.repeat(65) }, 'slug', 'slug must be 1 to 64 lowercase letters, digits or dashes, not starting or ending with a dash'],
    [{ name: 'A', slug: 'invite' }, 'slug', 'slug "invite" is reserved'],
    [{ name: 'A', slug: 'a', logoUrl: 'javascript:alert(1)' }, 'logoUrl', 'logoUrl must be an http or https URL'],
    [{ name: 'A', slug: 'a', brandColor: 'red' }, 'brandColor', 'brandColor must be a hex colour like #1A2B3C'],
    [{ name: 'A', slug: 'a', description: 'd'.repeat(1001) }, 'description', 'description must be at most 1000 characters'],
  ])('refuses %o', (input, field, message) => {
    expect(validateOrganization(input)).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', field, message } });
  });
});

describe('organization cursors', () => {
  it('round-trip and refuse anything else', () => {
    const cursor = { name: 'Zoë, "quoted"', id: '01a20182-dc6f-7744-86e6-56b3748b3e60' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of ['', 'garbage', Buffer.from('["a"]').toString('base64url'), Buffer.from('["a", "not-an-id"]').toString('base64url'), Buffer.from('{"name":"a"}').toString('base64url'), Buffer.from('["a","------------------------------------"]').toString('base64url'), Buffer.from('["a\\u0000","01a20182-dc6f-7744-86e6-56b3748b3e60"]').toString('base64url')]) {
      expect(decodeCursor(bad)).toBeNull();
    }
  });
});
