// The mock APNs for bench/broadcast: Clarion's own simulator (src/apns/simulator.ts), in a process of its
// own, so that Clarion and h2load both reach it over loopback and its CPU is counted apart.
//   node --import tsx bench/broadcast/mock-apns.ts <dir> [max-seconds] [delay-ms] [node|frames]
// Writes to <dir>: provider-key.pem (the .p8-style private key Clarion signs with), ca.pem (the mock's
// self-signed certificate), jwt.txt (a provider token for h2load, valid for an hour), and last ready.json
// ({origin, controlPort, teamId, keyId, topic}). Stays up until killed, or at most max-seconds (default 3600).
// delay-ms (default 0) holds every accepted push that long before its 200, as a real network's round trip would,
// so a sender's throughput depends on how many pushes it keeps in flight.
// node|frames (default node): the simulator on node:http2's server (src/apns/simulator.ts), or the same checks and
// answers on our own framing (src/apns/simulator-frames.ts), which costs a fraction of the CPU a push.
// Control server on 127.0.0.1:<controlPort>: GET /stats -> {"accepted": <pushes answered 200 so far>, ...}.
// The simulator counts the pushes it accepted and keeps none of them here (keep: 0),
// so the mock's memory does not grow with a million pushes.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { generateProviderKey, startSimulator } from '../../src/apns/simulator.ts';
import { startFrameSimulator } from '../../src/apns/simulator-frames.ts';
import { createProviderToken } from '../../src/apns/token.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node --import tsx bench/broadcast/mock-apns.ts <dir> [max-seconds] [delay-ms] [node|frames]');
  process.exit(2);
}
const maxSeconds = Number(process.argv[3] ?? 3600);
const delayMs = Number(process.argv[4] ?? 0);
const kind = process.argv[5] ?? 'node';
if (kind !== 'node' && kind !== 'frames') {
  console.error(`mock APNs: the server is node or frames (got ${kind})`);
  process.exit(2);
}
const teamId = 'BENCHTEAM1';
const keyId = 'BENCHKEY01';
const topic = 'dev.clarion.bench';

const key = generateProviderKey();
const answer = delayMs > 0 ? () => ({ status: 200, delayMs }) : undefined;
const start = kind === 'frames' ? startFrameSimulator : startSimulator;
const simulator = await start({ teamId, keyId, publicKey: key.publicKey, topic, maxConcurrentStreams: 1000, answer, keep: 0 }, { host: '127.0.0.1', port: 0 });


function memoryKb(field: 'VmHWM' | 'VmRSS') {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

const control = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ accepted: simulator.accepted(), vmHwmKb: memoryKb('VmHWM'), vmRssKb: memoryKb('VmRSS') }));
    return;
  }
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

const write = (name: string, text: string) => writeFileSync(path.join(dir, name), text, { mode: 0o600 });
write('provider-key.pem', key.privateKey);
write('ca.pem', simulator.ca);
write('jwt.txt', createProviderToken({ teamId, keyId, privateKey: key.privateKey }).get());
const ready = { origin: simulator.origin, controlPort: (control.address() as AddressInfo).port, teamId, keyId, topic, delayMs, kind, pid: process.pid };
write('ready.json.tmp', JSON.stringify(ready));
renameSync(path.join(dir, 'ready.json.tmp'), path.join(dir, 'ready.json'));

async function stop() {
  control.close();
  await simulator.close();
  process.exit(0);
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stop());
setTimeout(() => {
  console.error(`mock APNs: up for ${maxSeconds} s, stopping`);
  void stop();
}, maxSeconds * 1000).unref();
