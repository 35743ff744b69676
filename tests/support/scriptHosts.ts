import type { Page, Request } from 'playwright-core';

// The shell's third-party scripts answered by the browser tests themselves (Chromium here resolves
// no outside host): stubs that record how each script was started.

const HEAT_MAP_STUB = 'window.__heatMap = { settings: window._hjSettings, queued: typeof window.hj };';
const PUSH_STUB = `window.__push = [];
window.braze = new Proxy({}, { get: (_, name) => (...args) => { window.__push.push([String(name), ...args]); return true; } });`;

/** Answers the scripts' hosts with stubs that record how they were started; records every request and whether the first screen was drawn when each outside one was made. */
export async function answerScriptHosts(page: Page) {
  const requests: Array<{ url: string; afterFirstScreen: boolean }> = [];
  const record = async (request: Request) => {
    const afterFirstScreen = await request
      .frame()
      .evaluate(() => document.querySelector('.first-screen h2') !== null)
      .catch(() => false);
    requests.push({ url: request.url(), afterFirstScreen });
  };
  await page.route('https://static.hotjar.com/**', async (route) => {
    await record(route.request());
    await route.fulfill({ contentType: 'text/javascript', body: HEAT_MAP_STUB });
  });
  await page.route('https://js.appboycdn.com/**', async (route) => {
    await record(route.request());
    await route.fulfill({ contentType: 'text/javascript', body: PUSH_STUB });
  });
  const all: string[] = [];
  page.on('request', (request) => all.push(request.url()));
  return { requests, all };
}

