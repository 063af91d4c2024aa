// RFC 8291 message encryption with RFC 8188's aes128gcm content coding: one record, 86-byte header.
// The cost is the ECDH, which is per message: a fresh key pair (the ephemeral key the header carries) and
// one agreement with the browser's key, about 80 µs of the push's CPU. What is not per message is kept: one
// ECDH object whose generateKeys() replaces its key pair, the info strings, and salts cut from a random pool.
import { createCipheriv, createDecipheriv, createECDH, createHmac, randomFillSync, type ECDH } from 'node:crypto';

export const RECORD_SIZE = 4096;
export const HEADER_BYTES = 86;
const TAG_BYTES = 16;
/** A push service must accept 4096 bytes of body: header, plaintext, the delimiter and the tag. */
export const MAX_PLAINTEXT_BYTES = RECORD_SIZE - HEADER_BYTES - 1 - TAG_BYTES;

const KEY_INFO = Buffer.from('WebPush: info\0');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0\x01');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0\x01');
const ONE = Buffer.from([1]);
/** The last (here, only) record ends with 0x02 and no padding. */
const LAST_RECORD = Buffer.from([2]);

const hmac = (key: Buffer, ...parts: Buffer[]) => {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part);
  return mac.digest();
};

/**
 * The content key and nonce (RFC 8291 §3.4, RFC 8188 §2.2), HKDF written out as its HMACs: five HMAC objects
 * cost a third of three hkdfSync calls, which each redo the extract step.
 */
function contentKeys(ecdhSecret: Buffer, auth: Buffer, uaPublic: Buffer, asPublic: Buffer, salt: Buffer) {
  const ikm = hmac(hmac(auth, ecdhSecret), KEY_INFO, uaPublic, asPublic, ONE);
  const prk = hmac(salt, ikm);
  return { key: hmac(prk, CEK_INFO).subarray(0, 16), nonce: hmac(prk, NONCE_INFO).subarray(0, 12) };
}

// Reused: encryption is synchronous, so no two messages share it at once.
const ephemeral = createECDH('prime256v1');

let pool = Buffer.alloc(0);
let poolAt = 0;
function freshSalt() {
  if (poolAt + 16 > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(4096));
    poolAt = 0;
  }
  poolAt += 16;
  return pool.subarray(poolAt - 16, poolAt);
}

export interface EncryptOptions {
  salt?: Buffer;
  /** The sender's private key instead of a fresh one: only to reproduce a known example (RFC 8291 §5). */
  localPrivateKey?: Buffer;
}

/** The body of a push: header (salt, rs, keyid = the sender's public key) and one encrypted record. */
export function encryptPayload(plaintext: Buffer, p256dh: Buffer, auth: Buffer, { salt = freshSalt(), localPrivateKey }: EncryptOptions = {}): Buffer {
  if (plaintext.length > MAX_PLAINTEXT_BYTES) throw new RangeError(`a Web Push plaintext is at most ${MAX_PLAINTEXT_BYTES} bytes (got ${plaintext.length})`);
  let local = ephemeral;
  let asPublic: Buffer;
  if (localPrivateKey) {
    local = createECDH('prime256v1');
    local.setPrivateKey(localPrivateKey);
    asPublic = local.getPublicKey();
  } else {
    asPublic = local.generateKeys();
  }
  const { key, nonce } = contentKeys(local.computeSecret(p256dh), auth, p256dh, asPublic, salt);
  const body = Buffer.allocUnsafe(HEADER_BYTES + plaintext.length + 1 + TAG_BYTES);
  salt.copy(body, 0);
  body.writeUInt32BE(RECORD_SIZE, 16);
  body[20] = asPublic.length;
  asPublic.copy(body, 21);
  const cipher = createCipheriv('aes-128-gcm', key, nonce);
  let at = HEADER_BYTES;
  at += cipher.update(plaintext).copy(body, at);
  at += cipher.update(LAST_RECORD).copy(body, at);
  at += cipher.final().copy(body, at);
  cipher.getAuthTag().copy(body, at);
  return body;
}

/**
 * The plaintext of a body encrypted for the receiver (its ECDH key pair, or its private key), as a browser
 * decrypts it: one record, which must end with the last-record delimiter. Throws when it does not decrypt.
 */
export function decryptPayload(body: Buffer, receiver: ECDH | Buffer, auth: Buffer): Buffer {
  if (body.length < HEADER_BYTES + 1 + TAG_BYTES) throw new Error('too short for an aes128gcm body');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  if (body[20] !== 65) throw new Error('the key id is not a 65-byte P-256 public key');
  const asPublic = body.subarray(21, HEADER_BYTES);
  const record = body.subarray(HEADER_BYTES);
  if (rs < 18 || record.length > rs) throw new Error('more than one record');
  let ecdh = receiver as ECDH;
  if (Buffer.isBuffer(receiver)) {
    ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(receiver);
  }
  const { key, nonce } = contentKeys(ecdh.computeSecret(asPublic), auth, ecdh.getPublicKey(), asPublic, salt);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_BYTES)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== 2) throw new Error('the record does not end with the last-record delimiter');
  return padded.subarray(0, end);
}
