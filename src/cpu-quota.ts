// The CPUs this process may use by its cgroup's CPU limit (a container's `--cpus`, Kubernetes' CPU limit, systemd's
// CPUQuota=), or undefined when there is none. os.availableParallelism() counts the machine's CPUs: a container held
// to half a CPU on a 16-CPU machine would otherwise start 8 fan-out workers of 2 shard runs each, all throttled.
// Reads cgroup v2 (cpu.max) and v1 (cpu.cfs_quota_us / cpu.cfs_period_us), the process's own group and each group
// above it (the tightest limit holds). `root` is for tests: a directory laid out like / .
import { readFileSync } from 'node:fs';
import path from 'node:path';

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** The limit of one group directory in CPUs, or undefined when it sets none (or the files are not there). */
function limitOf(dir: string, version: 1 | 2): number | undefined {
  if (version === 2) {
    const [quota, period] = (read(path.join(dir, 'cpu.max')) ?? '').split(/\s+/);
    return quota && quota !== 'max' && Number(period) > 0 && Number(quota) > 0 ? Number(quota) / Number(period) : undefined;
  }
  const quota = Number(read(path.join(dir, 'cpu.cfs_quota_us')));
  const period = Number(read(path.join(dir, 'cpu.cfs_period_us')));
  return quota > 0 && period > 0 ? quota / period : undefined;
}

/** The tightest limit from `dir` up to `mount` (a group's limit also holds every group below it). */
function tightest(mount: string, group: string, version: 1 | 2): number | undefined {
  // Inside a container the group's path may be the host's, not visible here: the mount's root is then the group.
  let dir = path.join(mount, group);
  if (read(path.join(dir, 'cgroup.procs')) === undefined) dir = mount;
  let limit: number | undefined;
  for (;;) {
    const here = limitOf(dir, version);
    if (here !== undefined) limit = Math.min(limit ?? here, here);
    if (dir === mount || !dir.startsWith(mount)) return limit;
    dir = path.dirname(dir);
  }
}

export function cpuQuota(root = '/'): number | undefined {
  const lines = (read(path.join(root, 'proc/self/cgroup')) ?? '').split('\n');
  const cgroups = path.join(root, 'sys/fs/cgroup');
  const v1 = lines.map((line) => line.split(':')).find(([, controllers]) => controllers?.split(',').includes('cpu'));
  if (v1) {
    const mount = ['cpu', 'cpu,cpuacct', 'cpuacct,cpu'].map((name) => path.join(cgroups, name)).find((dir) => read(path.join(dir, 'cpu.cfs_period_us')) !== undefined);
    return mount ? tightest(mount, v1.slice(2).join(':'), 1) : undefined;
  }
  const v2 = lines.find((line) => line.startsWith('0::'));
  return v2 ? tightest(cgroups, v2.slice(3), 2) : undefined;
}
