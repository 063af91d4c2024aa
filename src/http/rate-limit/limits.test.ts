import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { namesAnyOf } from './limits.ts';

describe('namesAnyOf (which documents the rate limiter must see)', () => {
  const asks = namesAnyOf(new Set(['registerDevice', 'notify']));

  it('finds a limited field at the root, under an alias, in a fragment and in an inline fragment', () => {
    expect(asks(parse('mutation { registerDevice(apnsToken: "a", platform: "ios") { deviceUuid } }'))).toBe(true);
    expect(asks(parse('mutation { x: notify(body: "b") { id } }'))).toBe(true);
    expect(asks(parse('mutation { ...F } fragment F on Mutation { notify(body: "b") { id } }'))).toBe(true);
    expect(asks(parse('mutation { ... on Mutation { registerDevice(apnsToken: "a", platform: "ios") { deviceUuid } } }'))).toBe(true);
  });

  it('lets a document without one pass, and remembers the answer per document', () => {
    const document = parse('mutation { subscribeDevice(deviceUuid: "u", orgSlug: "o") { orgSlug } } query Q { notifyLater: me { id } }');
    expect(asks(document)).toBe(false);
    expect(asks(document)).toBe(false);
    // An alias named like a limited field is not that field.
    expect(asks(parse('{ registerDevice: me { id } }'))).toBe(false);
  });
});
