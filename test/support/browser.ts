// Debian's Chromium driven by playwright-core, with the flags this network needs and a fresh profile.
// No browser is ever downloaded: without /usr/bin/chromium the browser tests are skipped, unless
// REQUIRE_BROWSER=1 (set by .ci/run, which installs Chromium) makes that a failure.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'];

export const browserAvailable = existsSync(CHROMIUM);
if (!browserAvailable && process.env.REQUIRE_BROWSER === '1') throw new Error(`REQUIRE_BROWSER=1 but there is no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);

/** `timezoneId` (an IANA name) is the time zone the pages see; by default the machine's. */
export async function openBrowser({ width = 1280, height = 900, timezoneId }: { width?: number; height?: number; timezoneId?: string } = {}) {
  const profile = mkdtempSync(path.join(tmpdir(), 'clarion-chromium-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width, height },
    timezoneId,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
