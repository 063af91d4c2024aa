// `npm run screenshots`: the dashboard's main pages, filled with a little data, as PNGs in
// docs/screenshots (linked from the README). Runs the whole product in this process on an embedded
// PostgreSQL in a temporary directory, with the APNs stand-in, and drives Debian's Chromium like the browser tests do.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startEmbeddedPostgres } from '../src/db/embedded/cluster.ts';
import { createLogger } from '../src/logger.ts';
import { postgresBackend } from '../test/support/backends.ts';
import { openBrowser } from '../test/support/browser.ts';
import { startDashboard } from '../test/support/dashboard.ts';
import { apnsToken } from '../test/support/seed.ts';

const out = path.resolve(import.meta.dirname, '..', 'docs', 'screenshots');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'clarion-screenshots-'));
const cluster = await startEmbeddedPostgres({ dataDir, holder: 'screenshots', logger: createLogger('warn') });
const product = await startDashboard(postgresBackend(() => cluster.adminUrl, undefined, 'embedded PostgreSQL'));
const browser = await openBrowser({ width: 1280, height: 860 });
const page = await browser.context.newPage();

async function shot(name: string, target: Page = page) {
  await target.waitForLoadState('networkidle');
  await target.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
  console.log(`docs/screenshots/${name}.png`);
}

try {
  await page.goto(`${product.url}/login`);
  await page.getByLabel('E-mail', { exact: true }).waitFor();
  await shot('log-in');

  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('E-mail', { exact: true }).fill('editor@acme.example');
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('link', { name: 'Create an organization' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Acme Daily');
  await page.getByLabel('Description', { exact: true }).fill('Morning and evening briefings from the Acme newsroom.');
  await page.getByLabel('Brand colour', { exact: true }).fill('#D9480F');
  await shot('organization-new');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await page.getByRole('heading', { name: 'Acme Daily', level: 1 }).waitFor();

  // Subscribers, through the same /v1 routes the iOS app calls; one of them APNs reports gone.
  const tokens = Array.from({ length: 6 }, () => apnsToken());
  for (const [i, token] of tokens.entries()) {
    const device = await product.api.post('/v1/devices', { apnsToken: token, platform: 'ios' });
    await product.api.post(`/v1/devices/${device.body.deviceUuid}/subscriptions`, { orgSlug: 'acme-daily', externalId: `reader-${i}` });
  }
  product.apns.script(tokens[0]!, { status: 410, reason: 'Unregistered' });
  await page.reload();
  await page.getByTestId('subscriber-count').waitFor();
  await shot('organization');
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Name', { exact: true }).waitFor();
  await shot('settings');

  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('link', { name: 'API keys' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Newsroom CMS');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-api-key').textContent())!;
  await page.getByLabel('Name', { exact: true }).fill('Staging');
  await page.getByLabel('Test').check();
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('cell', { name: 'Staging', exact: true }).waitFor();
  await shot('api-keys');

  for (const body of ['Markets open higher after the overnight rally.', 'Evening briefing: five stories you missed today.']) {
    await product.api.post('/v1/notify', { body, title: 'Acme Daily', target: 'all' }, { authorization: `Bearer ${key}` });
  }

  await page.getByRole('link', { name: 'Compose' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Breaking: council approves the new bridge');
  await page.getByLabel('Body', { exact: true }).fill('The vote passed 7–2 tonight. Construction starts in spring; read what changes for commuters.');
  await shot('composer');
  await page.getByRole('button', { name: 'Send…' }).click();
  await page.getByRole('dialog').getByTestId('confirm-devices').waitFor();
  await shot('composer-confirm');
  await page.getByRole('dialog').getByRole('button', { name: /^Send to/ }).click();
  await page.waitForURL(/\/notifications\/[0-9a-f-]{36}$/);
  await page.getByText('completed').waitFor();
  await shot('notification');

  await page.getByRole('link', { name: 'All notifications' }).click();
  await page.locator('table.history tbody tr').nth(2).waitFor();
  await shot('history');

  const phone = await browser.context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(page.url().replace(/\/notifications$/, '/compose'));
  await phone.getByLabel('Body', { exact: true }).fill('Storm warning: trains are delayed across the region.');
  await shot('composer-phone', phone);
} finally {
  await browser.close();
  await product.close();
  await cluster.stop();
  await rm(dataDir, { recursive: true, force: true });
}
