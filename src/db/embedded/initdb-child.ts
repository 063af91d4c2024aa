// initdb for root in a user namespace (run-as.ts): started by initdb.ts under `unshare`, where this process
// is uid 1 and PostgreSQL accepts to run. Reads its job from stdin; a failure is one line on stderr, exit 1.
import { runInitdb, type InitdbJob } from './initdb.ts';

let input = '';
for await (const chunk of process.stdin) input += chunk;
try {
  await runInitdb(JSON.parse(input) as InitdbJob);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
