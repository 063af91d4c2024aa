// Keys travel as base64url text (RFC 4648 §5). Buffer.from(text, 'base64url') skips characters it does not
// know, so a key with a stray '+' or space would decode to something else instead of being refused: text is
// checked against the alphabet first.
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** The bytes of a base64url string (padding allowed), or undefined when it is not one. */
export function decodeBase64url(value: unknown): Buffer | undefined {
  if (typeof value !== 'string' || !value || !BASE64URL.test(value)) return undefined;
  // A lone trailing character carries 6 bits, fewer than a byte: no encoder writes that.
  if (value.replace(/=+$/, '').length % 4 === 1) return undefined;
  return Buffer.from(value, 'base64url');
}

/** Whether `value` is 1 to `max` characters of the base64url alphabet, no padding (a Topic, an id). */
export const isBase64urlText = (value: string, max: number) => value.length >= 1 && value.length <= max && /^[A-Za-z0-9_-]+$/.test(value);
