// A first-in first-out queue of push slots, each with a tag (the slot's generation when it went in, so that a slot
// freed and reused since can be told apart). Typed arrays in a ring whose size is a power of two: adding and taking
// allocate nothing. It doubles when full, and `trim` gives the memory of a burst back once it has passed.
export class SlotRing {
  private slots: Int32Array;
  private tags: Uint32Array;
  private mask: number;
  private head = 0;
  count = 0;
  private readonly initial: number;

  /** `initial`: the size it starts with and never goes below; rounded up to a power of two. */
  constructor(initial = 1024) {
    this.initial = 2 ** Math.ceil(Math.log2(Math.max(initial, 2)));
    this.slots = new Int32Array(this.initial);
    this.tags = new Uint32Array(this.initial);
    this.mask = this.initial - 1;
  }

  get capacity() {
    return this.slots.length;
  }

  push(slot: number, tag = 0) {
    if (this.count === this.slots.length) this.resize(this.slots.length * 2);
    const at = (this.head + this.count) & this.mask;
    this.slots[at] = slot;
    this.tags[at] = tag;
    this.count += 1;
  }

  /** The oldest slot; only when `count > 0`. */
  first() {
    return this.slots[this.head]!;
  }

  /** The oldest slot's tag. */
  firstTag() {
    return this.tags[this.head]!;
  }

  /** Takes the oldest slot out and returns it. */
  shift() {
    const slot = this.slots[this.head]!;
    this.head = (this.head + 1) & this.mask;
    this.count -= 1;
    return slot;
  }

  /**
   * After a burst: a ring at most an eighth full shrinks to four times what it holds (not below its initial size), so
   * that a quiet pool does not keep the memory of its busiest minute. Meant for a timer, not for every push.
   */
  trim() {
    if (this.slots.length <= this.initial || this.count * 8 > this.slots.length) return;
    this.resize(Math.max(this.initial, 2 ** Math.ceil(Math.log2(Math.max(this.count * 4, 1)))));
  }

  private resize(size: number) {
    const slots = new Int32Array(size);
    const tags = new Uint32Array(size);
    for (let i = 0; i < this.count; i += 1) {
      const from = (this.head + i) & this.mask;
      slots[i] = this.slots[from]!;
      tags[i] = this.tags[from]!;
    }
    this.slots = slots;
    this.tags = tags;
    this.mask = size - 1;
    this.head = 0;
  }
}
