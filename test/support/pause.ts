/** A transaction held at a point: `arrived()` there resolves `reached`, and it waits on `gate` until `release()`. */
export function pause() {
  let arrived!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { reached, arrived, gate, release };
}
