// The CPUs this process may use by its cgroup's CPU limit (a container's `--cpus`, Kubernetes' CPU limit, systemd's
// CPUQuota=), or undefined when there is none. On Node 20 os.availableParallelism() counts the machine's CPUs (newer
// libuv caps it at the limit): a container held to half a CPU on a 16-CPU machine would otherwise start 8 fan-out
// workers of 2 shard runs each, all throttled. Reads cgroup v1 (cpu.cfs_quota_us / cpu.cfs_period_us, where the cpu
// controller is mounted) or v2 (cpu.max), from the process's own group up to the mount's root: the tightest limit
// holds. Where the group is, /proc/self/mountinfo says: a container sees its own group as the root of the mount.
// `root` is for tests: a directory laid out like / .
import { readFileSync } from 'node:fs';
import path from 'node:path';

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** The limit one group directory sets, in CPUs, or undefined when it sets none (or its files are not there). */
function limitOf(dir: string, version: 1 | 2): number | undefined {
  if (version === 2) {
    const [quota, period] = (read(path.join(dir, 'cpu.max')) ?? '').split(/\s+/);
    return quota && quota !== 'max' && Number(period) > 0 && Number(quota) > 0 ? Number(quota) / Number(period) : undefined;
  }
  const quota = Number(read(path.join(dir, 'cpu.cfs_quota_us')));
  const period = Number(read(path.join(dir, 'cpu.cfs_period_us')));
  return quota > 0 && period > 0 ? quota / period : undefined;
}

interface Mount {
  /** The group the mount shows at its mount point (`/` unless it is a container's view). */
  root: string;
  point: string;
}

/** A mountinfo field: spaces and the like are written as octal escapes (\040). */
const unescape = (text: string) => text.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));

/** The cgroup mount of the cpu controller (v1), or the unified one (v2), from /proc/self/mountinfo. */
function mountOf(root: string, version: 1 | 2): Mount | undefined {
  for (const line of (read(path.join(root, 'proc/self/mountinfo')) ?? '').split('\n')) {
    // id parent major:minor root mount-point options [optional fields] - type source super-options
    const [before, after] = line.split(' - ');
    const fields = before?.split(' ') ?? [];
    const [type, , options] = after?.split(' ') ?? [];
    if (fields.length < 5) continue;
    const mount = { root: unescape(fields[3]!), point: path.join(root, unescape(fields[4]!)) };
    if (version === 2 && type === 'cgroup2') return mount;
    if (version === 1 && type === 'cgroup' && options?.split(',').includes('cpu')) return mount;
  }
  return undefined;
}

/** The tightest limit from the process's group up to the mount's root. */
function tightest(mount: Mount, group: string, version: 1 | 2): number | undefined {
  const below = path.relative(mount.root, group);
  // A group outside what the mount shows (another namespace's path): the mount's root is the nearest known group.
  let dir = below.startsWith('..') || path.isAbsolute(below) ? mount.point : path.join(mount.point, below);
  let limit: number | undefined;
  for (;;) {
    const here = limitOf(dir, version);
    if (here !== undefined) limit = Math.min(limit ?? here, here);
    if (path.relative(mount.point, dir) === '') return limit;
    dir = path.dirname(dir);
  }
}

export function cpuQuota(root = '/'): number | undefined {
  const lines = (read(path.join(root, 'proc/self/cgroup')) ?? '').split('\n').map((line) => line.split(':'));
  // A controller belongs to one hierarchy: where cpu is on a v1 hierarchy (a hybrid system), that one holds.
  const v1 = lines.find(([, controllers]) => controllers?.split(',').includes('cpu'));
  if (v1) {
    const mount = mountOf(root, 1);
    return mount && tightest(mount, v1.slice(2).join(':'), 1);
  }
  const v2 = lines.find(([id, controllers]) => id === '0' && controllers === '');
  const mount = v2 && mountOf(root, 2);
  return mount ? tightest(mount, v2!.slice(2).join(':'), 2) : undefined;
}
