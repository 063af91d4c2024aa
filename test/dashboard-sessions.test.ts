// The account page's "Signed-in sessions" in Chromium: both sessions listed with their browser, this
// one marked, and ending the other signs that one out while this one stays.
import { describe, expect, it } from 'vitest';
import { backends } from './support/backends.ts';
import { browserAvailable } from './support/browser.ts';
import { dashboardInBrowserDuringSuite } from './support/browser-flows.ts';

const password = 'a long enough password';
const ME = 'query { me { email } }';

describe.skipIf(!browserAvailable).each(backends)('signed-in sessions in Chromium on $name', (backend) => {
  const suite = dashboardInBrowserDuringSuite(backend);

  it('lists the sessions, marks this one, and ends another', { timeout: 90_000 }, async () => {
    const email = `sessions-page-${Date.now()}@example.test`;
    const signUp = await suite.product.api.graphql('mutation S($email: String!, $password: String!) { signUp(email: $email, password: $password) { email } }', { email, password }, { 'user-agent': 'Phone Browser/1.0' });
    const phone = (signUp.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect((await suite.product.api.graphql(ME, {}, { cookie: phone })).body.data.me.email).toBe(email);

    const page = await suite.browser.context.newPage();
    await page.goto(`${suite.product.url}/login`);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto(`${suite.product.url}/account`);
    const section = page.getByRole('region', { name: 'Signed-in sessions' });
    await section.getByRole('row').nth(2).waitFor();
    const rows = section.getByRole('row');
    expect(await rows.count()).toBe(3); // the header and two sessions
    const mine = rows.filter({ hasText: 'This browser' });
    expect(await mine.count()).toBe(1);
    expect(await mine.textContent()).toMatch(/Chrome/);
    const other = rows.filter({ hasText: 'Phone Browser/1.0' });
    expect(await other.textContent()).not.toContain('This browser');

    await other.getByRole('button', { name: 'End the session of Phone Browser/1.0' }).click();
    await section.getByRole('status').filter({ hasText: 'Session ended' }).waitFor();
    await rows.filter({ hasText: 'Phone Browser/1.0' }).waitFor({ state: 'detached' });
    expect(await section.getByRole('row').count()).toBe(2);
    expect((await suite.product.api.graphql(ME, {}, { cookie: phone })).body.data.me).toBeNull();
    // This browser is still signed in.
    await page.reload();
    await page.getByRole('region', { name: 'Signed-in sessions' }).getByText('This browser').waitFor();
    await page.close();
  });
});
