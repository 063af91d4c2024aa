// The pushes a pool has taken and not yet settled. A push is a slot: a number indexing parallel arrays (typed where
// they can be), so that taking, sending and settling one makes no object. A slot's generation moves on each time it
// is taken, so that a slot number kept elsewhere (the timeout ring) can be told stale.
import type { PushSink } from '../fanout/platform.ts';
import type { Http2Connection } from '../http2/connection.ts';
import { reasonOf, TransportError, type PreparedRequest, type TransportOwner } from './transport.ts';

export class PushSlots {
  private capacity = 0;
  owners: (TransportOwner | undefined)[] = [];
  sinks: (PushSink | undefined)[] = [];
  indexes = new Int32Array(0);
  tokens: string[] = [];
  ids: string[] = [];
  requests: (PreparedRequest | undefined)[] = [];
  auths: string[] = [];
  attempts = new Uint8Array(0);
  /** 1: the token is the whole :path (a one-off request), not a device token. */
  rawPath = new Uint8Array(0);
  /** The answer's :status; 0 until a final one comes. */
  statuses = new Uint16Array(0);
  /** An error answer's body, as it came. */
  bodies: (Buffer[] | undefined)[] = [];
  /** The connection the push went out on; undefined while it waits. */
  connections: (Http2Connection | undefined)[] = [];
  streamIds = new Int32Array(0);
  /** When it was taken, then when it was sent (performance.now()). */
  startedAt = new Float64Array(0);
  generation = new Uint32Array(0);
  private free = new Int32Array(0);
  private freeCount = 0;

  /** A slot for a push, holding what it was dispatched with. */
  take(owner: TransportOwner, sink: PushSink, index: number, token: string, apnsId: string, request: PreparedRequest, authorization: string, attempt: number, raw: boolean) {
    if (this.freeCount === 0) this.grow();
    const slot = this.free[--this.freeCount]!;
    this.generation[slot] = (this.generation[slot]! + 1) >>> 0;
    this.owners[slot] = owner;
    this.sinks[slot] = sink;
    this.indexes[slot] = index;
    this.tokens[slot] = token;
    this.ids[slot] = apnsId;
    this.requests[slot] = request;
    this.auths[slot] = authorization;
    this.attempts[slot] = attempt;
    this.rawPath[slot] = raw ? 1 : 0;
    return slot;
  }

  /** A header block of the answer: its :status, unless a final one came already (1xx are not final, RFC 9113 §8.1). */
  answerHeaders(slot: number, fields: string[]) {
    if (this.statuses[slot] !== 0) return;
    for (let i = 0; i < fields.length; i += 2) {
      if (fields[i] !== ':status') continue;
      const status = Number(fields[i + 1]);
      if (status >= 200) this.statuses[slot] = status;
      return;
    }
  }

  /** Body octets of the answer, kept only for an error answer: its reason is in them. */
  answerData(slot: number, data: Buffer, start: number, end: number) {
    const status = this.statuses[slot];
    if (status === 200 || status === 0 || end <= start) return;
    const chunks = this.bodies[slot] ?? (this.bodies[slot] = []);
    if (chunks.length < 16) chunks.push(Buffer.from(data.subarray(start, end)));
  }

  /** The push's end: its slot is freed, then its owner told its answer, or `error` (or that there was none). */
  settle(slot: number, error?: TransportError) {
    const status = this.statuses[slot]!;
    const chunks = this.bodies[slot];
    const owner = this.owners[slot]!;
    const sink = this.sinks[slot]!;
    const index = this.indexes[slot]!;
    const token = this.tokens[slot]!;
    const id = this.ids[slot]!;
    const request = this.requests[slot]!;
    const auth = this.auths[slot]!;
    const attempt = this.attempts[slot]!;
    this.release(slot);
    if (error || status === 0) {
      owner.failed(sink, index, token, id, request, attempt, auth, error ?? new TransportError('stream ended without an answer', 'ConnectionError', true));
      return;
    }
    const reason = status === 200 ? undefined : reasonOf(chunks && (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    owner.answered(sink, index, token, id, request, attempt, auth, status, reason);
  }

  private release(slot: number) {
    this.owners[slot] = this.sinks[slot] = this.requests[slot] = this.connections[slot] = this.bodies[slot] = undefined;
    this.tokens[slot] = this.ids[slot] = this.auths[slot] = '';
    this.streamIds[slot] = 0;
    this.statuses[slot] = 0;
    this.free[this.freeCount++] = slot;
  }

  private grow() {
    const size = Math.max(1024, this.capacity * 2);
    const copy = <T extends Int32Array | Uint8Array | Uint16Array | Float64Array | Uint32Array>(from: T, make: (n: number) => T) => {
      const to = make(size);
      to.set(from);
      return to;
    };
    this.indexes = copy(this.indexes, (n) => new Int32Array(n));
    this.attempts = copy(this.attempts, (n) => new Uint8Array(n));
    this.rawPath = copy(this.rawPath, (n) => new Uint8Array(n));
    this.statuses = copy(this.statuses, (n) => new Uint16Array(n));
    this.streamIds = copy(this.streamIds, (n) => new Int32Array(n));
    this.startedAt = copy(this.startedAt, (n) => new Float64Array(n));
    this.generation = copy(this.generation, (n) => new Uint32Array(n));
    for (const list of [this.owners, this.sinks, this.tokens, this.ids, this.requests, this.auths, this.bodies, this.connections] as unknown[][]) list.length = size;
    const free = new Int32Array(size);
    free.set(this.free.subarray(0, this.freeCount));
    for (let slot = size - 1; slot >= this.capacity; slot -= 1) free[this.freeCount++] = slot;
    this.free = free;
    this.capacity = size;
  }
}
