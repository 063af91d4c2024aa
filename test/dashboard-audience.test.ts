// The dashboard's view of an audience (issue 23) in Chromium: devices registered through /v1 with their locales and
// topics; the overview lists the topics with their followers; the composer sends to topics (a known one ticked, a new
// one typed, a bad one refused) with a French text beside the default one, its preview switching language; the APNs
// stand-in shows which text each device got; an open reported through /v1 is counted on the broadcast's page; and the
// overview's last 30 days show today's numbers and a labelled chart (a canvas) for each measure.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backends } from './support/backends.ts';
import { browserAvailable } from './support/browser.ts';
import { dashboardInBrowserDuringSuite, signUpWithOrganization } from './support/browser-flows.ts';
import type { startDashboard } from './support/dashboard.ts';
import { apnsToken } from './support/seed.ts';

type Product = Awaited<ReturnType<typeof startDashboard>>;

/** An iOS device registered (with `locale` when given) and subscribed to `orgSlug` following `topics`, through /v1. */
async function reader(product: Product, orgSlug: string, { locale, topics }: { locale?: string; topics: string[] }) {
  const token = apnsToken();
  const device = await product.api.post('/v1/devices', { platform: 'ios', apnsToken: token, ...(locale ? { locale } : {}) });
  expect(device.status, device.text).toBe(201);
  const subscribed = await product.api.post(`/v1/devices/${device.body.deviceUuid}/subscriptions`, { orgSlug, topics });
  expect(subscribed.status, subscribed.text).toBe(201);
  return { token, uuid: device.body.deviceUuid as string };
}

/** The alerts the APNs stand-in took for a token. */
const alertsOf = (product: Product, token: string) => product.apns.delivered(token).map((push) => (push.payload.aps as { alert: unknown }).alert);

/** The rows of the table named `name`, each as its cells' texts. */
const rowsOf = (page: Page, name: string) => page.getByRole('table', { name, exact: true }).locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent)));

describe.skipIf(!browserAvailable).each(backends)('the dashboard\'s topics, languages, opens and charts on $name', (backend) => {
  const suite = dashboardInBrowserDuringSuite(backend);

  it('lists topics, sends to topics in two languages with a preview per language, counts an open, and charts the day', { timeout: 120_000 }, async () => {
    const { product, browser } = suite;
    const page = await browser.context.newPage();
    // The charts' chunk and uPlot's drawing run under the dashboard's Content-Security-Policy without a complaint.
    const failures: string[] = [];
    page.on('pageerror', (error) => void failures.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && failures.push(message.text())));
    await signUpWithOrganization(page, product.url, 'Match Day');
    await page.getByText('No subscriber follows a topic yet.').waitFor();

    const french = await reader(product, 'match-day', { locale: 'fr-CA', topics: ['sports'] });
    const english = await reader(product, 'match-day', { locale: 'en-US', topics: ['sports', 'local'] });
    const noLocale = await reader(product, 'match-day', { topics: ['sports'] });
    const localOnly = await reader(product, 'match-day', { locale: 'fr', topics: ['local'] });
    const noTopics = await reader(product, 'match-day', { locale: 'fr', topics: [] });

    // The overview's topics, most followed first.
    await page.reload();
    await page.getByRole('table', { name: 'Topics' }).waitFor();
    expect(await rowsOf(page, 'Topics')).toEqual([['sports', '3'], ['local', '2']]);

    // The composer: topics, a known one ticked and a new one typed; a topic the server would refuse is refused here.
    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Match tonight');
    await page.getByLabel('Body', { exact: true }).fill('Kick-off at 8 pm');
    await page.getByRole('radio', { name: 'Topics' }).check();
    const topics = page.getByRole('group', { name: 'Topics' });
    // The composer reads its topics when it opens: waited for, not read at once (on Node 24 in CI they had not come yet).
    await expect
      .poll(() => topics.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.parentElement!.textContent!.trim())), { timeout: 10_000 })
      .toEqual(['sports3 subscribers', 'local2 subscribers']);
    await topics.getByRole('checkbox', { name: /sports/ }).check();
    const another = page.getByLabel('Another topic', { exact: true });
    await another.fill('match day');
    await page.getByRole('button', { name: 'Add topic' }).click();
    expect(await another.getAttribute('aria-invalid')).toBe('true');
    expect(await topics.textContent()).toContain('A topic is 1 to 64 characters');
    await another.fill('weather');
    await another.press('Enter');
    expect(await topics.getByRole('checkbox', { name: /weather/ }).isChecked()).toBe(true);
    expect(await topics.getByRole('checkbox', { name: /local/ }).isChecked()).toBe(false);
    expect(await topics.getByRole('checkbox', { name: /match/ }).count()).toBe(0);

    // A second language; working on it shows it in the preview, and the switcher goes back and forth.
    await page.getByRole('button', { name: 'Add a language' }).click();
    const language = page.getByRole('group', { name: 'Language 1' });
    await language.getByLabel('Language tag').fill('fr');
    await language.getByText('French', { exact: true }).waitFor();
    await language.getByLabel('Translated title').fill('Match ce soir');
    await language.getByLabel('Translated body').fill('Coup d’envoi à 20 h');
    const ios = page.getByRole('figure', { name: 'iOS banner preview' });
    const switcher = page.getByLabel('Preview language', { exact: true });
    await ios.getByText('Coup d’envoi à 20 h', { exact: true }).waitFor();
    expect(await ios.textContent()).toContain('Match ce soir');
    await switcher.selectOption({ label: 'Default text (no matching language)' });
    await ios.getByText('Kick-off at 8 pm', { exact: true }).waitFor();
    expect(await ios.textContent()).not.toContain('Match ce soir');
    await switcher.selectOption({ label: 'fr — French' });
    await page.getByRole('tab', { name: 'Android' }).click();
    await page.getByRole('figure', { name: 'Android notification preview' }).getByText('Coup d’envoi à 20 h', { exact: true }).waitFor();

    // The confirmation counts the topics' followers (3 of the 5 subscribers) from the same input it sends.
    await page.getByRole('button', { name: 'Send…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this notification?' });
    expect(await dialog.getByTestId('confirm-topics').textContent()).toContain('sports, weather');
    expect(await dialog.getByTestId('confirm-languages').textContent()).toContain('fr');
    await dialog.getByRole('button', { name: 'Send to 3 devices' }).click();
    await page.waitForURL(/\/notifications\/[0-9a-f-]{36}$/);
    await page.getByText('completed', { exact: true }).waitFor();
    const notificationId = page.url().split('/').pop()!;
    expect(await page.getByTestId('sent').textContent()).toBe('3');
    expect(await page.getByTestId('audience').textContent()).toBe('Followers of any of the topics: sports, weather');
    expect(await page.getByTestId('languages').textContent()).toContain('fr');
    expect(await page.getByTestId('opened').textContent()).toMatch(/^0/);

    // Each device got the text of its language: fr-CA the French one, the others the default; the rest nothing.
    expect(alertsOf(product, french.token)).toEqual([{ title: 'Match ce soir', body: 'Coup d’envoi à 20 h' }]);
    for (const device of [english, noLocale]) expect(alertsOf(product, device.token)).toEqual([{ title: 'Match tonight', body: 'Kick-off at 8 pm' }]);
    for (const device of [localOnly, noTopics]) expect(alertsOf(product, device.token)).toEqual([]);

    // The app reports an open; a device the notification did not reach cannot.
    expect((await product.api.post(`/v1/devices/${french.uuid}/opens`, { notificationId })).status).toBe(204);
    const refused = await product.api.post(`/v1/devices/${localOnly.uuid}/opens`, { notificationId });
    expect(refused.status >= 400 && refused.status < 500, refused.text).toBe(true);
    await page.reload();
    await page.getByText('completed', { exact: true }).waitFor();
    expect(await page.getByTestId('opened').textContent()).toMatch(/^1 \(33% of delivered/);
    await page.getByRole('link', { name: 'All notifications' }).click();
    await page.locator('table.history tbody tr').first().getByText('Topics: sports, weather').waitFor();

    // The overview: today's numbers, a chart per measure (a canvas named for it, with its caption), the topics.
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByTestId('today-opened').waitFor();
    const today = Object.fromEntries(await Promise.all(['subscribers', 'sent', 'failed', 'opened'].map(async (key) => [key, await page.getByTestId(`today-${key}`).textContent()])));
    expect(today).toEqual({ subscribers: '5', sent: '3', failed: '0', opened: '1' });
    expect(await page.getByTestId('month-summary').textContent()).toContain('1 broadcast, 3 delivered, 0 failed (0% of pushes), 1 opened (33% of delivered)');
    for (const title of ['Subscribers', 'Delivered', 'Failed', 'Opened']) {
      const chart = page.getByRole('img', { name: new RegExp(`^${title}: `) });
      expect(await chart.evaluate((element) => [element.tagName, (element as HTMLCanvasElement).width > 0])).toEqual(['CANVAS', true]);
      const figure = page.getByRole('figure', { name: new RegExp(`^${title} `) });
      expect(await figure.locator('canvas').count()).toBeGreaterThan(0);
      expect(await figure.locator('.chart-legend').textContent()).toContain(`${title}, per UTC day`);
    }
    expect(await page.getByRole('figure', { name: /^Subscribers / }).textContent()).toContain('5 now');
    expect(await page.getByRole('figure', { name: /^Opened / }).textContent()).toContain('1 in 30 days');
    expect(await rowsOf(page, 'Topics')).toEqual([['sports', '3'], ['local', '2']]);
    // The days as a table too, today first, for anyone the canvas does not serve.
    await page.getByText('Day by day', { exact: true }).click();
    expect((await rowsOf(page, 'Day by day'))[0]!.slice(1)).toEqual(['5', '3', '0', '1', '1']);
    // At phone width the charts follow their column (uPlot resized with it) and nothing runs off the side.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await page.getByRole('img', { name: /^Subscribers: / }).evaluate((canvas) => canvas.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    expect(failures.filter((text) => !/favicon/.test(text))).toEqual([]);
    await page.close();
  });

  it('holds the charts\' place while their chunk loads: what is below them does not move when they are drawn', { timeout: 120_000 }, async () => {
    const page = await suite.browser.context.newPage();
    await signUpWithOrganization(page, suite.product.url, 'Steady Herald');
    // The charts' chunk is held until the page has been measured with its placeholders (routing also bypasses the cache).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/daily-chart[^/]*\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByText('Drawing the charts').waitFor();
    const invite = page.getByRole('button', { name: 'Invite', exact: true });
    const before = await invite.boundingBox();
    release();
    await page.getByRole('img', { name: /^Opened: / }).waitFor();
    expect(asked).toBe(true);
    expect(await page.getByText('Drawing the charts').count()).toBe(0);
    expect(await invite.boundingBox()).toEqual(before);
    await page.close();
  });
});
