import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpuQuota } from './cpu-quota.ts';

/** A directory laid out like / with these files. */
function root(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'clarion-cgroup-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${text}\n`);
  }
  return dir;
}

describe('cpuQuota', () => {
  it('reads cgroup v2: the tightest cpu.max from the process\'s group up', () => {
    const v2 = (own: string, parent: string) =>
      root({
        'proc/self/cgroup': '0::/kubepods/pod1/ctr',
        'sys/fs/cgroup/kubepods/pod1/ctr/cgroup.procs': '1',
        'sys/fs/cgroup/kubepods/pod1/ctr/cpu.max': own,
        'sys/fs/cgroup/kubepods/pod1/cpu.max': parent,
        'sys/fs/cgroup/kubepods/cpu.max': 'max 100000',
      });
    expect(cpuQuota(v2('50000 100000', 'max 100000'))).toBe(0.5);
    expect(cpuQuota(v2('max 100000', '150000 100000'))).toBe(1.5);
    expect(cpuQuota(v2('400000 100000', '150000 100000'))).toBe(1.5);
    expect(cpuQuota(v2('max 100000', 'max 100000'))).toBeUndefined();
  });

  it('reads cgroup v1: cpu.cfs_quota_us over cpu.cfs_period_us, -1 for none', () => {
    const v1 = (quota: string) =>
      root({
        'proc/self/cgroup': '4:memory:/x\n2:cpuacct:/\n1:cpu:/bench-1',
        'sys/fs/cgroup/cpu/cpu.cfs_period_us': '100000',
        'sys/fs/cgroup/cpu/cpu.cfs_quota_us': '-1',
        'sys/fs/cgroup/cpu/bench-1/cgroup.procs': '1',
        'sys/fs/cgroup/cpu/bench-1/cpu.cfs_period_us': '100000',
        'sys/fs/cgroup/cpu/bench-1/cpu.cfs_quota_us': quota,
      });
    expect(cpuQuota(v1('10000'))).toBe(0.1);
    expect(cpuQuota(v1('250000'))).toBe(2.5);
    expect(cpuQuota(v1('-1'))).toBeUndefined();
  });

  it('inside a container whose group path is the host\'s, reads the mount\'s root', () => {
    const dir = root({
      'proc/self/cgroup': '12:cpu,cpuacct:/docker/0123abcd',
      'sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us': '100000',
      'sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us': '200000',
    });
    expect(cpuQuota(dir)).toBe(2);
  });

  it('is undefined without cgroups (no /proc/self/cgroup, or no cpu controller mounted)', () => {
    expect(cpuQuota(root({}))).toBeUndefined();
    expect(cpuQuota(root({ 'proc/self/cgroup': '1:cpu:/' }))).toBeUndefined();
  });
});
