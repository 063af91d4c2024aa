// An experiment, not a way to run Clarion: BENCH_API_PROCESSES (default 2) Clarion processes answering on one port
// (node:cluster hands each connection to one of them), to measure whether more API processes raise the intake on this
// machine. Each runs what `npm start` runs; only the first forks fan-out workers. Without REDIS_URL each process keeps
// its own rate-limit budgets, so the per-IP limits would be that many times as wide: bench/rest lifts them anyway.
//
//   BENCH_CLARION_ENTRY=bench/rest/cluster.mjs BENCH_TARGETS="bare postgres" bash bench/rest/run.sh
import cluster from 'node:cluster';

const processes = Number(process.env.BENCH_API_PROCESSES ?? 2);
if (cluster.isPrimary) {
  for (let i = 0; i < processes; i += 1) cluster.fork(i === 0 ? {} : { FANOUT_WORKERS: '0' });
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  cluster.on('exit', () => {
    if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
  });
} else {
  await import('../../scripts/start.mjs');
}
