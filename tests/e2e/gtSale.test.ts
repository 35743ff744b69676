import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../../src/tools/browser/chromium';
import { ANA, sellGt } from '../support/gtSale';
import { onArrival } from '../support/sale';
import { pathOf, useServedApp } from '../support/servedApp';

// Guatemala in Chromium: the COUNTRY=gt build served by the sandbox, which serves Guatemala's API
// over its seed (src/sandbox/seed/gt/). Every branch is reached from the UI with the seed's values.
const app = useServedApp({ country: 'gt' });

/** Screenshots each screen arrived at, named by the test's `name`. */
function shots(page: Page, name: string) {
  let n = 0;
  onArrival(page, async (route) => {
    n += 1;
    await screenshot(page, `gt-${name}-${String(n).padStart(2, '0')}${route.replace(/\//g, '-')}`);
  });
}

describe('a Guatemala sale in Chromium', () => {
  it('sells to an individual', async () => {
    const page = await app.newPage();
    shots(page, 'sale');
    const end = await sellGt(page, app.address, ANA, { secondRow: true });
    expect(end).toBe('/orden-exito');
    expect(pathOf(page)).toBe('/orden-exito');
    await page.context().close();
  }, 180_000);
});
