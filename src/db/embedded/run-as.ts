// Who the embedded PostgreSQL runs as. PostgreSQL refuses to run as root, so root needs another identity:
// - 'self':      not root: PostgreSQL runs as the user running Clarion.
// - 'postgres':  root, as the unprivileged system user `postgres` (the library's createPostgresUser), which owns
//                the cluster. It must be able to run the binaries in node_modules, so every directory above
//                them must let others in; the cluster itself it is handed as an open directory.
// - 'namespace': root, when node_modules lies where `postgres` may not go (root's home, a `mktemp -d`
//                directory): PostgreSQL runs as uid 1 in a user namespace mapped to root (util-linux `unshare`),
//                so it reaches what root owns, without any capability. The cluster is owned by root.
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { EmbeddedPostgresError } from './data-dir.ts';

export type PostgresUser = 'self' | 'postgres' | 'namespace';

export const isRoot = () => process.getuid?.() === 0;

/** The command prefix that runs a program as uid 1 in a new user namespace mapped to root. */
export const NAMESPACE = ['unshare', '--user', '--map-user=1', '--map-group=1', '--'];

/** The first directory from `dir` up that does not let others in, if any. */
async function closedAbove(dir: string): Promise<string | undefined> {
  for (let current = dir; ; current = path.dirname(current)) {
    if (!((await stat(current)).mode & 0o001)) return current;
    if (current === path.dirname(current)) return undefined;
  }
}

const namespacesWork = () =>
  promisify(execFile)(NAMESPACE[0]!, [...NAMESPACE.slice(1), 'true']).then(() => true, () => false);

/** For a cluster that exists, who made it decides; for a new one, `postgres` where it can reach the binaries. */
export async function choosePostgresUser(cluster: string, binaries: string): Promise<PostgresUser> {
  if (!isRoot()) return 'self';
  const owner = await stat(cluster).then((s) => s.uid, () => undefined);
  const closed = await closedAbove(binaries);
  if (owner !== undefined && owner !== 0) {
    if (closed) throw new EmbeddedPostgresError(`The cluster in ${cluster} runs as the user "postgres", who cannot enter ${closed}, where the PostgreSQL binaries are: allow it (chmod o+x ${closed}) or move the checkout.`);
    return 'postgres';
  }
  if (owner === undefined && !closed) return 'postgres';
  if (await namespacesWork()) return 'namespace';
  throw new EmbeddedPostgresError(
    owner === 0
      ? `The cluster in ${cluster} is owned by root, so it runs in a user namespace, and user namespaces (unshare --user) are not available here.`
      : `As root, PostgreSQL must run as another user; the user "postgres" cannot enter ${closed}, where the PostgreSQL binaries are, and user namespaces (unshare --user) are not available here. Run Clarion as a user other than root, or allow it (chmod o+x ${closed}).`,
  );
}
