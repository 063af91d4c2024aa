import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptPayload, encryptPayload, MAX_PLAINTEXT_BYTES } from './encrypt.ts';

// RFC 8291 §5 and Appendix A.
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_' +
    'yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};
const b = (text: string) => Buffer.from(text, 'base64url');

describe('aes128gcm (RFC 8291)', () => {
  it("encrypts the RFC's example to the RFC's body, byte for byte", () => {
    const body = encryptPayload(Buffer.from(RFC.plaintext), b(RFC.uaPublic), b(RFC.auth), { salt: b(RFC.salt), localPrivateKey: b(RFC.asPrivate) });
    expect(body.toString('base64url')).toBe(RFC.body);
    expect(body.length).toBe(86 + RFC.plaintext.length + 1 + 16);
  });

  it("decrypts the RFC's body to its plaintext with the receiver's private key", () => {
    expect(decryptPayload(b(RFC.body), b(RFC.uaPrivate), b(RFC.auth)).toString()).toBe(RFC.plaintext);
  });

  it('refuses a body with a wrong auth secret or a changed byte', () => {
    const wrongAuth = Buffer.from(b(RFC.auth));
    wrongAuth[0]! ^= 1;
    expect(() => decryptPayload(b(RFC.body), b(RFC.uaPrivate), wrongAuth)).toThrow();
    const changed = b(RFC.body);
    changed[100]! ^= 1;
    expect(() => decryptPayload(changed, b(RFC.uaPrivate), b(RFC.auth))).toThrow();
  });

  it('uses a fresh sender key and salt for every message, and round-trips the largest plaintext', () => {
    const receiver = createECDH('prime256v1');
    receiver.generateKeys();
    const auth = Buffer.alloc(16, 7);
    const plaintext = Buffer.alloc(MAX_PLAINTEXT_BYTES, 'x');
    const first = encryptPayload(plaintext, receiver.getPublicKey(), auth);
    const second = encryptPayload(plaintext, receiver.getPublicKey(), auth);
    expect(first.length).toBe(4096);
    expect(first.subarray(21, 86).equals(second.subarray(21, 86))).toBe(false);
    expect(first.subarray(0, 16).equals(second.subarray(0, 16))).toBe(false);
    expect(first.readUInt32BE(16)).toBe(4096);
    expect(decryptPayload(first, receiver, auth).equals(plaintext)).toBe(true);
    expect(decryptPayload(second, receiver, auth).equals(plaintext)).toBe(true);
    expect(() => encryptPayload(Buffer.alloc(MAX_PLAINTEXT_BYTES + 1), receiver.getPublicKey(), auth)).toThrow(RangeError);
  });
});
