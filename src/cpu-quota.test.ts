import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cpuQuota } from './cpu-quota.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A directory laid out like / with these files (removed after the tests). */
function root(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'clarion-cgroup-'));
  made.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${text}\n`);
  }
  return dir;
}

// /proc/self/mountinfo lines: a host's cgroup v2 and v1 mounts, and the unrelated mounts around them.
const V2_HOST = '22 27 0:21 / /proc rw,relatime - proc proc rw\n35 31 0:33 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate';
const V1_HOST = [
  '31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755',
  '32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct',
  '34 31 0:31 / /sys/fs/cgroup/cpuset rw,relatime - cgroup cgroup rw,cpuset',
  '35 31 0:32 / /sys/fs/cgroup/systemd rw,relatime - cgroup cgroup rw,xattr,name=systemd',
  '36 31 0:33 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw',
].join('\n');

describe('cpuQuota', () => {
  it('reads cgroup v2: the tightest cpu.max from the process\'s group up, a group without files of its own included', () => {
    const v2 = (own: string | undefined, parent: string) =>
      root({
        'proc/self/mountinfo': V2_HOST,
        'proc/self/cgroup': '0::/kubepods/pod1/ctr',
        ...(own && { 'sys/fs/cgroup/kubepods/pod1/ctr/cpu.max': own }),
        'sys/fs/cgroup/kubepods/pod1/cpu.max': parent,
        'sys/fs/cgroup/kubepods/cpu.max': 'max 100000',
      });
    expect(cpuQuota(v2('50000 100000', 'max 100000'))).toBe(0.5);
    expect(cpuQuota(v2('max 100000', '150000 100000'))).toBe(1.5);
    expect(cpuQuota(v2('400000 100000', '150000 100000'))).toBe(1.5);
    expect(cpuQuota(v2(undefined, '50000 100000'))).toBe(0.5);
    expect(cpuQuota(v2('max 100000', 'max 100000'))).toBeUndefined();
  });

  it('reads a container\'s cgroup v2 namespace, where its own group is the mount\'s root', () => {
    const container = (limit: string) =>
      root({
        'proc/self/mountinfo': '612 601 0:33 / /sys/fs/cgroup ro,nosuid - cgroup2 cgroup rw,nsdelegate',
        'proc/self/cgroup': '0::/',
        'sys/fs/cgroup/cpu.max': limit,
      });
    expect(cpuQuota(container('200000 100000'))).toBe(2);
    expect(cpuQuota(container('max 100000'))).toBeUndefined();
  });

  it('reads cgroup v1 where the cpu controller is mounted: cfs quota over period, -1 for none, a tighter parent holding', () => {
    const v1 = (own: string, parent: string) =>
      root({
        'proc/self/mountinfo': V1_HOST,
        // A hybrid system: the cpu controller on v1, a unified hierarchy beside it with a decoy limit.
        'proc/self/cgroup': '4:memory:/x\n3:cpu,cpuacct:/bench/w1\n1:name=systemd:/x\n0::/x',
        'sys/fs/cgroup/unified/x/cpu.max': '10000 100000',
        'sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us': '100000',
        'sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us': '-1',
        'sys/fs/cgroup/cpu,cpuacct/bench/cpu.cfs_period_us': '100000',
        'sys/fs/cgroup/cpu,cpuacct/bench/cpu.cfs_quota_us': parent,
        'sys/fs/cgroup/cpu,cpuacct/bench/w1/cpu.cfs_period_us': '100000',
        'sys/fs/cgroup/cpu,cpuacct/bench/w1/cpu.cfs_quota_us': own,
      });
    expect(cpuQuota(v1('10000', '-1'))).toBe(0.1);
    expect(cpuQuota(v1('250000', '-1'))).toBe(2.5);
    expect(cpuQuota(v1('250000', '50000'))).toBe(0.5);
    expect(cpuQuota(v1('-1', '-1'))).toBeUndefined();
  });

  it('inside a container whose v1 mount shows its own group, reads from there, and from its sub-groups', () => {
    const dir = (group: string) =>
      root({
        'proc/self/mountinfo': '700 690 0:29 /docker/0123abcd /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu',
        'proc/self/cgroup': `3:cpu:${group}`,
        'sys/fs/cgroup/cpu/cpu.cfs_period_us': '100000',
        'sys/fs/cgroup/cpu/cpu.cfs_quota_us': '200000',
        'sys/fs/cgroup/cpu/sub/cpu.cfs_period_us': '100000',
        'sys/fs/cgroup/cpu/sub/cpu.cfs_quota_us': '10000',
      });
    expect(cpuQuota(dir('/docker/0123abcd'))).toBe(2);
    expect(cpuQuota(dir('/docker/0123abcd/sub'))).toBe(0.1);
    // A path from outside what the mount shows: the mount's root is the nearest group known.
    expect(cpuQuota(dir('/elsewhere'))).toBe(2);
  });

  it('is undefined without cgroups: no /proc/self/cgroup, no mount of the controller, or no limit anywhere', () => {
    expect(cpuQuota(root({}))).toBeUndefined();
    expect(cpuQuota(root({ 'proc/self/cgroup': '1:cpu:/', 'proc/self/mountinfo': V2_HOST }))).toBeUndefined();
    expect(cpuQuota(root({ 'proc/self/cgroup': '0::/', 'proc/self/mountinfo': V2_HOST }))).toBeUndefined();
  });
});
