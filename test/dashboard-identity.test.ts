// Settings → Identity verification in Chromium: a generated key's private half is shown once with a signing
// snippet that works (a token signed by it subscribes a device with its externalId), a bad public key is
// refused beside its field, an own key is registered, and a key is deleted.
import { generateKeyPairSync } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { backends } from './support/backends.ts';
import { browserAvailable } from './support/browser.ts';
import { dashboardInBrowserDuringSuite, openSettings, signUpWithOrganization } from './support/browser-flows.ts';
import { seedDevice } from './support/seed.ts';

describe.skipIf(!browserAvailable).each(backends)('the identity verification page in Chromium on $name', (backend) => {
  const suite = dashboardInBrowserDuringSuite(backend);

  it('generates a key shown once with a working snippet, refuses a bad key, registers one and deletes one', { timeout: 120_000 }, async () => {
    const page = await suite.browser.context.newPage();
    await signUpWithOrganization(page, suite.product.url, 'Verified Times');
    await openSettings(page, 'Identity verification', /\/settings\/identity$/);
    await page.getByText('No identity keys: externalIds are taken on trust.').waitFor();

    await page.getByRole('button', { name: 'Generate a key pair' }).click();
    const privateKey = (await page.getByTestId('identity-private-key').textContent())!;
    expect(privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    await page.getByText('this is the only time it is shown').waitFor();
    const kid = (await page.getByTestId('identity-kid').first().textContent())!;
    const snippet = (await page.locator('pre.code-block code').first().textContent())!;
    expect(snippet).toContain(`kid: '${kid}'`);
    const slug = /setAudience\('([^']+)'\)/.exec(snippet)![1]!;

    // The snippet's recipe with the key shown: the organization now verifies, and the token passes.
    const { deviceUuid } = await seedDevice(suite.product.api);
    const subscribe = (body: Record<string, unknown>) => suite.product.api.post(`/v1/devices/${deviceUuid}/subscriptions`, { orgSlug: slug, externalId: 'reader-7', ...body });
    expect((await subscribe({})).status).toBe(401);
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'ES256', kid }).setSubject('reader-7').setAudience(slug).setIssuedAt().setExpirationTime('10m').sign(await importPKCS8(privateKey, 'ES256'));
    expect(await subscribe({ externalIdToken: token })).toMatchObject({ status: 201, body: { externalId: 'reader-7' } });

    // Never shown again.
    await page.reload();
    await page.getByTestId('identity-kid').first().waitFor();
    expect(await page.getByTestId('identity-private-key').count()).toBe(0);

    // A private key pasted by mistake is refused beside the field; a public key is registered.
    const field = page.getByLabel('Or register your own public key');
    await field.fill(privateKey);
    await page.getByRole('button', { name: 'Register public key' }).click();
    await page.locator('.field-error').getByText('this is a private key').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const own = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({ type: 'spki', format: 'pem' }) as string;
    await field.fill(own);
    await page.getByRole('button', { name: 'Register public key' }).click();
    await page.getByTestId('identity-kid').nth(1).waitFor();
    expect(await page.getByTestId('identity-private-key').count()).toBe(0);
    expect(await field.inputValue()).toBe('');

    // Deleting the generated key: its tokens stop working.
    await page.getByRole('article', { name: `Identity key ${kid}` }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete key' }).click();
    await page.getByRole('article', { name: `Identity key ${kid}` }).waitFor({ state: 'detached' });
    expect(await page.getByTestId('identity-kid').count()).toBe(1);
    expect((await subscribe({ externalIdToken: token })).status).toBe(401);
  });
});
