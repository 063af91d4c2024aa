// The functions that took the most self time in a V8 .cpuprofile (from `--cpu-prof`), and the share of
// time spent under a few Node internals, to read a profile without DevTools.
//   node --import tsx bench/push-path/profile-top.ts <file.cpuprofile> [top=30]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node --import tsx bench/push-path/profile-top.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const label = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^.*\/(node_modules|src|bench)\//, '$1/').replace(/^node:/, '')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};
const selfByLabel = new Map<string, number>();
for (const [id, time] of self) {
  const key = label(byId.get(id)!);
  selfByLabel.set(key, (selfByLabel.get(key) ?? 0) + time);
}

const pct = (time: number) => `${((100 * time) / total).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled\n\nself time`);
for (const [key, time] of [...selfByLabel].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 30))) console.log(`${pct(time)}  ${key}`);

// Inclusive time under functions whose names say where the work is.
const under = (match: (node: ProfileNode) => boolean) => {
  let sum = 0;
  for (const [id, time] of self) {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      if (match(byId.get(at)!)) {
        sum += time;
        break;
      }
    }
  }
  return sum;
};
const named = (name: string, urlPart = '') => (node: ProfileNode) => node.callFrame.functionName === name && node.callFrame.url.includes(urlPart);
console.log('\ninclusive time');
for (const [title, match] of [
  ['ClientHttp2Session.request (node:http2)', named('request', 'http2/core')],
  ['onSessionHeaders (answers arriving)', named('onSessionHeaders')],
  ['onStreamClose', named('onStreamClose')],
  ['Writable.end (request bodies)', named('Writable.end', 'writable')],
  ['deprecate + AsyncResource.bind (inside request, Node 20)', (n: ProfileNode) => n.callFrame.functionName === 'deprecate' || (n.callFrame.functionName === 'bind' && n.callFrame.url.includes('async_hooks'))],
  ['processTicksAndRejections', named('processTicksAndRejections')],
  ['apnsIdFor', named('apnsIdFor')],
  ['(garbage collector)', named('(garbage collector)')],
  ['(idle)', named('(idle)')],
  ['(program)', named('(program)')],
] as const)
  console.log(`${pct(under(match))}  ${title}`);
