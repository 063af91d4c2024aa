// `npm run screenshots`: the dashboard's main pages, filled with a little data, as PNGs in
// docs/screenshots (linked from the README). Runs the whole product in this process on an embedded
// PostgreSQL in a temporary directory, with the APNs stand-in, and drives Debian's Chromium like the browser tests do.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
const product = await startDashboard(postgresBackend(() => cluster.adminUrl, undefined, 'embedded PostgreSQL', () => 'clarion_screenshots'), { webhooks: { allowPrivate: true } });
// A webhook receiver in this process that takes every delivery.
const receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/clarion-events`;
const browser = await openBrowser({ width: 1280, height: 860 });
const page = await browser.context.newPage();

/**
 * A month behind the organization, as the rollups would hold it had it been running: the product can only make
 * today's, so its subscriptions are spread over the last 30 days and each past day gets a broadcast or two.
 */
async function backdateMonth() {
  const { id } = (await product.api.db.organization.findFirst({ where: { slug: 'acme-daily' }, select: { id: true } }))!;
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  await product.api.db.$executeRawUnsafe(`UPDATE subscriber_days SET delta = 3 WHERE organization_id = $1::uuid AND day = $2::date`, id, new Date(today).toISOString().slice(0, 10));
  for (let back = 1; back < 30; back += 1) {
    const day = new Date(today - back * 86_400_000).toISOString().slice(0, 10);
    // 45 joined before today: one or two a day, more after a launch three weeks ago.
    const joined = back > 27 ? 0 : back === 21 ? 6 : back % 3 === 0 ? 2 : 1;
    if (joined) await product.api.db.$executeRawUnsafe(`INSERT INTO subscriber_days (organization_id, platform, day, delta) VALUES ($1::uuid, 'ios', $2::date, $3)`, id, day, joined);
    const sent = Math.max(0, 40 - back) + (back % 4) * 3;
    if (back % 7 === 6 || back > 27) continue;
    await product.api.db.$executeRawUnsafe(
      `INSERT INTO organization_days (organization_id, day, broadcasts, sent, failed, failures, opened) VALUES ($1::uuid, $2::date, $3, $4, $5, $6::jsonb, $7)`,
      id, day, back % 5 === 0 ? 2 : 1, sent, back % 9 === 0 ? 2 : 0, back % 9 === 0 ? '{"Unregistered": 2}' : '{}', Math.round(sent * (0.2 + (back % 5) * 0.04)),
    );
  }
}

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

  // Subscribers, through the same /v1 routes the iOS app calls, in three languages and following topics; one of them
  // APNs reports gone.
  const tokens = Array.from({ length: 48 }, () => apnsToken());
  const readers: string[] = [];
  const LOCALES = ['en-GB', 'fr-FR', 'de-CH', 'fr-CA', undefined];
  const TOPICS = [['sports', 'local'], ['politics'], ['sports'], ['local', 'weather'], ['politics', 'sports', 'business'], []];
  for (const [i, token] of tokens.entries()) {
    const locale = LOCALES[i % LOCALES.length];
    const device = await product.api.post('/v1/devices', { apnsToken: token, platform: 'ios', ...(locale ? { locale } : {}) });
    await product.api.post(`/v1/devices/${device.body.deviceUuid}/subscriptions`, { orgSlug: 'acme-daily', externalId: `reader-${i}`, topics: TOPICS[i % TOPICS.length] });
    readers.push(device.body.deviceUuid);
  }
  product.apns.script(tokens[0]!, { status: 410, reason: 'Unregistered' });
  await backdateMonth();

  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('link', { name: 'API keys' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Newsroom CMS');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-api-key').textContent())!;
  const auth = { authorization: `Bearer ${key}` };
  await page.getByLabel('Name', { exact: true }).fill('Staging');
  await page.getByLabel('Test').check();
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('cell', { name: 'Staging', exact: true }).waitFor();
  await shot('api-keys');

  // A webhook endpoint that hears every event of the broadcasts below, and one nobody listens at any more
  // (its port closed), whose deliveries are retrying.
  await page.getByRole('link', { name: 'Webhooks' }).click();
  for (const [url, events] of [[receiverUrl, []], ['http://127.0.0.1:9/old-crm/hooks', ['broadcast.failed', 'broadcast.cancelled', 'devices.unregistered']]] as const) {
    await page.getByLabel('Endpoint URL').fill(url);
    for (const event of events) await page.getByRole('checkbox', { name: event, exact: true }).uncheck();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('article', { name: url, exact: true }).waitFor();
  }
  await page.getByRole('article', { name: receiverUrl, exact: true }).getByRole('button', { name: 'Send test event' }).click();

  /** Sends through /v1/notify with the live key and waits until it has finished, or is scheduled. */
  async function notify(input: Record<string, unknown>) {
    let broadcast = (await product.api.post('/v1/notify', { title: 'Acme Daily', target: 'all', ...input }, auth)).body;
    while (broadcast.status === 'sending') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      broadcast = (await product.api.get(`/v1/notifications/${broadcast.id}`, auth)).body;
    }
    return broadcast;
  }
  for (const body of ['Markets open higher after the overnight rally.', 'Evening briefing: five stories you missed today.']) await notify({ body });

  await page.getByRole('link', { name: 'Compose' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Breaking: council approves the new bridge');
  await page.getByLabel('Body', { exact: true }).fill('The vote passed 7–2 tonight. Construction starts in spring; read what changes for commuters.');
  await page.getByRole('radio', { name: 'Topics' }).check();
  for (const topic of ['local', 'politics']) await page.getByRole('checkbox', { name: new RegExp(`^${topic}`) }).check();
  await page.getByRole('button', { name: 'Add a language' }).click();
  const french = page.getByRole('group', { name: 'Language 1' });
  await french.getByLabel('Language tag').fill('fr');
  await french.getByLabel('Translated title').fill('Urgent : le conseil approuve le nouveau pont');
  await french.getByLabel('Translated body').fill('Vote à 7 contre 2 ce soir. Les travaux commencent au printemps ; ce qui change pour les trajets.');
  // Typing scrolled the page; the sticky preview would be drawn where it stuck.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('composer');
  await page.getByRole('button', { name: 'Send…' }).click();
  await page.getByRole('dialog').getByTestId('confirm-devices').waitFor();
  await shot('composer-confirm');
  await page.getByRole('dialog').getByRole('button', { name: /^Send to/ }).click();
  await page.waitForURL(/\/notifications\/[0-9a-f-]{36}$/);
  await page.getByText('completed').waitFor();
  // Some of its readers open it: their apps report it.
  const notificationId = page.url().split('/').pop();
  for (const uuid of readers.slice(1, 16)) await product.api.post(`/v1/devices/${uuid}/opens`, { notificationId });
  await page.reload();
  await page.getByText('completed').waitFor();
  await shot('notification');

  // The overview: today's numbers, the month's charts and the topics.
  await page.getByRole('link', { name: 'Overview' }).click();
  await page.getByRole('img', { name: /^Opened: / }).waitFor();
  await page.getByRole('table', { name: 'Topics' }).waitFor();
  await shot('organization');

  // Then the server is pointed at the wrong APNs environment: every token is BadDeviceToken, and the
  // configuration breaker stops the next broadcast without writing off a device.
  for (const token of tokens.slice(1)) product.apns.script(token, { status: 400, reason: 'BadDeviceToken' });
  const stopped = await notify({ body: 'Traffic: the ring road reopens at 6 am after the night works.' });
  if (stopped.error?.code !== 'APNS_CONFIGURATION') throw new Error(`expected the breaker to stop the broadcast: ${JSON.stringify(stopped)}`);

  // One scheduled from the composer for tomorrow morning, and one scheduled through the API and cancelled.
  // Seven tomorrow morning in this machine's time zone, which is the browser's too.
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = [tomorrow.getFullYear(), tomorrow.getMonth() + 1, tomorrow.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  await page.getByRole('link', { name: 'Compose' }).first().click();
  await page.getByLabel('Title', { exact: true }).fill('Morning briefing');
  await page.getByLabel('Body', { exact: true }).fill('Today: the bridge vote, the new budget and the weekend weather.');
  await page.getByLabel('Send later').check();
  await page.getByLabel('Send at', { exact: true }).fill(`${day}T07:00`);
  await page.getByRole('button', { name: 'Schedule…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Schedule', exact: true }).click();
  await page.waitForURL(/\/notifications\/[0-9a-f-]{36}$/);
  await page.getByText('scheduled', { exact: true }).waitFor();
  await notify({ body: 'Weekend edition: the best long reads of the week.', sendAt: new Date(Date.now() + 2 * 86_400_000).toISOString() });

  await page.getByRole('link', { name: 'All notifications' }).click();
  const weekend = page.locator('table.history tbody tr', { hasText: 'Weekend edition' });
  await weekend.getByRole('button', { name: /^Cancel/ }).click();
  await page.getByRole('dialog', { name: 'Cancel this broadcast?' }).getByRole('button', { name: 'Cancel broadcast' }).click();
  await weekend.getByText('cancelled', { exact: true }).waitFor();
  await page.locator('table.history tbody tr').nth(5).waitFor();
  await shot('history');

  // Settings, with the warning about the stopped broadcast above the form.
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByTestId('configuration-warning').waitFor();
  await page.getByLabel('Name', { exact: true }).waitFor();
  await shot('settings');

  const phone = await browser.context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(page.url().replace(/\/settings$/, '/compose'));
  await phone.getByLabel('Body', { exact: true }).fill('Storm warning: trains are delayed across the region.');
  await shot('composer-phone', phone);

  // Webhooks, once every delivery has had its first attempt, with the recent deliveries open.
  while (await product.api.db.webhookDelivery.count({ where: { status: 'pending' } })) await new Promise((resolve) => setTimeout(resolve, 200));
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('article').nth(1).waitFor();
  for (const card of await page.getByRole('article').all()) {
    await card.locator('summary').click();
    await card.locator('table.deliveries').waitFor();
  }
  await shot('webhooks');

  // Identity verification, right after generating a key: the private key shown once, with its signing snippet.
  await page.getByRole('link', { name: 'Identity verification' }).click();
  await page.getByRole('button', { name: 'Generate a key pair' }).click();
  await page.getByTestId('identity-private-key').waitFor();
  await shot('identity');
} finally {
  await browser.close();
  await product.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await cluster.stop();
  await rm(dataDir, { recursive: true, force: true });
}
