// Settings → General's "Subscribing requires the invite code" in Chromium: the toggle with its explanation,
// saved and shown again after a reload, and what it does to an app's subscribe request.
import { describe, expect, it } from 'vitest';
import { backends } from './support/backends.ts';
import { browserAvailable } from './support/browser.ts';
import { dashboardInBrowserDuringSuite } from './support/browser-flows.ts';

describe.skipIf(!browserAvailable).each(backends)('the invite-only toggle in Chromium on $name', (backend) => {
  const suite = dashboardInBrowserDuringSuite(backend);

  it('turns invite-only subscribing on and off, explained beside the toggle', { timeout: 90_000 }, async () => {
    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.product.url}/signup`);
    await page.getByLabel('E-mail', { exact: true }).fill(`invite-only-${Date.now()}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('a long enough password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('link', { name: 'Create an organization' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Quiet Club');
    // The new-organization form has no toggle: the setting belongs to an existing organization.
    expect(await page.getByLabel('Subscribing requires the invite code').count()).toBe(0);
    await page.getByLabel('Private: found only by its invite code').check();
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('heading', { name: 'Quiet Club', level: 1 }).waitFor();
    const inviteCode = (await page.getByTestId('invite-code').textContent())!.trim();

    const device = await suite.product.api.post('/v1/devices', { apnsToken: 'ab'.repeat(32), platform: 'ios' });
    const subscribe = (body: Record<string, unknown>) => suite.product.api.post(`/v1/devices/${device.body.deviceUuid}/subscriptions`, body);
    const unknown = await subscribe({ orgSlug: 'no-such-club' });

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const toggle = page.getByLabel('Subscribing requires the invite code');
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    const explanation = (await page.locator('#invite-only-explained').textContent())!;
    expect(explanation).toContain('guesses or learns the slug receives nothing');
    expect(explanation).toContain('must pass the invite code the user was given');
    expect(explanation).toContain('Regenerate the invite code to cut off new subscriptions');
    expect(await toggle.getAttribute('aria-describedby')).toBe('invite-only-explained');

    await toggle.check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.reload();
    await page.getByLabel('Subscribing requires the invite code').waitFor();
    expect(await page.getByLabel('Subscribing requires the invite code').isChecked()).toBe(true);
    const refused = await subscribe({ orgSlug: 'quiet-club' });
    expect({ status: refused.status, text: refused.text }).toEqual({ status: unknown.status, text: unknown.text });
    expect((await subscribe({ orgSlug: 'quiet-club', inviteCode })).status).toBe(201);

    await page.getByLabel('Subscribing requires the invite code').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.reload();
    await page.getByLabel('Subscribing requires the invite code').waitFor();
    expect(await page.getByLabel('Subscribing requires the invite code').isChecked()).toBe(false);
    expect((await subscribe({ orgSlug: 'quiet-club', externalId: 'again' })).status).toBe(200);
    await page.close();
  });
});
