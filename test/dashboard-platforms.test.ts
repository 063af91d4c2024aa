// The dashboard in Chromium with iOS, Android and browsers subscribed (the APNs, FCM and Web Push stand-ins): the
// overview counts subscribers per platform, the composer previews the notification on each platform (tabs, by mouse
// and keyboard), a broadcast's page counts it per platform; and when a wrong FCM setting stops Android only, the
// completed broadcast shows the warning and the settings page names FCM, not APNs.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from './support/backends.ts';
import { backends } from './support/backends.ts';
import { browserAvailable, openBrowser } from './support/browser.ts';
import { signUpWithOrganization } from './support/browser-flows.ts';
import { startDashboard } from './support/dashboard.ts';
import { startTestPlatforms, type TestPlatforms, type TestPlatformsOptions } from './support/platforms.ts';
import { apnsToken } from './support/seed.ts';

/** A token of the FCM stand-in's shape (an instance id, ':', APA91...), as the Firebase SDK gives an app. */
const fcmToken = () => `${randomBytes(8).toString('base64url')}:APA91${randomBytes(60).toString('base64url')}`;

const PLATFORMS = ['ios', 'android', 'web'] as const;

/** The product with Android and browsers besides iOS, and a Chromium, for a describe block. */
function productWithPlatforms(backend: Backend, options: TestPlatformsOptions = {}) {
  const suite = {} as { platforms: TestPlatforms; product: Awaited<ReturnType<typeof startDashboard>>; browser: Awaited<ReturnType<typeof openBrowser>> };
  beforeAll(async () => {
    suite.platforms = await startTestPlatforms(options);
    suite.product = await startDashboard(backend, { channels: suite.platforms.channels, devices: suite.platforms.devices });
    suite.browser = await openBrowser();
  }, 180_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.product?.close();
    await suite.platforms?.close();
  });
  return suite;
}

/** Devices registered and subscribed to the organization through /v1, as the apps and web apps do. */
async function subscribe(product: Awaited<ReturnType<typeof startDashboard>>, orgSlug: string, bodies: object[]) {
  for (const body of bodies) {
    const device = await product.api.post('/v1/devices', body);
    expect(device.status, device.text).toBe(201);
    expect((await product.api.post(`/v1/devices/${device.body.deviceUuid}/subscriptions`, { orgSlug })).status).toBe(201);
  }
}

/** From an organization's pages: Send… from the composer as it stands, confirmed; the broadcast's page opens. */
async function sendFromComposer(page: Page, devices: number) {
  await page.getByRole('button', { name: 'Send…' }).click();
  await page.getByRole('dialog', { name: 'Send this notification?' }).getByRole('button', { name: `Send to ${devices} devices` }).click();
  await page.waitForURL(/\/notifications\/[0-9a-f-]{36}$/);
  await page.getByText('completed', { exact: true }).waitFor();
}

async function countsByPlatform(page: Page) {
  const counts: Record<string, { sent: string | null; failed: string | null }> = {};
  for (const platform of PLATFORMS) {
    counts[platform] = { sent: await page.getByTestId(`sent-${platform}`).textContent(), failed: await page.getByTestId(`failed-${platform}`).textContent() };
  }
  return counts;
}

describe.skipIf(!browserAvailable).each(backends)('the dashboard with iOS, Android and browsers on $name', (backend) => {
  const suite = productWithPlatforms(backend);

  it('counts subscribers per platform, previews the notification on each platform, and counts its broadcast per platform', { timeout: 120_000 }, async () => {
    const { product, platforms, browser } = suite;
    const page = await browser.context.newPage();
    await signUpWithOrganization(page, product.url, 'Three Screens');
    const iosToken = apnsToken();
    const androidToken = fcmToken();
    const subscription = platforms.subscribe();
    await subscribe(product, 'three-screens', [
      { platform: 'ios', apnsToken: iosToken },
      { platform: 'android', fcmToken: androidToken },
      { platform: 'web', webPush: subscription },
    ]);

    // The overview: the total, and one device of each platform beside it.
    await page.reload();
    await page.getByTestId('subscribers-web').waitFor();
    expect(await page.getByTestId('subscriber-count').textContent()).toBe('3');
    for (const platform of PLATFORMS) expect(await page.getByTestId(`subscribers-${platform}`).textContent(), platform).toBe('1');
    const byPlatform = page.getByRole('list', { name: 'Devices that can receive, by platform' });
    expect(await byPlatform.getByRole('listitem').allTextContents()).toEqual(['1iOS devices', '1Android devices', '1Web devices']);

    // The composer: iOS first; the other previews are tabs, by mouse and by keyboard, each with the typed text.
    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Evening bulletin');
    await page.getByLabel('Body', { exact: true }).fill('Three platforms, one message');
    const tabs = page.getByRole('tablist', { name: 'Preview on' });
    const previews = {
      ios: page.getByRole('figure', { name: 'iOS banner preview' }),
      android: page.getByRole('figure', { name: 'Android notification preview' }),
      web: page.getByRole('figure', { name: 'Browser notification preview' }),
    };
    const shows = async (figure: (typeof previews)[keyof typeof previews]) => {
      await figure.getByText('Three platforms, one message', { exact: true }).waitFor();
      await figure.getByText('Evening bulletin', { exact: true }).waitFor();
    };
    await shows(previews.ios);
    expect(await tabs.getByRole('tab', { name: 'iOS' }).getAttribute('aria-selected')).toBe('true');
    expect(await previews.android.isVisible()).toBe(false);

    await tabs.getByRole('tab', { name: 'Android' }).click();
    await shows(previews.android);
    expect(await previews.android.textContent()).toContain('Three Screens');
    expect(await previews.ios.isVisible()).toBe(false);

    // The focused tab's arrow key moves to the next one; Home goes back to the first.
    await page.keyboard.press('ArrowRight');
    const browserTab = tabs.getByRole('tab', { name: 'Browser' });
    expect(await browserTab.getAttribute('aria-selected')).toBe('true');
    expect(await browserTab.evaluate((tab) => tab === document.activeElement)).toBe(true);
    await shows(previews.web);
    expect(await previews.web.textContent()).toContain('Three Screens');
    expect(await previews.android.isVisible()).toBe(false);
    await page.keyboard.press('Home');
    expect(await tabs.getByRole('tab', { name: 'iOS' }).getAttribute('aria-selected')).toBe('true');
    await shows(previews.ios);

    // Sent for real: the broadcast's page counts one delivery on each platform.
    await sendFromComposer(page, 3);
    expect(await page.getByTestId('sent').textContent()).toBe('3');
    expect(await countsByPlatform(page)).toEqual({ ios: { sent: '1', failed: '0' }, android: { sent: '1', failed: '0' }, web: { sent: '1', failed: '0' } });
    expect(await page.getByTestId('broadcast-error').count()).toBe(0);
    expect(product.apns.delivered(iosToken)).toHaveLength(1);
    expect(platforms.fcm.received(androidToken).map((push) => push.message.notification)).toEqual([{ title: 'Evening bulletin', body: 'Three platforms, one message' }]);
    expect(platforms.web.received(subscription.endpoint).map((text) => JSON.parse(text))).toEqual([{ title: 'Evening bulletin', body: 'Three platforms, one message' }]);
    await page.close();
  });
});

describe.skipIf(!browserAvailable).each(backends)('the dashboard when a wrong FCM setting stops Android on $name', (backend) => {
  /** Tokens of another Firebase project's app: what FCM answers for all of them when FCM_CREDENTIALS is another project's. */
  const otherProject = new Set<string>();
  const suite = productWithPlatforms(backend, { fcm: { otherProject: (token) => otherProject.has(token) } });

  it('shows the completed broadcast with Android stopped, and the settings page names FCM, not APNs', { timeout: 120_000 }, async () => {
    const { product, browser } = suite;
    const page = await browser.context.newPage();
    await signUpWithOrganization(page, product.url, 'Half Delivered');
    const androidTokens = Array.from({ length: 3 }, fcmToken);
    for (const token of androidTokens) otherProject.add(token);
    await subscribe(product, 'half-delivered', [
      { platform: 'ios', apnsToken: apnsToken() },
      ...androidTokens.map((token) => ({ platform: 'android', fcmToken: token })),
      { platform: 'web', webPush: suite.platforms.subscribe() },
    ]);

    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByLabel('Body', { exact: true }).fill('Not for Android today');
    await sendFromComposer(page, 5);
    const stoppedAt = page.url();
    // Completed, with the warning all the same: which platform, and the push service's message.
    const warning = page.getByTestId('platform-stopped');
    expect(await warning.textContent()).toContain('Sending to Android devices was stopped by a server setting');
    const message = (await page.getByTestId('broadcast-error').textContent())!;
    expect(message).toContain('FCM_CREDENTIALS');
    expect(await countsByPlatform(page)).toEqual({ ios: { sent: '1', failed: '0' }, android: { sent: '0', failed: '3' }, web: { sent: '1', failed: '0' } });
    expect(await page.getByTestId('platform-android').getByText('stopped', { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('platform-ios').getByText('stopped', { exact: true }).count()).toBe(0);

    // History says so in short.
    await page.getByRole('link', { name: 'All notifications' }).click();
    await page.locator('table.history tbody tr').first().getByText('Sending to Android devices was stopped by a server setting').waitFor();

    // The settings page: FCM refused it, with FCM's settings, and nothing about APNs.
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const region = page.getByRole('region', { name: 'FCM refused the last broadcast for Android devices because of a server setting' });
    await region.waitFor();
    const text = (await region.textContent())!;
    expect(text).toContain(message);
    expect(text).toContain('FCM_CREDENTIALS');
    expect(text).not.toMatch(/APNs|apns check/);
    await region.getByRole('link', { name: 'See the stopped broadcast' }).click();
    await page.waitForURL(stoppedAt);
    await page.getByTestId('platform-stopped').waitFor();
    await page.close();
  });
});
