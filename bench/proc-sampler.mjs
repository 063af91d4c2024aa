// The samplers of bench/lib.sh in one node process each, so that watching a measured phase costs the machine next to
// nothing. The shell loops they replace forked bash, cat and awk (which scanned every process's stat line character by
// character) four times a second: about a third of a core on 2 cores (perf, 2026-11-29), taken from the sender and
// the stand-in they measure.
//   node bench/proc-sampler.mjs cpu <file> <seconds>                   "pid ppid ticks comm" lines for every process
//   node bench/proc-sampler.mjs pss <file> <seconds> <root> [comm]...  "<kB> <processes> <names>": the root's tree
// Each appends a sample every <seconds> until killed (a pss sampler also stops when its root is gone), and writes its
// first sample at once, so a caller can wait for the file before it starts what it measures. The formats are those of
// lib.sh's cpu_snapshot and tree_kb, which the reports read.
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';

const [mode, file, seconds, root, ...skip] = process.argv.slice(2);
const interval = Number(seconds) * 1000;
if (!['cpu', 'pss'].includes(mode) || !file || !(interval > 0) || (mode === 'pss' && !/^\d+$/.test(root ?? ''))) {
  console.error('usage: proc-sampler.mjs cpu <file> <seconds> | pss <file> <seconds> <root pid> [comm to leave out]...');
  process.exit(2);
}

const read = (path) => {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return undefined; // the process has exited meanwhile
  }
};

/** Every process: pid, ppid, utime + stime (clock ticks) and comm, from /proc/<pid>/stat (comm may hold spaces and parentheses). */
function processes() {
  const list = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const line = read(`/proc/${name}/stat`);
    if (!line) continue;
    const open = line.indexOf('(');
    const close = line.lastIndexOf(')');
    if (open < 0 || close < 0) continue;
    const fields = line.slice(close + 2).split(' ');
    list.push({ pid: name, ppid: fields[1], ticks: Number(fields[11]) + Number(fields[12]), comm: line.slice(open + 1, close) });
  }
  return list;
}

function cpuSample() {
  return processes()
    .map((p) => `${p.pid} ${p.ppid} ${p.ticks} ${p.comm}\n`)
    .join('');
}

/** The root and its descendants: [pid, comm] pairs, from every process's stat (about 4 ms on this machine). */
function tree() {
  const kids = new Map();
  const comm = new Map();
  for (const p of processes()) {
    comm.set(p.pid, p.comm);
    if (!kids.has(p.ppid)) kids.set(p.ppid, []);
    kids.get(p.ppid).push(p.pid);
  }
  if (!comm.has(root)) return undefined;
  const queue = [root];
  for (let i = 0; i < queue.length; i += 1) queue.push(...(kids.get(queue[i]) ?? []));
  return queue.map((pid) => [pid, comm.get(pid)]);
}

// The tree is read again once a second, or at the next sample when one of its processes has gone or none of it counts
// yet (h2load's tree is a bash subshell, left out, until the sender starts): a fork shows within a second.
const REFRESH_MS = 1000;
let members;
let readAt = 0;

/** The tree's Pss summed (those named in `skip` left out), as tree_kb prints it. */
function pssSample() {
  if (!members || Date.now() - readAt >= REFRESH_MS) [members, readAt] = [tree(), Date.now()];
  if (!members) return undefined;
  let kb = 0;
  let counted = 0;
  const names = new Map();
  for (const [pid, name] of members) {
    if (skip.includes(name)) continue;
    const rollup = read(`/proc/${pid}/smaps_rollup`);
    if (rollup === undefined) readAt = 0;
    const pss = /^Pss:\s+(\d+)/m.exec(rollup ?? '');
    if (!pss) continue;
    kb += Number(pss[1]);
    counted += 1;
    const key = name.replaceAll(' ', '_');
    names.set(key, (names.get(key) ?? 0) + 1);
  }
  if (!counted) readAt = 0;
  const list = [...names].map(([name, n]) => (n > 1 ? `${name}*${n}` : name)).join('+');
  return `${kb} ${counted} ${list || '-'}\n`;
}

// Stops with the script that started it, were it killed before it could stop this (its parent then changes).
const parent = process.ppid;
const tick = () => {
  const sample = mode === 'cpu' ? cpuSample() : pssSample();
  if (sample === undefined || process.ppid !== parent) process.exit(0);
  appendFileSync(file, sample, 'latin1'); // as read: a name's bytes as /proc has them, as cat writes them
};
tick();
setInterval(tick, interval);
process.on('SIGTERM', () => process.exit(0));
