// What several browser tests share: the product and Chromium around a describe block, and the steps taken before
// the part they test (a new user signed up, with an organization).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Backend } from './backends.ts';
import { openBrowser } from './browser.ts';
import { startDashboard } from './dashboard.ts';

export const BROWSER_PASSWORD = 'a long enough password';

/** Signs a new user up in the browser (cookies cleared first) and creates an organization; its page is open. */
export async function signUpWithOrganization(page: Page, dashboardUrl: string, name: string, prefix = 'owner') {
  await page.context().clearCookies();
  await page.goto(`${dashboardUrl}/signup`);
  await page.getByLabel('E-mail', { exact: true }).fill(`${prefix}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill(BROWSER_PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('link', { name: 'Create an organization' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

/**
 * The invitation link an organization's page shows once after Invite. An error shown instead fails with its words,
 * and a wait that ends with neither fails with what the page showed (an unexplained 30 s wait was seen once).
 */
export async function invitationUrl(page: Page): Promise<string> {
  const url = page.getByTestId('invitation-url');
  const refused = page.getByRole('alert');
  try {
    await url.or(refused).first().waitFor();
  } catch (error) {
    const shown = await page.locator('body').innerText().catch(() => '(the page could not be read)');
    const typed = await page.getByLabel('Invite by e-mail').inputValue({ timeout: 1000 }).catch(() => '(no field)');
    throw new Error(`no invitation link and no error after Invite: ${(error as Error).message.split('\n')[0]}; the e-mail field held "${typed}"; the page showed:\n${shown}`);
  }
  if (!(await url.isVisible())) throw new Error(`Invite was refused: ${await refused.first().innerText()}`);
  return (await url.textContent())!;
}

/**
 * Invites `email` (as `role`) from an organization's page and returns the link (invitationUrl). It types once every
 * section of the page has loaded (no "Loading…" left) and checks the field holds the address before it clicks. The
 * form is the page's last section: each section above it that loads pushes it down (by about 800 px in all on a new
 * organization, measured 2026-12-04), and on a loaded machine the page went on loading after Playwright saw the network
 * idle. A click aimed at Invite then lands where it was: no link, no error, the button not pending, which is how this
 * test failed in CI on 2026-12-04 and in a fresh clone's `npm test` before (the likely cause; not caught in the act).
 * The charts no longer move it (their frames hold their place while uPlot loads: dashboard/src/components/chart-frame.tsx).
 */
export async function invite(page: Page, email: string, role?: string): Promise<string> {
  const field = page.getByLabel('Invite by e-mail');
  await field.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.loading').length === 0);
  await field.fill(email);
  if (role) await page.getByLabel('Role', { exact: true }).selectOption(role);
  const typed = await field.inputValue();
  if (typed !== email) throw new Error(`the e-mail field holds "${typed}" after typing "${email}"`);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  return invitationUrl(page);
}

/** From an organization's pages: Settings, then the settings page named `link`. */
export async function openSettings(page: Page, link: string, path: RegExp) {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('link', { name: link }).click();
  await page.waitForURL(path);
}

/**
 * The whole product (test/support/dashboard.ts) and a Chromium for a describe block: started before its tests,
 * closed after them. Read `suite.product` and `suite.browser` inside the tests.
 */
export function dashboardInBrowserDuringSuite(backend: Backend, options: Parameters<typeof startDashboard>[1] = {}) {
  const suite = {} as { product: Awaited<ReturnType<typeof startDashboard>>; browser: Awaited<ReturnType<typeof openBrowser>> };
  beforeAll(async () => {
    suite.product = await startDashboard(backend, options);
    suite.browser = await openBrowser();
  }, 180_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.product?.close();
  });
  return suite;
}
