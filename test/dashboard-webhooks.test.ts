// Settings → Webhooks in Chromium: an endpoint pointing at a real local receiver is added (its secret
// shown once), a test event arrives signed as Standard Webhooks says and shows as delivered, a failing
// answer shows with its next retry, the secret is rotated, a disabled endpoint is enabled again, and the
// endpoint is deleted.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './support/backends.ts';
import { browserAvailable, openBrowser } from './support/browser.ts';
import { openSettings, signUpWithOrganization as signUpWithOrganizationFlow } from './support/browser-flows.ts';
import { startDashboard } from './support/dashboard.ts';
import { waitFor } from './support/processes.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on an ephemeral port: keeps every request and answers `status` (set it to change the answer). */
async function startReceiver() {
  const receiver = { url: '', status: 204, received: [] as Received[], close: async () => {} };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      receiver.received.push({ headers: req.headers, body });
      res.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/clarion-events`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections());
  return receiver;
}

/** What a receiver does: the body parsed, if the signature holds for `secret`; throws otherwise. */
function verify(request: Received, secret: string) {
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { type: string; timestamp: string; data: unknown };
}

/** The page must not scroll sideways: everything fits a phone's width. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Clicks an endpoint's "Send test event"; the page then opens its recent deliveries. Their rows, once the new one is listed. */
async function sendTestEvent(card: Locator) {
  const rows = card.locator('table.deliveries tbody tr');
  const before = await rows.count();
  await card.getByRole('button', { name: 'Send test event' }).click();
  await rows.nth(before).waitFor();
  return rows;
}

/** The recent deliveries of an endpoint's card, opened. */
async function deliveries(card: Locator) {
  const details = card.locator('details');
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  return card.locator('table.deliveries tbody tr');
}

/** Signs a new user up in the browser, creates an organization and opens its Settings → Webhooks. */
async function signUpWithOrganization(page: Page, dashboardUrl: string, name: string) {
  await signUpWithOrganizationFlow(page, dashboardUrl, name, 'hooks');
  await openSettings(page, 'Webhooks', /\/settings\/webhooks$/);
  await page.getByText('No endpoints yet.').waitFor();
}

describe.skipIf(!browserAvailable).each(backends)('the webhooks page in Chromium on $name', (backend) => {
  let product: Awaited<ReturnType<typeof startDashboard>>;
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    product = await startDashboard(backend, { webhooks: { allowPrivate: true } });
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.close();
    await receiver?.close();
  });

  it('adds an endpoint, shows its secret once, delivers a signed test event, rotates the secret and deletes it', { timeout: 120_000 }, async () => {
    const page = await browser.context.newPage();
    await signUpWithOrganization(page, product.url, 'Hook Gazette');

    // Bad input shows beside its field: an address that is no URL, then no event at all.
    const url = page.getByLabel('Endpoint URL');
    await url.fill('not a url');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.locator('.field-error').first().waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    await url.fill(receiver.url);
    for (const event of ['broadcast.completed', 'broadcast.failed', 'broadcast.cancelled', 'devices.unregistered']) await page.getByRole('checkbox', { name: event, exact: true }).uncheck();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('group', { name: 'Events' }).locator('.field-error').waitFor();
    expect(await url.getAttribute('aria-invalid')).toBeNull();

    // Added with two events: the secret is shown once, with how to check signatures.
    await page.getByRole('checkbox', { name: 'broadcast.completed', exact: true }).check();
    await page.getByRole('checkbox', { name: 'devices.unregistered', exact: true }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/);
    await page.getByText('this is the only time it is shown').waitFor();
    await page.getByText("import { Webhook } from 'standardwebhooks';").waitFor();
    const card = page.getByRole('article', { name: receiver.url, exact: true });
    expect(await card.locator('.event-list').textContent()).toBe('broadcast.completeddevices.unregistered');
    expect(await card.getByTestId('last-delivery').count()).toBe(0);
    expect(await url.inputValue()).toBe('');

    // Never again: not after a reload.
    await page.reload();
    await card.waitFor();
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);

    // A test event reaches the receiver, signed with the secret, and the page shows it delivered.
    const rows = await sendTestEvent(card);
    const first = await waitFor(() => receiver.received[0]);
    const event = verify(first, secret);
    expect(event.type).toBe('webhook.test');
    await rows.first().getByText('delivered', { exact: true }).waitFor();
    expect(await rows.count()).toBe(1);
    const row = await rows.first().locator('td').allTextContents();
    expect(row.slice(0, 5)).toEqual([`webhook.test${first.headers['webhook-id']}`, 'delivered', '1', '204', '—']);
    expect(await card.getByTestId('last-delivery').textContent()).toMatch(/^delivered HTTP 204 · webhook\.test · /);

    // The receiver fails: the delivery shows retrying, with the answer and when the next try is due.
    receiver.status = 500;
    await sendTestEvent(card);
    await rows.first().getByText('retrying', { exact: true }).waitFor();
    const retrying = await rows.first().locator('td').allTextContents();
    expect(retrying.slice(1, 5)).toEqual(['retrying', expect.stringMatching(/^[1-9]\d*$/), '500', expect.stringContaining('500')]);
    expect(await rows.first().locator('td').nth(7).locator('time').count()).toBe(1);
    receiver.status = 204;

    // Rotating (after confirming) shows a new secret once; deliveries are signed with it, not the old one.
    await card.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('dialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByText('New signing secret for').waitFor();
    const rotated = (await page.getByTestId('webhook-secret').textContent())!;
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await sendTestEvent(card);
    const newest = (await rows.first().getAttribute('data-delivery-id'))!;
    const afterRotation = await waitFor(() => receiver.received.find((r) => r.headers['webhook-id'] === newest));
    expect(verify(afterRotation, rotated).type).toBe('webhook.test');
    expect(() => verify(afterRotation, secret)).toThrow();

    // Every request the receiver saw was signed by one of the two secrets.
    const signedByEither = (request: Received) => [secret, rotated].some((key) => {
      try {
        return !!verify(request, key);
      } catch {
        return false;
      }
    });
    expect(receiver.received.every(signedByEither)).toBe(true);

    // Delete (after confirming): the endpoint is gone, here and on the server.
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByText('No endpoints yet.').waitFor();
    expect(await card.count()).toBe(0);
    expect(await product.api.db.webhookEndpoint.count({ where: { url: receiver.url } })).toBe(0);
    await page.close();
  });

  it('says when Clarion disabled an endpoint, and why, and enables it again; fits a phone', { timeout: 90_000 }, async () => {
    const page = await browser.context.newPage();
    await signUpWithOrganization(page, product.url, 'Quiet Courier');
    await page.getByLabel('Endpoint URL').fill(`${receiver.url}/quiet`);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByTestId('webhook-secret').waitFor();
    const card = page.getByRole('article', { name: `${receiver.url}/quiet`, exact: true });
    expect(await card.getByTestId('webhook-disabled').count()).toBe(0);
    await (await sendTestEvent(card)).first().getByText('delivered', { exact: true }).waitFor();

    // What the delivery job does after 24 hours of failures (not waited for here).
    const reason = 'every delivery failed for 24 hours (last: HTTP 500)';
    const endpoint = await product.api.db.webhookEndpoint.findFirstOrThrow({ where: { url: `${receiver.url}/quiet` } });
    await product.api.db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { disabledAt: new Date(Date.now() - 3_600_000), disabledReason: reason } });
    await page.reload();
    const warning = card.getByTestId('webhook-disabled');
    await warning.waitFor();
    const text = (await warning.textContent())!;
    expect(text).toMatch(/^Disabled since .+ \(1 hour ago\) /);
    expect(text).toContain(`(${reason}).`);

    // At a phone's width nothing scrolls sideways, the deliveries table included.
    const phone = await browser.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(page.url());
    const phoneCard = phone.getByRole('article', { name: `${receiver.url}/quiet`, exact: true });
    await (await deliveries(phoneCard)).first().waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await phone.close();

    // Disabled, it is sent nothing, tests included; enabled again, it can be tested again.
    expect(await card.getByRole('button', { name: 'Send test event' }).count()).toBe(0);
    await warning.getByRole('button', { name: 'Enable again' }).click();
    await warning.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Send test event' }).waitFor();
    expect(await product.api.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ disabledAt: null });
    await page.close();
  });
});
