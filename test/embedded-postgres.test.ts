// The embedded default's life as an operator meets it: `npm start` without DATABASE_URL runs a PostgreSQL in
// DATA_DIR, keeps it to itself, and never leaves it behind, whatever happens to the processes.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killIfAlive, postgresProcessesOf, procFile, runClarion, runCli, waitFor } from './support/processes.ts';

const embedded = (dataDir: string, extra: Record<string, string> = {}) => ({ PORT: '0', DASHBOARD: 'off', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', ...extra });

async function startedServer(dataDir: string, extra: Record<string, string> = {}) {
  const server = runClarion(embedded(dataDir, extra));
  return { ...server, url: await server.listening };
}

const gone = (dataDir: string) => waitFor(async () => ((await postgresProcessesOf(dataDir)).length ? undefined : true), 15_000);

describe('the embedded PostgreSQL across starts and stops', () => {
  let dataDir: string;
  let first: Awaited<ReturnType<typeof startedServer>>;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'clarion-embedded-'));
    // At debug, PostgreSQL's own log lines are in the output too: none may carry a password.
    first = await startedServer(dataDir, { LOG_LEVEL: 'debug' });
  }, 60_000);
  afterAll(async () => {
    for (const pid of await postgresProcessesOf(dataDir)) killIfAlive(pid);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps its cluster and its only passwords in DATA_DIR, and listens on loopback only', async () => {
    expect((await readdir(dataDir)).sort()).toEqual(['postgres', 'postgres.json', 'running.json', 'vapid.json', 'webhook-secret.key']);
    expect((await stat(path.join(dataDir, 'vapid.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dataDir, 'postgres.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dataDir, 'webhook-secret.key'))).mode & 0o777).toBe(0o600);
    const { password, admin, port } = JSON.parse(await readFile(path.join(dataDir, 'postgres.json'), 'utf8'));
    expect(password).toMatch(/^[\w-]{32}$/);
    expect(admin.password).toMatch(/^[\w-]{32}$/);
    expect(first.output()).toContain('database system is ready to accept connections');
    expect(first.output()).not.toContain(password);
    expect(first.output()).not.toContain(admin.password);
    // Nothing of Clarion's environment reaches PostgreSQL's processes.
    for (const pid of await postgresProcessesOf(dataDir)) {
      expect(await procFile(pid, 'environ')).not.toMatch(/DATA_DIR|DATABASE_URL|APNS_/);
    }
    expect(await listeningAddresses(port)).toEqual(['127.0.0.1']);
  });

  it('refuses a second server on the same DATA_DIR, naming the process that holds it', async () => {
    const second = runClarion(embedded(dataDir));
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by Clarion process ${first.child.pid} (server`);
    expect(second.output()).not.toMatch(/\n\s+at /); // one line, no stack trace
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  });

  it('lets only one of two servers started at the same moment have it', async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), 'clarion-race-'));
    try {
      const both = [runClarion(embedded(other)), runClarion(embedded(other))];
      const winner = await Promise.any(both.map((server) => server.listening));
      const loser = both.find((server) => !server.output().includes(winner))!;
      expect(await loser.exited).toBe(1);
      expect(loser.output()).toMatch(/is in use by Clarion process \d+ \(server/);
      expect((await fetch(`${winner}/healthz`)).status).toBe(200);
      for (const server of both) server.child.kill('SIGTERM');
      await Promise.all(both.map((server) => server.exited));
      expect(await postgresProcessesOf(other)).toEqual([]);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('stops its PostgreSQL when Clarion is killed with SIGKILL, and the next start serves the same data', async () => {
    expect(await runCli(['org', 'create', '--name', 'Kept', '--slug', 'kept'], embedded(dataDir))).toMatchObject({ code: 0 });
    expect((await postgresProcessesOf(dataDir)).length).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await first.exited;
    await gone(dataDir);
    const next = await startedServer(dataDir);
    expect((await fetch(`${next.url}/v1/orgs/kept`)).status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    expect(await postgresProcessesOf(dataDir)).toEqual([]);
    expect(await readdir(dataDir)).not.toContain('running.json');
  });

  it('stops a postmaster left running without its watchdog before starting its own', async () => {
    const server = await startedServer(dataDir);
    const watchdogs = [];
    for (const pid of await postgresProcessesOf(dataDir)) {
      if ((await procFile(pid, 'cmdline')).startsWith('sh\0')) watchdogs.push(pid);
    }
    expect(watchdogs).toHaveLength(2); // the watchdog and its reader
    for (const pid of [server.child.pid!, ...watchdogs]) process.kill(pid, 'SIGKILL');
    await server.exited;
    const orphan = Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(await postgresProcessesOf(dataDir)).toContain(orphan);
    const next = await startedServer(dataDir);
    expect(await postgresProcessesOf(dataDir)).not.toContain(orphan);
    expect((await fetch(`${next.url}/v1/orgs/kept`)).status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    await gone(dataDir);
  });

  it('recovers after every process was killed at once (a power cut, an OOM kill)', async () => {
    const server = await startedServer(dataDir);
    expect((await runCli(['org', 'create', '--name', 'Just before', '--slug', 'just-before'], embedded(dataDir))).code).toBe(0);
    for (const pid of [server.child.pid!, ...(await postgresProcessesOf(dataDir))]) killIfAlive(pid);
    await server.exited;
    await gone(dataDir);
    // What a killed server leaves: a stale running.json and postmaster.pid. Its pid may by now be another
    // process's (reused, or a zombie nobody reaped), which PostgreSQL would take for a running server.
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const [, ...rest] = (await readFile(pidFile, 'utf8')).split('\n');
    await writeFile(pidFile, [String(process.pid), ...rest].join('\n'));
    // In a container the next Clarion may well get the very pid the last one had.
    const running = JSON.parse(await readFile(path.join(dataDir, 'running.json'), 'utf8'));
    await writeFile(path.join(dataDir, 'running.json'), JSON.stringify({ ...running, pid: 1 }));
    const next = await startedServer(dataDir);
    for (const slug of ['kept', 'just-before']) expect((await fetch(`${next.url}/v1/orgs/${slug}`)).status).toBe(200);
    const { port } = JSON.parse(await readFile(path.join(dataDir, 'running.json'), 'utf8'));
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    // A stopped server's database is started by a CLI command for its own length, on the same port.
    const listed = await runCli(['org', 'list'], embedded(dataDir));
    expect(JSON.parse(listed.stdout).map((o: { slug: string }) => o.slug).sort()).toEqual(['just-before', 'kept']);
    expect(JSON.parse(await readFile(path.join(dataDir, 'postgres.json'), 'utf8')).port).toBe(port);
    expect(await postgresProcessesOf(dataDir)).toEqual([]);
    expect(await runCli(['db', 'url'], embedded(dataDir))).toMatchObject({ code: 1, stderr: expect.stringContaining('No Clarion server is running on DATA_DIR') });
    // Two starts, a kill and four CLI runs in a row: 10 to 18 s on 2 cores beside other test files, once 30.
  }, 90_000);
});

// As root, PostgreSQL runs as another user: `postgres`, who may not enter the directories above DATA_DIR (root's
// home, a mktemp directory) and is handed the cluster's directory instead; or, where it cannot even reach
// node_modules, uid 1 in a user namespace. Either way `npm start` works there, and PostgreSQL never runs as root.
describe('a DATA_DIR inside a directory only its owner may enter', () => {
  it('serves, with PostgreSQL running as a user other than root who owns the cluster', async () => {
    const closed = await mkdtemp(path.join(os.tmpdir(), 'clarion-closed-'));
    const dataDir = path.join(closed, 'data');
    try {
      expect((await stat(closed)).mode & 0o777).toBe(0o700);
      const server = await startedServer(dataDir);
      expect(await runCli(['org', 'create', '--name', 'Closed', '--slug', 'closed'], embedded(dataDir))).toMatchObject({ code: 0 });
      expect((await fetch(`${server.url}/v1/orgs/closed`)).status).toBe(200);
      const postmaster = await postmasterOf(dataDir);
      expect(postmaster.uidInside).not.toBe(0);
      expect((await stat(path.join(dataDir, 'postgres'))).uid).toBe(postmaster.uid);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect((await stat(closed)).mode & 0o777).toBe(0o700); // nothing above DATA_DIR was opened up
    } finally {
      await rm(closed, { recursive: true, force: true });
    }
  }, 60_000);
});

/** The postmaster of `dataDir`'s cluster: its uid as we see it, and as it sees itself (inside its user namespace). */
async function postmasterOf(dataDir: string) {
  for (const pid of await postgresProcessesOf(dataDir)) {
    if (!(await procFile(pid, 'cmdline')).includes('bin/postgres\0')) continue;
    const uid = Number(/^Uid:\s+(\d+)/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))![1]);
    // uid_map lines: "first-inside first-outside count"
    const map = (await readFile(`/proc/${pid}/uid_map`, 'utf8')).trim().split('\n').map((line) => line.trim().split(/\s+/).map(Number));
    const [inside, outside] = map.find(([, first, count]) => uid >= first! && uid < first! + count!)!;
    return { pid, uid, uidInside: inside! + uid - outside! };
  }
  throw new Error(`no postmaster for ${dataDir}`);
}

describe('a DATA_DIR Clarion must not use', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'clarion-refused-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  async function refused(dataDir: string, extra: Record<string, string> = {}) {
    const before = await listTree(dataDir);
    const server = runClarion(embedded(dataDir, extra));
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(await listTree(dataDir)).toEqual(before); // untouched
    expect(await postgresProcessesOf(dataDir)).toEqual([]);
    return lines[0]!;
  }

  it('a cluster of another PostgreSQL major version', async () => {
    const dataDir = path.join(scratch, 'old-major');
    await mkdir(path.join(dataDir, 'postgres'), { recursive: true });
    await writeFile(path.join(dataDir, 'postgres', 'PG_VERSION'), '17\n');
    expect(await refused(dataDir)).toContain('holds a PostgreSQL 17 cluster and this Clarion runs PostgreSQL 18; it was left untouched');
  });

  it('a PGlite directory from an earlier Clarion', async () => {
    const dataDir = path.join(scratch, 'pglite');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'PG_VERSION'), '17\n');
    expect(await refused(dataDir)).toContain('holds a PGlite database from an earlier Clarion');
  });

  it('a port another program holds', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const dataDir = path.join(scratch, 'port');
    try {
      expect(await refused(dataDir, { PORT: String(port) })).toBe(`Port ${port} on 127.0.0.1 is in use by another program: stop it or choose another PORT / DASHBOARD_PORT.`);
    } finally {
      taken.close();
    }
  });

  it('a read-only DATA_DIR', async ({ skip }) => {
    const readOnly = await readOnlyDirectory(path.join(scratch, 'read-only'));
    // Root ignores permission bits; without CAP_SYS_ADMIN (an unprivileged container) it cannot mount one either.
    if (!readOnly) return skip('running as root without the right to mount a read-only tmpfs');
    const { dir, release } = readOnly;
    try {
      expect(await refused(dir)).toMatch(new RegExp(`^DATA_DIR ${dir} is not writable \\((EROFS|EACCES)\\)\\.$`));
    } finally {
      await release();
    }
  });
});

/** Every path under `dir`, or null when it does not exist. */
async function listTree(dir: string) {
  return readdir(dir, { recursive: true }).then((names) => names.sort(), () => null);
}

/** Read-only even for root, who ignores permission bits: a read-only tmpfs there (root), or mode 0555 (anyone else). */
async function readOnlyDirectory(dir: string) {
  await mkdir(dir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  try {
    if (asRoot) execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    else execFileSync('chmod', ['0555', dir]);
  } catch {
    return undefined;
  }
  return {
    dir,
    release: async () => {
      if (asRoot) execFileSync('umount', [dir]);
      else execFileSync('chmod', ['0755', dir]);
    },
  };
}

/** The addresses with a listening TCP socket on `port`, from /proc/net/tcp and tcp6. */
async function listeningAddresses(port: number) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const addresses: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (await readFile(table, 'utf8')).split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local?.endsWith(`:${hexPort}`)) continue;
      const hex = local.split(':')[0]!;
      // IPv4 is stored little-endian: 0100007F is 127.0.0.1.
      addresses.push(hex.length === 8 ? hex.match(/../g)!.reverse().map((byte) => parseInt(byte, 16)).join('.') : `[${hex}]`);
    }
  }
  return addresses;
}
