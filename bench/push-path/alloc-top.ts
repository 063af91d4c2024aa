// The allocation sites of a sampling heap profile (bench/push-path/alloc-sampler.mjs, or DevTools'): bytes allocated
// by each function itself and under it, largest first, with their share of all the bytes sampled. With
// `--per N`, also bytes a unit (e.g. N = the pushes the process sent).
//   node --import tsx bench/push-path/alloc-top.ts <file.heapprofile> [top=30] [--per N]
import { readFileSync } from 'node:fs';

interface AllocationNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocationNode[];
}

const args = process.argv.slice(2);
const perAt = args.indexOf('--per');
const per = perAt >= 0 ? Number(args.splice(perAt, 2)[1]) : 0;
const [file, topArg] = args;
if (!file || (perAt >= 0 && !(per > 0))) {
  console.error('usage: node --import tsx bench/push-path/alloc-top.ts <file.heapprofile> [top] [--per N] (N a number above 0)');
  process.exit(2);
}
const root = (JSON.parse(readFileSync(file, 'utf8')) as { head: AllocationNode }).head;

const label = ({ callFrame: { functionName, url, lineNumber } }: AllocationNode) => {
  const where = url ? `${url.replace(/^.*\/(node_modules|src|bench|clarion)\//, '$1/').replace(/^node:/, '')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};
const self = new Map<string, number>();
const total = new Map<string, number>();
/** Adds each node's own bytes to its label, and its subtree's to every label on its stack (once per label). */
function walk(node: AllocationNode, stack: Set<string>): number {
  const key = label(node);
  self.set(key, (self.get(key) ?? 0) + node.selfSize);
  const fresh = !stack.has(key);
  if (fresh) stack.add(key);
  let sum = node.selfSize;
  for (const child of node.children) sum += walk(child, stack);
  if (fresh) {
    stack.delete(key);
    total.set(key, (total.get(key) ?? 0) + sum);
  }
  return sum;
}
const all = walk(root, new Set());
const top = Number(topArg ?? 30);
const line = (bytes: number) =>
  `${((100 * bytes) / all).toFixed(1).padStart(5)}% ${(bytes / 1e6).toFixed(1).padStart(8)} MB${per ? ` ${(bytes / per).toFixed(0).padStart(6)} B/unit` : ''}`;
console.log(`${file}: ${(all / 1e6).toFixed(1)} MB sampled${per ? ` (${(all / per).toFixed(0)} B a unit over ${per})` : ''}\n\nallocated by the function itself`);
for (const [key, bytes] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${line(bytes)}  ${key}`);
console.log('\nallocated under the function (itself and what it calls)');
for (const [key, bytes] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${line(bytes)}  ${key}`);
