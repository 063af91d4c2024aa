// The peer sender for bench/broadcast: @parse/node-apn (a devDependency) sending the same push to every token, the
// way its users send to a large audience: `provider.send(notification, tokens)` with chunks of 1,000 tokens, a few
// chunks in flight at once. Plain JavaScript, run with the same `node` as Clarion but without tsx, as its users run it.
//   node bench/broadcast/peer-node-apn.mjs <origin> <ca.pem> <provider-key.pem> <keyId> <teamId> <topic> <tokens-file>
//     [chunk-size=1000] [chunks-in-flight=4] [clients=1] [warm-up passes=0]
// <tokens-file> holds one device token a line (dumped from the benchmark's database beforehand); it is read a block at
// a time, so the peer holds only the chunks in flight, as it would reading them from its own database.
// clients > 1 uses node-apn's MultiProvider (that many HTTP/2 connections, round robin); 1 is `Provider`, one connection.
// warm-up passes n > 0: it first sends to the whole audience n times, unmeasured, as bench/broadcast/run.sh's BENCH_WARMUP
// does for Clarion, so that both are measured on code V8 has already optimized; then the measured pass.
// Prints one JSON line: {"sent", "failed", "seconds", "cpuMicros", "reasons": {<reason>: <count>}} of the measured
// pass (cpuMicros: the process's user + system time during it, every thread), with "warmUpFailed" (the warm-up passes'
// failures) and "maxRssKb" (the process's); the first few failures also go to stderr. Exits 0 even with failures: the
// caller judges them.
import { closeSync, openSync, readSync } from 'node:fs';
import apn from '@parse/node-apn';

const [origin, caPath, keyPath, keyId, teamId, topic, tokensPath, chunkText = '1000', inFlightText = '4', clientsText = '1', warmUpText = '0'] = process.argv.slice(2);
if (!tokensPath) {
  console.error('usage: peer-node-apn.mjs <origin> <ca.pem> <provider-key.pem> <keyId> <teamId> <topic> <tokens-file> [chunk-size] [chunks-in-flight] [clients] [warm-up passes]');
  process.exit(2);
}
const chunkSize = Number(chunkText);
const inFlightChunks = Number(inFlightText);
const clients = Number(clientsText);
const warmUps = Number(warmUpText);
const { hostname, port } = new URL(origin);

// node-apn connects to `https://<address>` and passes its whole config to http2.connect, whose TLS options carry
// `port` (overriding the URL's 443) and `ca` (the mock's self-signed certificate, read from the path by node-apn).
const options = { token: { key: keyPath, keyId, teamId }, address: hostname, port: Number(port), ca: caPath, production: false };
const provider = clients > 1 ? new apn.MultiProvider({ ...options, clientCount: clients }) : new apn.Provider(options);

const notification = new apn.Notification();
notification.alert = { title: 'Bench', body: 'Hello from the bench' };
notification.topic = topic;
notification.pushType = 'alert';

function* tokenChunks(file, size) {
  const fd = openSync(file, 'r');
  const block = Buffer.alloc(1 << 16);
  let rest = '';
  let chunk = [];
  try {
    for (let n; (n = readSync(fd, block, 0, block.length, null)) > 0; ) {
      const lines = (rest + block.toString('latin1', 0, n)).split('\n');
      rest = lines.pop();
      for (const line of lines) {
        if (!line) continue;
        chunk.push(line);
        if (chunk.length === size) {
          yield chunk;
          chunk = [];
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  if (rest) chunk.push(rest);
  if (chunk.length) yield chunk;
}

let sent = 0;
let failed = 0;
const reasons = {};
function reasonOf(failure) {
  if (failure.response?.reason) return `${failure.status} ${failure.response.reason}`;
  if (failure.error) return String(failure.error.message ?? failure.error);
  return failure.status ? `status ${failure.status}` : JSON.stringify(failure).slice(0, 200);
}
function tally(result) {
  sent += result.sent.length;
  failed += result.failed.length;
  for (const failure of result.failed) {
    const reason = reasonOf(failure);
    if (!reasons[reason]) console.error(`node-apn failure (${failure.device ?? '?'}): ${reason}`);
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  }
}

/** One pass over the audience, `inFlightChunks` chunks at a time. */
async function sendToAll() {
  const inFlight = new Set();
  for (const tokens of tokenChunks(tokensPath, chunkSize)) {
    const sending = provider.send(notification, tokens).then(tally, (error) => {
      // send() settles every token itself; a rejection would be a bug in the peer, counted as the whole chunk failing.
      tally({ sent: [], failed: tokens.map((device) => ({ device, error })) });
    });
    inFlight.add(sending);
    sending.finally(() => inFlight.delete(sending));
    if (inFlight.size >= inFlightChunks) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
}

let warmUpFailed = 0;
for (let pass = 0; pass < warmUps; pass += 1) {
  await sendToAll();
  warmUpFailed += failed;
  sent = 0;
  failed = 0;
  for (const reason of Object.keys(reasons)) delete reasons[reason];
}
const cpuBefore = process.cpuUsage();
const started = process.hrtime.bigint();
await sendToAll();
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const cpu = process.cpuUsage(cpuBefore);

provider.shutdown();
console.log(JSON.stringify({ sent, failed, seconds: Number(seconds.toFixed(3)), cpuMicros: cpu.user + cpu.system, reasons, warmUpFailed, maxRssKb: process.resourceUsage().maxRSS }));
// node-apn's shutdown closes its sessions gracefully; do not wait for a slow GOAWAY.
setTimeout(() => process.exit(0), 2000).unref();
