// The APNs simulator for bench/push-path, in a child process of its own so that its CPU is not the sender's.
// Started by run.ts with an IPC channel: it sends {origin, ca, privateKey, teamId, keyId, topic} once ready,
// and answers {type: 'usage'} with its CPU time and how many pushes it has accepted so far.
import { generateProviderKey, startSimulator } from '../../src/apns/simulator.ts';

const teamId = 'BENCHTEAM1';
const keyId = 'BENCHKEY01';
const topic = 'dev.clarion.bench';
const maxConcurrentStreams = Number(process.env.BENCH_MAX_STREAMS ?? 1000);

const key = generateProviderKey();
const simulator = await startSimulator({ teamId, keyId, publicKey: key.publicKey, topic, maxConcurrentStreams, keep: 0 });


process.on('message', (message: { type: string }) => {
  if (message.type === 'usage') {
    process.send!({ type: 'usage', cpu: process.cpuUsage(), accepted: simulator.accepted() });
  }
});
process.on('disconnect', () => void simulator.close().then(() => process.exit(0)));
process.send!({ type: 'ready', origin: simulator.origin, ca: simulator.ca, privateKey: key.privateKey, teamId, keyId, topic });
