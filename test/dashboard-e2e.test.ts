// The dashboard end to end in Chromium: an organization's first day, from sign-up to a broadcast sent
// from the composer and one sent with an API key, both in history; scheduling and cancelling; the settings page's
// warning when APNs refuses a broadcast because of a server setting; then the refusals.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apnsToken } from './support/seed.ts';
import { backends } from './support/backends.ts';
import { browserAvailable, openBrowser } from './support/browser.ts';
import { startDashboard } from './support/dashboard.ts';

const password = 'a long enough password';

/** A page on another origin of the same site (another port), as an attacker's page would be. */
async function startForeignSite(target: string) {
  const html = `<!doctype html><html><body>
    <form id="csrf" method="POST" action="${target}/graphql" enctype="text/plain">
      <input type="hidden" name='{"query":"mutation { createOrganization(name: \\"Evil\\", slug: \\"evil-org\\") { id } }","x":"' value='"}'>
      <button id="go">Win a prize</button>
    </form>
    <script>
      window.tryFetch = () => fetch('${target}/graphql', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'mutation { createOrganization(name: "Evil", slug: "evil-fetch") { id } }' }) }).then((r) => 'answered ' + r.status, (e) => 'blocked: ' + e.message);
    </script></body></html>`;
  const server: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections()) };
}

/**
 * The browser runs in Australia/Darwin (UTC+09:30 all year), so the composer's local times differ from UTC.
 * `at(days, hour)`: that many days from today there, at that hour, as a datetime-local value and as the instant it means.
 */
const TIME_ZONE = 'Australia/Darwin';
const OFFSET_MS = (9 * 60 + 30) * 60_000;
function at(daysAhead: number, hour: number) {
  const day = new Date(Date.now() + OFFSET_MS + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const local = `${day}T${String(hour).padStart(2, '0')}:00`;
  return { local, instant: new Date(Date.parse(`${local}:00Z`) - OFFSET_MS).toISOString() };
}

/** The page must not scroll sideways: everything fits a phone's width. */
async function fitsWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe.skipIf(!browserAvailable).each(backends)('the dashboard in Chromium on $name', (backend) => {
  let product: Awaited<ReturnType<typeof startDashboard>>;
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    product = await startDashboard(backend);
    browser = await openBrowser({ timezoneId: TIME_ZONE });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('takes a new user from sign-up to broadcasts from the composer and the API, both in history', { timeout: 120_000 }, async () => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    const email = `e2e-${Date.now()}@example.test`;

    // Sign up: the app sends a visitor without a session to log in first.
    await page.goto(product.url);
    await page.waitForURL(/\/login$/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('You do not belong to an organization yet.').waitFor();

    // Create an organization; the slug follows the name.
    await page.getByRole('link', { name: 'Create an organization' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Acme News');
    expect(await page.getByLabel('Slug', { exact: true }).inputValue()).toBe('acme-news');
    await page.getByLabel('Brand colour', { exact: true }).fill('#D9480F');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('heading', { name: 'Acme News', level: 1 }).waitFor();
    const inviteCode = (await page.getByTestId('invite-code').textContent())!;
    expect(inviteCode).toMatch(/^[A-Z2-7]{24}$/i);

    // A live key, shown once.
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Server');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-api-key').textContent())!;
    expect(key).toMatch(/^svc_live_/);
    await page.getByText('this is the only time it is shown').waitFor();
    await page.getByRole('cell', { name: 'Server', exact: true }).waitFor();

    // A phone registers and subscribes through /v1, with the invite code's organization.
    const token = apnsToken();
    const device = await product.api.post('/v1/devices', { apnsToken: token, platform: 'ios' });
    const organization = await product.api.get(`/v1/orgs/invite/${inviteCode}`);
    expect(organization.body.slug).toBe('acme-news');
    expect((await product.api.post(`/v1/devices/${device.body.deviceUuid}/subscriptions`, { orgSlug: 'acme-news', externalId: 'reader-1' })).status).toBe(201);

    // Send from the composer: the preview follows the text, and the live send confirms the device count.
    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Morning edition');
    await page.getByLabel('Body', { exact: true }).fill('Hello from the composer');
    const banner = page.getByRole('figure', { name: 'iOS banner preview' });
    await banner.getByText('Hello from the composer').waitFor();
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText('Test sent to the most recently subscribed matching device.').waitFor();
    // APNs holds its answer to the live send until the broadcast page has shown it sending; then it is done.
    const answer = product.apns.hold(token);
    await page.getByRole('button', { name: 'Send…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this notification?' });
    expect(await dialog.getByTestId('confirm-devices').textContent()).toContain('It will reach 1 device now');
    await dialog.getByRole('button', { name: 'Send to 1 devices' }).click();
    await page.waitForURL(/\/notifications\/[0-9a-f-]{36}$/);
    await page.getByText('still sending').waitFor();
    expect(await page.getByRole('progressbar').getAttribute('aria-label')).toBe('0 of 1 devices done');
    answer();
    await page.getByText('completed').waitFor();
    expect(await page.getByTestId('sent').textContent()).toBe('1');
    expect(await page.getByRole('progressbar').getAttribute('aria-label')).toBe('1 of 1 devices done');

    // And through /v1/notify with the key.
    const viaApi = await product.api.post('/v1/notify', { body: 'Hello from the API', target: 'all' }, { authorization: `Bearer ${key}` });
    expect(['sending', 'completed']).toContain(viaApi.body.status);
    let settled = viaApi.body;
    while (settled.status === 'sending') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      settled = (await product.api.get(`/v1/notifications/${viaApi.body.id}`, { authorization: `Bearer ${key}` })).body;
    }
    expect(settled).toMatchObject({ status: 'completed', sent: 1 });
    expect(product.apns.delivered(token).map((push) => (push.payload as { aps: { alert: { body: string } } }).aps.alert.body)).toEqual([
      'Hello from the composer',
      'Hello from the composer',
      'Hello from the API',
    ]);

    // History shows both, with where each came from.
    await page.getByRole('link', { name: 'All notifications' }).click();
    const rows = page.locator('table.history tbody tr');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toMatch(/Hello from the API.*completed.*API key “Server”/);
    expect(await rows.nth(1).textContent()).toMatch(/Morning edition: Hello from the composer.*completed.*Dashboard/);

    // Revoke the key (after confirming); /v1/notify refuses it at once.
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'Revoke Server' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText(/^Revoked/).waitFor();
    const refused = await product.api.post('/v1/notify', { body: 'After revoking', target: 'all' }, { authorization: `Bearer ${key}` });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('UNAUTHENTICATED');

    // Log out, then a wrong password is refused and the right one gets back in (with the keyboard).
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password at all');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('alert').textContent()).toBe('the e-mail or the password is wrong');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Acme News', level: 1 }).waitFor();
    await page.close();
  });

  it('schedules from the composer in the browser\'s time zone, cancels from history and the broadcast page, and shows the refusals', { timeout: 90_000 }, async () => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    await page.goto(`${product.url}/signup`);
    await page.getByLabel('E-mail', { exact: true }).fill(`later-${Date.now()}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('link', { name: 'Create an organization' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Evening Post');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('heading', { name: 'Evening Post', level: 1 }).waitFor();

    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Tonight');
    await page.getByLabel('Body', { exact: true }).fill('Doors open at six');
    await page.getByLabel('Send later').check();
    const sendAt = page.getByLabel('Send at', { exact: true });
    expect(await sendAt.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    // A test goes out at once even with "Send later" chosen (the server refuses a test a sendAt).
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText('No subscribed device matches this audience, so the test went nowhere.').waitFor();

    // The server's refusals appear beside the field: too far ahead when counting the audience…
    await sendAt.fill(at(40, 12).local);
    await page.getByRole('button', { name: 'Schedule…' }).click();
    await page.getByText('sendAt must be at most 30 days ahead').waitFor();
    expect(await sendAt.getAttribute('aria-invalid')).toBe('true');
    // …and in the past, which the server checks when the broadcast is created (the count may let it through to the dialog).
    await sendAt.fill('2020-01-01T09:00');
    await page.getByRole('button', { name: 'Schedule…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule this notification?' });
    const inThePast = page.getByText('sendAt is in the past');
    await dialog.or(inThePast).first().waitFor();
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await inThePast.waitFor();
    expect(await sendAt.getAttribute('aria-invalid')).toBe('true');

    // Six in the evening, Darwin time, in two days: the dialog says when, and the server holds that instant.
    const evening = at(2, 18);
    await sendAt.fill(evening.local);
    await page.getByRole('button', { name: 'Schedule…' }).click();
    expect(await dialog.getByTestId('confirm-send-at').textContent()).toMatch(/6:00\sPM$/);
    expect(await dialog.getByTestId('confirm-devices').textContent()).toMatch(/Australia\/Darwin time.*0 devices match now/);
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.waitForURL(/\/notifications\/[0-9a-f-]{36}$/);
    await page.getByText('scheduled', { exact: true }).waitFor();
    expect(await page.getByTestId('send-at').locator('time').getAttribute('datetime')).toBe(evening.instant);
    await page.getByText('not started', { exact: true }).waitFor();

    // History shows it scheduled, with its time; Cancel (after confirming) turns it cancelled.
    await page.getByRole('link', { name: 'All notifications' }).click();
    const row = page.locator('table.history tbody tr').first();
    await row.getByText('scheduled', { exact: true }).waitFor();
    expect(await row.textContent()).toMatch(/Tonight: Doors open at six.*scheduled.*Sends .*6:00\sPM/);
    await row.getByRole('button', { name: 'Cancel “Tonight”' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this broadcast?' });
    expect(await confirm.textContent()).toContain('It will not be sent.');
    await confirm.getByRole('button', { name: 'Cancel broadcast' }).click();
    await row.getByText('cancelled', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('Cancelled before its time; nothing was sent');
    expect(await row.getByRole('button').count()).toBe(0);
    expect((await product.api.db.broadcast.findMany({ select: { status: true, sendAt: true }, where: { organization: { name: 'Evening Post' } } })).map((b) => [b.status, b.sendAt?.toISOString()])).toEqual([['cancelled', evening.instant]]);

    // Another one at the suggested time, cancelled from its own page.
    await page.getByRole('link', { name: 'Compose' }).first().click();
    await page.getByLabel('Body', { exact: true }).fill('Second thoughts');
    await page.getByLabel('Send later').check();
    await page.getByRole('button', { name: 'Schedule…' }).click();
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.waitForURL(/\/notifications\/[0-9a-f-]{36}$/);
    await page.getByText('scheduled', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await confirm.getByRole('button', { name: 'Cancel broadcast' }).click();
    await page.getByText('cancelled', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
    expect(await page.getByTestId('send-at').count()).toBe(0);
    await page.close();
  });

  it('warns on the settings page while APNs refuses broadcasts because of a server setting, with a link to the stopped one', { timeout: 90_000 }, async () => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    await page.goto(`${product.url}/signup`);
    await page.getByLabel('E-mail', { exact: true }).fill(`sandbox-${Date.now()}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('link', { name: 'Create an organization' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Sandbox Times');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('heading', { name: 'Sandbox Times', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Name', { exact: true }).waitFor();
    expect(await page.getByTestId('configuration-warning').count()).toBe(0);

    // Ten phones receive a first broadcast; then APNs calls every one of their tokens bad, as it does when
    // APNS_ENV no longer matches the builds that registered them.
    const tokens = [];
    for (let i = 0; i < 10; i += 1) {
      const token = apnsToken();
      tokens.push(token);
      const device = await product.api.post('/v1/devices', { apnsToken: token, platform: 'ios' });
      expect((await product.api.post(`/v1/devices/${device.body.deviceUuid}/subscriptions`, { orgSlug: 'sandbox-times' })).status).toBe(201);
    }
    const compose = async (body: string) => {
      await page.getByRole('link', { name: 'Compose' }).click();
      await page.getByLabel('Body', { exact: true }).fill(body);
      await page.getByRole('button', { name: 'Send…' }).click();
      await page.getByRole('dialog', { name: 'Send this notification?' }).getByRole('button', { name: 'Send to 10 devices' }).click();
      await page.waitForURL(/\/notifications\/[0-9a-f-]{36}$/);
    };
    await compose('Everybody gets this');
    await page.getByText('completed', { exact: true }).waitFor();
    for (const token of tokens) product.apns.script(token, { status: 400, reason: 'BadDeviceToken' });
    await compose('Nobody will get this');
    const stoppedAt = page.url();
    await page.getByText('failed', { exact: true }).waitFor();
    const message = (await page.getByTestId('broadcast-error').textContent())!;
    expect(message).toContain('check APNS_ENV');

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const warning = page.getByRole('region', { name: 'APNs refused the last broadcast because of a server setting' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(message);
    expect(await warning.locator('time').count()).toBe(1);
    await warning.getByRole('link', { name: 'See the stopped broadcast' }).click();
    await page.waitForURL(stoppedAt);
    await page.getByTestId('broadcast-error').waitFor();
    await page.close();
  });

  it('refuses a cross-origin POST that carries the session cookie', { timeout: 60_000 }, async () => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    // Signed in, so the browser holds a session cookie for the dashboard's site.
    await page.goto(`${product.url}/signup`);
    await page.getByLabel('E-mail', { exact: true }).fill(`csrf-${Date.now()}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('You do not belong to an organization yet.').waitFor();

    const foreign = await startForeignSite(product.url);
    try {
      await page.goto(foreign.url);
      const [answer] = await Promise.all([page.waitForResponse(`${product.url}/graphql`), page.click('#go')]);
      expect(answer.status()).toBe(403);
      expect(await answer.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
      await page.goto(foreign.url);
      expect(await page.evaluate(() => (window as unknown as { tryFetch(): Promise<string> }).tryFetch())).toMatch(/^blocked/);
    } finally {
      await foreign.close();
    }
    expect(await product.api.db.organization.count({ where: { slug: { in: ['evil-org', 'evil-fetch'] } } })).toBe(0);
    await page.close();
  });

  it('works at phone width, with the keyboard, and says so when a page has nothing yet', { timeout: 60_000 }, async () => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${product.url}/signup`);
    await page.getByLabel('E-mail', { exact: true }).fill(`phone-${Date.now()}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.keyboard.press('Enter');
    await page.getByText('You do not belong to an organization yet.').waitFor();
    expect(await fitsWidth(page)).toBe(true);

    await page.getByRole('link', { name: 'Create an organization' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Pocket');
    await page.getByLabel('Slug', { exact: true }).fill('Not A Slug');
    await page.getByRole('button', { name: 'Create organization' }).click();
    // The server's message appears beside the field it names.
    await page.getByText('slug must be 1 to 64 lowercase letters').waitFor();
    expect(await page.getByLabel('Slug', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Slug', { exact: true }).fill(`pocket-${Date.now()}`);
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('heading', { name: 'Pocket', level: 1 }).waitFor();
    expect(await fitsWidth(page)).toBe(true);

    // The only owner cannot leave: the dialog says why, and Escape closes it.
    await page.getByRole('button', { name: 'Leave the organization' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Leave', exact: true }).click();
    await page.getByRole('dialog').getByText('an organization needs an owner').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    for (const [links, empty] of [
      [['Notifications'], 'Nothing sent yet.'],
      [['Settings', 'API keys'], 'No keys yet.'],
    ] as const) {
      for (const link of links) await page.getByRole('link', { name: link, exact: true }).click();
      await page.getByText(empty).waitFor();
      expect(await fitsWidth(page), empty).toBe(true);
    }

    // The composer's confirmation is a modal: Escape closes it without sending.
    await page.getByRole('link', { name: 'Compose' }).click();
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('button', { name: 'Send…' }).click();
    await page.getByText('body must not be empty').waitFor();
    await page.getByLabel('Body', { exact: true }).fill('Nobody is listening');
    await page.getByLabel('Body', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Send…' }).press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send this notification?' });
    expect(await dialog.getByTestId('confirm-devices').textContent()).toContain('It will reach 0 devices now');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Notifications', exact: true }).click();
    await page.getByText('Nothing sent yet.').waitFor();
    await page.close();
  });
});
