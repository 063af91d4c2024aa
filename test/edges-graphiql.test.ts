// GraphiQL: off unless GRAPHIQL=on, served from the installed package (the browser loads nothing from another
// origin), and never on the dashboard's port.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboardServer } from '../src/dashboard/server.ts';
import { backends } from './support/backends.ts';
import { browserAvailable, openBrowser } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

describe.each(backends)('GraphiQL on $name', (backend) => {
  let storage: Awaited<ReturnType<typeof backend.open>>;
  let on: TestServer;
  beforeAll(async () => {
    storage = await backend.open();
    on = await startServer(storage, { graphiql: true });
  });
  afterAll(async () => {
    await on?.close();
    await storage?.close();
  });

  it('is off by default, in development too', async () => {
    const off = await startServer(storage, { production: false });
    try {
      const page = await off.get('/graphql', { accept: 'text/html' });
      expect(page.headers.get('content-type') ?? '').not.toMatch(/html/);
      expect(page.text).not.toContain('GraphiQL');
    } finally {
      await off.close();
    }
  });

  it('with GRAPHIQL=on, serves a page that names no other origin', async () => {
    const page = await on.get('/graphql', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('<title>Clarion GraphQL</title>');
    expect(page.text).not.toMatch(/<(script|link)[^>]+(src|href)="?(https?:)?\/\//i);
    expect(page.text).not.toMatch(/unpkg\.com|jsdelivr|cdnjs/);
  });

  it.skipIf(!browserAvailable)('loads in Chromium and fetches the schema with every request to its own origin', async () => {
    const browser = await openBrowser();
    const requests: string[] = [];
    let fetched: string[] = [];
    try {
      browser.context.on('request', (request) => void requests.push(request.url()));
      const tab = await browser.context.newPage();
      await tab.goto(`${on.url}/graphql`);
      await tab.locator('.graphiql-container').first().waitFor({ timeout: 60_000 });
      // GraphiQL asks for the schema once it is up: the page works, not just its HTML.
      await expect.poll(() => requests.filter((url) => url === `${on.url}/graphql`).length, { timeout: 60_000 }).toBeGreaterThan(1);
      // The schema's own types in the documentation explorer: the page read the answer, not just asked. (No wait for
      // 'networkidle': it never came within 60 s on two loaded CI passes, and Playwright advises against it.)
      await tab.getByRole('button', { name: 'Show Documentation Explorer' }).click();
      await tab.locator('.graphiql-doc-explorer').getByText('Broadcast', { exact: true }).first().waitFor({ timeout: 60_000 });
      // Fonts are what a style sheet could still be fetching from elsewhere; what the page fetched, by its own account.
      await tab.evaluate(() => document.fonts.ready);
      fetched = await tab.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    } finally {
      await browser.close();
    }
    const elsewhere = [...requests, ...fetched].filter((url) => !url.startsWith(`${on.url}/`) && !url.startsWith('data:') && !url.startsWith(`blob:${on.url}/`));
    expect(fetched).toContain(`${on.url}/graphql`);
    expect(elsewhere).toEqual([]);
  }, 180_000);

  it('is never served on the dashboard\'s port, while GraphQL still is', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'clarion-no-build-'));
    const dashboard = createDashboardServer({ root, api: on.app.handler });
    await new Promise<void>((resolve) => dashboard.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(dashboard.address() as AddressInfo).port}`;
    try {
      for (const accept of ['text/html', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'TEXT/HTML']) {
        const page = await fetch(`${url}/graphql`, { headers: { accept } });
        const text = await page.text();
        expect(page.status, accept).toBe(404);
        expect(page.headers.get('content-type')).toBe('application/json');
        expect(text).not.toContain('<html');
      }
      const query = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
      expect(await query.json()).toEqual({ data: { __typename: 'Query' } });
      const get = await fetch(`${url}/graphql?query=${encodeURIComponent('{ __typename }')}`, { headers: { accept: 'application/json' } });
      expect(await get.json()).toEqual({ data: { __typename: 'Query' } });
    } finally {
      dashboard.closeAllConnections();
      await new Promise<void>((resolve) => dashboard.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    }
  });
});
