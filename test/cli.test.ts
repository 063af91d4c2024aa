import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_CODE_PATTERN } from '../src/domain/organizations/invite-code.ts';
import { freshPostgresDatabase } from './support/backends.ts';
import { postgresProcessesOf, runNpxCli } from './support/processes.ts';

// Through the real bin, as an operator runs it (`npx clarion ...` in the checkout), on the embedded default
// with no server running: each command starts the cluster in DATA_DIR (the first one makes it) and stops it.
// A command takes a few seconds of CPU (tsx, the cluster's start and stop): on a loaded 2-core CI machine, with
// eight test files at once, four of them have taken over a minute, hence the long limits.
describe('the clarion CLI', () => {
  let dataDir: string;
  const clarion = (...args: string[]) => runNpxCli(args, { DATA_DIR: dataDir, DATABASE_URL: '' });
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'clarion-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates organizations and lists them as JSON, invite codes included', async () => {
    const created = await clarion('org', 'create', '--name', 'Acme News', '--slug', 'acme', '--description', 'Breaking news', '--brand-color', '#ff6600', '--logo-url', 'https://acme.test/l.png');
    expect(created.code).toBe(0);
    const acme = JSON.parse(created.stdout);
    expect(acme).toMatchObject({ name: 'Acme News', slug: 'acme', description: 'Breaking news', brandColor: '#FF6600', logoUrl: 'https://acme.test/l.png', isPublic: true, subscriberCount: 0 });
    expect(acme.inviteCode).toMatch(INVITE_CODE_PATTERN);

    const hidden = JSON.parse((await clarion('org', 'create', '--name', 'Board', '--slug', 'board', '--private')).stdout);
    expect(hidden).toMatchObject({ slug: 'board', isPublic: false });
    expect(hidden.inviteCode).not.toBe(acme.inviteCode);

    const listed = await clarion('org', 'list');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).map((o: { slug: string; inviteCode: string }) => [o.slug, o.inviteCode])).toEqual([
      ['acme', acme.inviteCode],
      ['board', hidden.inviteCode],
    ]);

    const regenerated = JSON.parse((await clarion('org', 'regenerate-invite', 'board')).stdout);
    expect(regenerated.inviteCode).toMatch(INVITE_CODE_PATTERN);
    expect(regenerated.inviteCode).not.toBe(hidden.inviteCode);
    // Each command stopped the cluster it started.
    expect(await postgresProcessesOf(dataDir)).toEqual([]);
  }, 180_000);

  it('creates API keys shown once, lists them without secrets, and revokes them', async () => {
    const made = await clarion('key', 'create', '--org', 'acme', '--kind', 'live', '--name', 'Server');
    expect(made.code).toBe(0);
    const { key, id, displayPrefix, warning } = JSON.parse(made.stdout);
    expect(key).toMatch(/^svc_live_/);
    expect(displayPrefix).toBe(key.slice(0, 15));
    expect(warning).toContain('cannot show it again');
    const listed = await clarion('key', 'list', '--org', 'acme');
    expect(listed.stdout).not.toContain(key);
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ id, name: 'Server', kind: 'live', revokedAt: null })]);
    const revoked = JSON.parse((await clarion('key', 'revoke', id)).stdout);
    expect(revoked).toMatchObject({ id, revokedAt: expect.any(String) });
    expect(await clarion('key', 'create', '--org', 'acme', '--kind', 'prod')).toMatchObject({ code: 1, stderr: expect.stringContaining('kind must be "live" or "test"') });
    expect(await clarion('key', 'list')).toMatchObject({ code: 2, stderr: expect.stringContaining('--org is required') });
  }, 180_000);

  it('explains what is wrong and exits non-zero', async () => {
    const taken = await clarion('org', 'create', '--name', 'Again', '--slug', 'acme');
    expect(taken).toMatchObject({ code: 1, stderr: expect.stringContaining('slug "acme" is already taken') });
    const badSlug = await clarion('org', 'create', '--name', 'Bad', '--slug', 'Bad Slug');
    expect(badSlug).toMatchObject({ code: 1, stderr: expect.stringContaining('slug must be 1 to 64 lowercase letters') });
    const missing = await clarion('org', 'create', '--slug', 'nameless');
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('--name is required') });
    const unknown = await clarion('org', 'explode');
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining('usage:') });
  }, 180_000);
});

describe('clarion db url', () => {
  it('prints DATABASE_URL as given, for psql and pg_dump', async () => {
    const fresh = await freshPostgresDatabase();
    try {
      expect(await runNpxCli(['db', 'url'], { DATABASE_URL: fresh.url })).toMatchObject({ code: 0, stdout: `${fresh.url}\n` });
    } finally {
      await fresh.drop();
    }
  });
});
