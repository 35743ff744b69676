import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`), or `CHROMIUM_PATH`. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The flags a headless Chromium needs on this machine and CI (no sandbox as root, no network
 * chatter), and no internet: every host name but this machine's resolves to nothing, as on a
 * phone without connection, so a test never depends on whether the machine can reach the
 * internet (the map's street style among others: it falls back to the offline style; a test
 * that wants an outside host answers it with `page.route`, which comes before any lookup).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * A phone in San Salvador: 360 px wide, touch, location allowed at the map's default centre.
 * The build's service worker (src/build/serviceWorker.ts) is not let register unless
 * `serviceWorkers: 'allow'`: a page it controls answers the app's files from its cache, past what
 * a test routes (Playwright's routes do not see what a worker answers) and a test's timings.
 */
export function phoneContext(browser: Browser, { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<BrowserContext> {
  return browser.newContext({
    serviceWorkers,
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
    locale: 'es-419',
    geolocation: { latitude: 13.697366, longitude: -89.192282 },
    permissions: ['geolocation'],
  });
}

/** Saves a screenshot of the page under test-results/screenshots/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}
