// The push service stand-in for bench/platforms: Clarion's own FCM or Web Push simulator (src/fcm/simulator.ts,
// src/webpush/simulator.ts) in a node process of its own, so that Clarion reaches it over loopback and its CPU is
// counted apart. It also makes the audience, since only it can: N device tokens (android) or N browser
// subscriptions (web), written as rows for the devices table.
//   node --import tsx bench/platforms/stand-in.ts <android|web> <dir> <devices> [max-seconds]
// Writes to <dir> (mode 0600): ca.pem (its self-signed certificate, for NODE_EXTRA_CA_CERTS); android:
// credentials.json (a service account whose token_uri points at the stand-in, for FCM_CREDENTIALS); web: vapid.json
// (a VAPID pair made for Clarion with generateVapidKeys; every subscription is made for its public key);
// devices.tsv (COPY text rows: platform, fcm_token, web_push_endpoint, web_push_p256dh, web_push_auth); and last
// ready.json ({origin, controlPort, pid, ...}). Stays up until SIGTERM, or at most max-seconds (default 3600).
// Control server on 127.0.0.1:<controlPort>: GET /stats -> {accepted, requests, devices, once, never, more,
// unknown, vmHwmKb, vmRssKb}: pushes it accepted, and how many of the devices it made got exactly one, none, more
// than one, and accepted pushes to a target it did not make (counted when asked, by walking the devices).
import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { once } from 'node:events';
import { startFcmSimulator } from '../../src/fcm/simulator.ts';
import { startWebPushSimulator } from '../../src/webpush/simulator.ts';
import { generateVapidKeys } from '../../src/webpush/vapid-keys.ts';

const [platform, dir, devicesArg, maxSecondsArg] = process.argv.slice(2);
const devices = Number(devicesArg);
if ((platform !== 'android' && platform !== 'web') || !dir || !Number.isInteger(devices) || devices < 1) {
  console.error('usage: node --import tsx bench/platforms/stand-in.ts <android|web> <dir> <devices> [max-seconds]');
  process.exit(2);
}
const maxSeconds = Number(maxSecondsArg ?? 3600);
const outDir = dir as string;
const write = (name: string, text: string) => writeFileSync(path.join(outDir, name), text, { mode: 0o600 });

/** Rows for COPY ... FROM in text format: NULL is \N, a bytea is \\x<hex> (the backslash escaped for COPY). */
async function writeRows(rows: Iterable<string>) {
  const out = createWriteStream(path.join(outDir, 'devices.tsv'), { mode: 0o600 });
  let chunk: string[] = [];
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length === 5000) {
      if (!out.write(`${chunk.join('\n')}\n`)) await once(out, 'drain');
      chunk = [];
    }
  }
  if (chunk.length) out.write(`${chunk.join('\n')}\n`);
  out.end();
  await once(out, 'finish');
}

let stats: () => Record<string, number>;
let origin: string;
let close: () => Promise<void>;
const extra: Record<string, unknown> = {};

if (platform === 'android') {
  // Pushes per token: the simulator keeps no messages (keep: 0), so the bench counts them itself through `answer`,
  // which the simulator asks only about a message that passed its checks, and which, answering nothing, it takes.
  const counts = new Map<string, number>();
  let unknown = 0;
  const simulator = await startFcmSimulator(
    {
      keep: 0,
      answer: ({ token }) => {
        const n = counts.get(token);
        if (n === undefined) unknown += 1;
        else counts.set(token, n + 1);
        return undefined;
      },
    },
    { host: '127.0.0.1', port: 0 },
  );
  // An FCM registration token's shape: an instance id, ':', and APA91 followed by the token proper.
  for (let i = 0; i < devices; i++) counts.set(`${randomBytes(8).toString('base64url')}:APA91${randomBytes(60).toString('base64url')}`, 0);
  await writeRows((function* () {
    for (const token of counts.keys()) yield `android\t${token}\t\\N\t\\N\t\\N`;
  })());
  write('credentials.json', simulator.credentials);
  write('ca.pem', simulator.ca);
  origin = simulator.origin;
  extra.projectId = simulator.projectId;
  stats = () => {
    let onceN = 0, never = 0, more = 0;
    for (const n of counts.values()) if (n === 1) onceN++; else if (n === 0) never++; else more++;
    return { accepted: simulator.accepted(), requests: simulator.requests(), tokensIssued: simulator.tokensIssued(), devices: counts.size, once: onceN, never, more, unknown };
  };
  close = simulator.close;
} else {
  const vapid = generateVapidKeys();
  const simulator = await startWebPushSimulator({ keep: 0, host: '127.0.0.1', port: 0 });
  const endpoints: string[] = [];
  for (let i = 0; i < devices; i++) {
    const { endpoint, keys } = simulator.subscribe({ applicationServerKey: vapid.publicKey });
    endpoints.push(`${endpoint}\t\\\\x${Buffer.from(keys.p256dh, 'base64url').toString('hex')}\t\\\\x${Buffer.from(keys.auth, 'base64url').toString('hex')}`);
  }
  await writeRows((function* () {
    for (const row of endpoints) yield `web\t\\N\t${row}`;
  })());
  for (let i = 0; i < endpoints.length; i++) endpoints[i] = endpoints[i]!.slice(0, endpoints[i]!.indexOf('\t'));
  write('vapid.json', JSON.stringify(vapid));
  write('ca.pem', simulator.ca);
  origin = simulator.origin;
  stats = () => {
    let onceN = 0, never = 0, more = 0, counted = 0;
    for (const endpoint of endpoints) {
      const n = simulator.count(endpoint);
      counted += n;
      if (n === 1) onceN++; else if (n === 0) never++; else more++;
    }
    const accepted = simulator.accepted();
    return { accepted, requests: simulator.requests(), devices: endpoints.length, once: onceN, never, more, unknown: accepted - counted };
  };
  close = simulator.close;
}

function memoryKb(field: 'VmHWM' | 'VmRSS') {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) : null;
}

const control = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ...stats(), vmHwmKb: memoryKb('VmHWM'), vmRssKb: memoryKb('VmRSS') }));
    return;
  }
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

const ready = { platform, origin, controlPort: (control.address() as AddressInfo).port, pid: process.pid, devices, ...extra };
write('ready.json.tmp', JSON.stringify(ready));
renameSync(path.join(outDir, 'ready.json.tmp'), path.join(outDir, 'ready.json'));

async function stop() {
  control.close();
  await close();
  process.exit(0);
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stop());
setTimeout(() => {
  console.error(`stand-in (${platform}): up for ${maxSeconds} s, stopping`);
  void stop();
}, maxSeconds * 1000).unref();
