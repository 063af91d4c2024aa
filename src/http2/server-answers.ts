// The header block of a server connection's answer (./server-connection.ts), written without a dynamic table:
// `:status` from the static table (RFC 7541 Appendix A) or as a literal, one field as a literal never indexed, and
// `content-type: application/json` when a body follows. None is Huffman-coded, none enters either side's table.
import { writeInteger } from './hpack-encoder.ts';

/** Static table indexes of `:status`; any other status is a literal with name index 8. */
const STATUS_INDEX: Record<number, number> = { 200: 8, 204: 9, 206: 10, 304: 11, 400: 12, 404: 13, 500: 14 };
const CONTENT_TYPE_INDEX = 31;
const JSON_TYPE = 'application/json';

/** The most octets `writeAnswer` may write for this field. */
export const answerRoom = (name: string, value: string) => 64 + name.length + 3 * value.length + JSON_TYPE.length;

/** Writes the block into `out` from 0; returns its length. */
export function writeAnswer(out: Buffer, status: number, name: string, value: string, json: boolean) {
  const index = STATUS_INDEX[status];
  let at = 0;
  if (index) out[at++] = 0x80 | index;
  else {
    at = writeInteger(out, at, 8, 4, 0x00);
    at = writeInteger(out, at, 3, 7, 0x00);
    at += out.write(String(status), at, 'latin1');
  }
  at = literal(out, at, name, value);
  if (json) {
    at = writeInteger(out, at, CONTENT_TYPE_INDEX, 4, 0x00);
    at = writeInteger(out, at, JSON_TYPE.length, 7, 0x00);
    at += out.write(JSON_TYPE, at, 'latin1');
  }
  return at;
}

/** A literal header field never indexed, with a literal name (RFC 7541 §6.2.3). */
function literal(out: Buffer, at: number, name: string, value: string) {
  out[at++] = 0x10;
  at = writeInteger(out, at, name.length, 7, 0x00);
  at += out.write(name, at, 'latin1');
  at = writeInteger(out, at, Buffer.byteLength(value, 'latin1'), 7, 0x00);
  return at + out.write(value, at, 'latin1');
}
