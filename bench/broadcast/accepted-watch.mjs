// Samples the mock APNs' count of accepted pushes while a sender runs, for bench/broadcast/run.sh:
//   node bench/broadcast/accepted-watch.mjs <control port> <out file>
// writes "<epoch ms> <accepted>" lines, one per change, every 100 ms, until killed. And
//   node bench/broadcast/accepted-watch.mjs --steady <file> <accepted before> <pushes>
// prints the rate between 10% and 90% of the pushes (interpolated between samples): how fast the sending went once
// started and before its tail, apart from what comes before the first push and after the last.
import { appendFileSync, readFileSync } from 'node:fs';

if (process.argv[2] === '--steady') {
  const [file, before, pushes] = [process.argv[3], Number(process.argv[4]), Number(process.argv[5])];
  const samples = readFileSync(file, 'utf8').trim().split('\n').map((line) => line.split(' ').map(Number));
  const at = (target) => {
    for (let i = 1; i < samples.length; i += 1) {
      const [t0, a0] = samples[i - 1];
      const [t1, a1] = samples[i];
      if (a1 - before >= target) return a1 === a0 ? t1 : t0 + ((t1 - t0) * (target - (a0 - before))) / (a1 - a0);
    }
    return NaN;
  };
  const [from, to] = [at(0.1 * pushes), at(0.9 * pushes)];
  console.log(Number.isFinite(from) && Number.isFinite(to) && to > from ? Math.round((0.8 * pushes * 1000) / (to - from)) : '');
} else {
  const [port, out] = [process.argv[2], process.argv[3]];
  let last = -1;
  for (;;) {
    try {
      const { accepted } = await (await fetch(`http://127.0.0.1:${port}/stats`)).json();
      if (accepted !== last) appendFileSync(out, `${Date.now()} ${accepted}\n`);
      last = accepted;
    } catch {
      // the mock is gone or busy: the next sample tells
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
