// The Web Push simulator for bench/web-push, in a child process of its own so that its CPU is not the sender's.
// Started by run.ts with an IPC channel: it makes `subscriptions` subscriptions for the VAPID key it is given,
// sends {origin, ca, subscriptions} once ready, and answers {type: 'usage'} with its CPU time and counts.
import { startWebPushSimulator } from '../../src/webpush/simulator.ts';

const { subscriptions: count, applicationServerKey } = JSON.parse(process.argv[2]!) as { subscriptions: number; applicationServerKey: string };
const simulator = await startWebPushSimulator({ keep: 0 });
const subscriptions = Array.from({ length: count }, () => simulator.subscribe({ applicationServerKey }));

process.on('message', (message: { type: string }) => {
  if (message.type === 'usage') process.send!({ type: 'usage', cpu: process.cpuUsage(), accepted: simulator.accepted(), requests: simulator.requests() });
});
process.on('disconnect', () => void simulator.close().then(() => process.exit(0)));
process.send!({ type: 'ready', origin: simulator.origin, ca: simulator.ca, subscriptions });
