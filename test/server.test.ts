// `npm start` as a process: configuration errors, the listening server, and draining on SIGTERM.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killIfAlive, logLines, postgresProcessesOf, procFile, runClarion as run, runCli, waitFor } from './support/processes.ts';
import { apnsToken } from './support/seed.ts';

describe('configuration', () => {
  it('reports every bad variable at once and exits 1', async () => {
    const { exited, output } = run({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', TRUST_PROXY: 'maybe' });
    expect(await exited).toBe(1);
    expect(output()).toContain('PORT must be an integer from 0 to 65535 (got "eighty")');
    expect(output()).toContain('LOG_LEVEL must be one of debug, info, warn, error, silent (got "loud")');
    expect(output()).toContain('DATABASE_URL must be a URL starting with postgres:// or postgresql://');
    expect(output()).toContain('TRUST_PROXY must be false, true, or the number of proxies in front of Clarion (got "maybe")');
  });
});

describe('DASHBOARD_ORIGINS', () => {
  it('refuses "*" with one clear line and exit 1', async () => {
    const { exited, output } = run({ DASHBOARD_ORIGINS: 'https://dashboard.example.com,*' });
    expect(await exited).toBe(1);
    expect(output()).toMatch(/Invalid configuration: DASHBOARD_ORIGINS must list origins such as https:\/\/dashboard\.example\.com; "\*" is not allowed/);
  });
});

describe('a running server', () => {
  let dataDir: string;
  let server: ReturnType<typeof run>;
  let url: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'clarion-server-'));
    server = run({ PORT: '0', DASHBOARD_PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
    url = await server.listening;
  }, 120_000);
  afterAll(async () => {
    server.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers /healthz and says where its data lives', async () => {
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(server.output()).toMatch(new RegExp(`"database":"embedded PostgreSQL in ${dataDir} \\(127\\.0\\.0\\.1:\\d+\\)"`));
  });

  it('lets the CLI and any PostgreSQL client work on its database while it runs', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const created = await runCli(['org', 'create', '--name', 'Beside', '--slug', 'beside'], env);
    expect(created).toMatchObject({ code: 0 });
    // The server sees it at once: one database, not a copy.
    expect((await fetch(`${url}/v1/orgs/beside`)).status).toBe(200);
    const { stdout: dbUrl } = await runCli(['db', 'url'], env);
    expect(dbUrl.trim()).toMatch(/^postgres:\/\/clarion:[\w-]+@127\.0\.0\.1:\d+\/clarion$/);
    const client = new pg.Client({ connectionString: dbUrl.trim() });
    await client.connect();
    try {
      expect((await client.query('SELECT slug FROM organizations')).rows).toEqual([{ slug: 'beside' }]);
      // Clarion's role owns its database and nothing more: no superuser's file access through SQL.
      expect((await client.query('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')).rows).toEqual([{ rolsuper: false }]);
      await expect(client.query(`SELECT pg_read_file('/etc/hostname')`)).rejects.toThrow(/permission denied/);
    } finally {
      await client.end();
    }
    // The same as PG* variables, for `eval "$(npx clarion db env)"`: the password stays off command lines.
    const { stdout: variables } = await runCli(['db', 'env'], env);
    const parsed = new URL(dbUrl.trim());
    expect(variables.trim().split('\n')).toEqual([
      `export PGHOST='127.0.0.1'`,
      `export PGPORT='${parsed.port}'`,
      `export PGUSER='clarion'`,
      `export PGPASSWORD='${parsed.password}'`,
      `export PGDATABASE='clarion'`,
    ]);
    // Three CLI commands of a few seconds of CPU each (tsx): on a loaded 2-core machine they have taken over 30 s.
  }, 120_000);

  it('serves the dashboard on its own port, with /graphql on the same origin', async () => {
    const dashboard = await waitFor(() => logLines(server.output()).find((line) => line.message === 'dashboard listening')?.url as string | undefined);
    expect(dashboard).not.toBe(url);
    const page = await fetch(`${dashboard}/orgs/any/settings/keys`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain('<div id="root"></div>');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(`${dashboard}${script}`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const code = await asset.text();
    expect(code).toContain('Skip to content');
    // React's production build, even though this process runs under vitest (NODE_ENV=test).
    expect(code).not.toContain('Each child in a list');
    const me = await fetch(`${dashboard}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', origin: dashboard! }, body: JSON.stringify({ query: '{ me { id } }' }) });
    expect(await me.json()).toEqual({ data: { me: null } });
  });

  it('finishes an in-flight request after SIGTERM, then closes and exits 0', async () => {
    const body = JSON.stringify({ apnsToken: apnsToken(), platform: 'ios' });
    const { port, hostname } = new URL(url);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: hostname, port, path: '/v1/devices', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      });
      req.on('error', reject);
      // Half the body now: the request is in flight when SIGTERM arrives.
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    const response = await answer;
    expect(response.status).toBe(201);
    expect(JSON.parse(response.body)).toEqual({ deviceUuid: expect.any(String) });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"message":"stopped"');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    // Its PostgreSQL stopped with it, after the drain.
    expect(await postgresProcessesOf(dataDir)).toEqual([]);
  });
});

describe('under npm start', () => {
  let dataDir: string;
  let pid = 0;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'clarion-npm-'));
  });
  afterAll(async () => {
    if (pid) killIfAlive(pid); // a failed run leaves it orphaned
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops, draining, when the shell npm ran it through is killed without passing the SIGTERM on', async () => {
    // As npm runs a script: `sh -c`, here with a command after node so that no shell can exec it in its own place.
    const command = `"${process.execPath}" --import tsx src/main.ts; true`;
    const env = { ...process.env, npm_lifecycle_event: 'start', LOG_LEVEL: 'info', PORT: '0', DASHBOARD: 'off', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
    const shell = spawn('sh', ['-c', command], { cwd: path.resolve(import.meta.dirname, '..'), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    shell.stdout.on('data', (chunk) => (output += chunk));
    shell.stderr.on('data', (chunk) => (output += chunk));
    const url = await waitFor(() => /"url":"(http:\/\/[^"]+)"/.exec(output)?.[1], 110_000);
    pid = Number(logLines(output).find((line) => line.message === 'clarion listening')?.pid);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    shell.kill('SIGTERM'); // what npm does with the SIGTERM it gets; the shell dies and Clarion's parent is gone
    // Gone, or a zombie no one has reaped yet (its parent is init now).
    const gone = (stat: string) => stat === '' || stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
    await waitFor(async () => (gone(await procFile(pid, 'stat')) ? true : undefined), 30_000);
    expect(output).toContain('"message":"stopped"');
    expect(await postgresProcessesOf(dataDir)).toEqual([]);
  }, 150_000);
});
