// The API reference at /docs on the dashboard's origin: linked from the nav, renders every route of
// /v1/openapi.json, and makes no request to any other origin (no CDN, no validator badge, no fonts).
import { describe, expect, it } from 'vitest';
import { routes } from '../src/http/rest/routes.ts';
import { routeDocs } from '../src/http/rest/openapi-docs.ts';
import { backends } from './support/backends.ts';
import { browserAvailable } from './support/browser.ts';
import { dashboardInBrowserDuringSuite } from './support/browser-flows.ts';

describe.skipIf(!browserAvailable).each(backends)('/docs on the dashboard in Chromium on $name', (backend) => {
  const suite = dashboardInBrowserDuringSuite(backend);

  it('serves the document on its own origin and the page from its own files', async () => {
    const document = await fetch(`${suite.product.url}/v1/openapi.json`);
    expect(document.status).toBe(200);
    expect((await document.json()).openapi).toBe('3.1.0');
    for (const path of ['/docs', '/docs/start.js', '/docs/swagger-ui-bundle.js', '/docs/swagger-ui.css']) {
      const response = await fetch(`${suite.product.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toContain("script-src 'self'");
    }
    expect((await fetch(`${suite.product.url}/docs/nothing.js`)).status).toBe(404);
  });

  it('renders every route from the nav without a request leaving the machine', { timeout: 120_000 }, async () => {
    const requests: string[] = [];
    const failures: string[] = [];
    suite.browser.context.on('request', (request) => void requests.push(request.url()));
    const page = await suite.browser.context.newPage();
    page.on('pageerror', (error) => void failures.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && failures.push(message.text())));

    // The nav's link is on every signed-in page; signed out, the log-in page sits at /. Sign up to see it.
    await page.goto(`${suite.product.url}/signup`);
    await page.getByLabel('E-mail', { exact: true }).fill(`docs-${Date.now()}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(`${suite.product.url}/docs`);

    await page.getByRole('heading', { name: /Clarion REST API/ }).waitFor({ timeout: 60_000 });
    for (const route of routes) {
      const summary = routeDocs[`${route.method} ${route.path}`]!.summary;
      await page.getByText(summary, { exact: true }).first().waitFor();
    }
    // Opening one operation shows its documented answers.
    await page.getByText('Send a notification', { exact: true }).first().click();
    await page.getByText('Idempotency-Key').first().waitFor();

    expect(requests.some((url) => url === `${suite.product.url}/v1/openapi.json`)).toBe(true);
    const elsewhere = requests.filter((url) => !url.startsWith(`${suite.product.url}/`) && !url.startsWith('data:') && !url.startsWith(`blob:${suite.product.url}/`));
    expect(elsewhere).toEqual([]);
    expect(failures.filter((text) => !/favicon/.test(text))).toEqual([]);
  });
});
