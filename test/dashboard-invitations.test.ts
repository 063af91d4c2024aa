// Members by invitation in Chromium: an owner invites on the organization's page and copies the link shown once;
// someone signed out opens it, sees the organization and the role, signs up from there, comes back, accepts and
// lands on the organization. The pending invitation is listed and revoked; an owner changes a member's role.
import { describe, expect, it } from 'vitest';
import { backends } from './support/backends.ts';
import { browserAvailable } from './support/browser.ts';
import { BROWSER_PASSWORD, dashboardInBrowserDuringSuite, invite, signUpWithOrganization } from './support/browser-flows.ts';

describe.skipIf(!browserAvailable).each(backends)('invitations in Chromium on $name', (backend) => {
  const suite = dashboardInBrowserDuringSuite(backend);

  it('invites, and the person with the link signs up from it, accepts and manages the organization', { timeout: 120_000 }, async () => {
    const page = await suite.browser.context.newPage();
    await signUpWithOrganization(page, suite.product.url, 'Invited Gazette');
    const organizationUrl = page.url();

    const url = await invite(page, 'newcomer@example.test', 'admin');
    // The tests' dashboard has no DASHBOARD_URL: links point at the first allowed origin; open it on this one.
    const path = new URL(url).pathname;
    expect(path).toMatch(/^\/invitations\/[A-Za-z0-9_-]{43}$/);
    await page.getByText('It was not e-mailed').waitFor();
    await page.getByRole('list', { name: 'Pending invitations' }).getByText('newcomer@example.test').waitFor();

    // Someone else, signed out, opens the link.
    await page.context().clearCookies();
    await page.goto(`${suite.product.url}${path}`);
    await page.getByText('You are invited to manage').waitFor();
    expect(await page.locator('strong').first().textContent()).toBe('Invited Gazette');
    await page.getByRole('link', { name: 'create an account' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(`someone-else-${Date.now()}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill(BROWSER_PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${suite.product.url}${path}`);
    await page.getByRole('button', { name: 'Accept and open Invited Gazette' }).click();
    await page.getByRole('heading', { name: 'Invited Gazette', level: 1 }).waitFor();
    expect(page.url()).toBe(organizationUrl);
    await page.getByText('you are an admin').waitFor();

    // Used up: opening it again says so, and offers nothing to accept.
    await page.goto(`${suite.product.url}${path}`);
    await page.getByText('This invitation has been used already.').waitFor();
    expect(await page.getByRole('button', { name: /Accept/ }).count()).toBe(0);
  });

  it('lists pending invitations, revokes one, and lets an owner change a member\'s role', { timeout: 120_000 }, async () => {
    const page = await suite.browser.context.newPage();
    await signUpWithOrganization(page, suite.product.url, 'Role Weekly');
    const organizationPath = new URL(page.url()).pathname;
    const path = new URL(await invite(page, 'revoked@example.test')).pathname;
    await page.getByRole('button', { name: 'Revoke the invitation of revoked@example.test' }).click();
    await page.getByRole('list', { name: 'Pending invitations' }).waitFor({ state: 'detached' });
    await page.goto(`${suite.product.url}${path}`);
    await page.getByText('This invitation was revoked.').waitFor();

    // A second member by invitation, then made an owner from the members list.
    await page.goto(`${suite.product.url}${organizationPath}`);
    const second = new URL(await invite(page, 'second@example.test')).pathname;
    const token = second.split('/').at(-1)!;
    const member = await suite.product.api.graphql('mutation($e: String!, $p: String!) { signUp(email: $e, password: $p) { email } }', { e: `second-${Date.now()}@example.test`, p: BROWSER_PASSWORD });
    const cookie = (member.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect((await suite.product.api.graphql('mutation($t: String!) { acceptInvitation(token: $t) { viewerRole } }', { t: token }, { cookie })).body.data.acceptInvitation.viewerRole).toBe('admin');
    const email = member.body.data.signUp.email as string;
    await page.reload();
    const role = page.getByLabel(`Role of ${email}`);
    expect(await role.inputValue()).toBe('admin');
    await role.selectOption('owner');
    await page.waitForFunction((label) => (document.querySelector(`select[aria-label="${label}"]`) as HTMLSelectElement | null)?.value === 'owner', `Role of ${email}`);
    await page.reload();
    expect(await page.getByLabel(`Role of ${email}`).inputValue()).toBe('owner');
  });
});
