/**
 * One run of a peer's wizard, measured as the shared harness (run.mjs) measures it, so that the
 * numbers stand beside its own: a fresh persistent profile, cache off, the CPU slowed; the time
 * of the first step's first field showing from navigation start; then nine clicks on Next, each
 * timed from the click to the next step's first field visible, and to the frame after it.
 *
 * The in-page code is kept as strings: tsx would wrap a function's helpers in names the page
 * lacks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROME_ARGS, CHROMIUM_PATH, SETTLE, throttled } from './browser';

export interface Timing {
  /** Until the field is visible. */
  visible: number;
  /** The same, and the frame after it (painted). */
  frame: number;
}

export interface PeerRun {
  first: Timing;
  /** `from` is the step (1-based) Next was clicked on. */
  steps: Array<Timing & { from: number }>;
}

const VISIBLE = 'const visible = (el) => { if (!el || !el.isConnected) return false; const box = el.getBoundingClientRect(); return box.width > 0 && box.height > 0; };';

/** Watches, from before the app's first script, for the first step's first field (window.__pb names its selector). */
const firstFieldWatch = (field: string) => `(() => {
  ${VISIBLE}
  const field = ${JSON.stringify(field)};
  let found = false;
  const look = () => {
    if (found || !window.__pb || !window.__pb.fieldSel) return;
    if (!visible(document.querySelector(window.__pb.fieldSel(field)))) return;
    found = true;
    const at = performance.now();
    requestAnimationFrame(() => setTimeout(() => { window.__peerFirst = { visible: at, frame: performance.now() }; }, 0));
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
  const poll = () => { look(); if (!found) requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
})()`;

/**
 * Clicks the visible Next button and resolves when `field` (the next step's first) is visible,
 * with the times from just before the click. Mutations are watched as well as frames, so the
 * field is seen as soon as it is in the page.
 */
const timedNext = (field: string) => `new Promise((resolve) => {
  ${VISIBLE}
  const selector = window.__pb.fieldSel(${JSON.stringify(field)});
  const button = [...document.querySelectorAll(window.__pb.nextSel)].find(visible);
  if (!button) { resolve({ error: 'no visible Next button' }); return; }
  let done = false;
  let start = 0;
  const look = () => {
    if (done || !visible(document.querySelector(selector))) return;
    done = true;
    observer.disconnect();
    const at = performance.now();
    requestAnimationFrame(() => setTimeout(() => resolve({ visible: at - start, frame: performance.now() - start }), 0));
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  start = performance.now();
  button.click();
  look();
  const poll = () => { look(); if (!done) requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
  setTimeout(() => { if (!done) { done = true; observer.disconnect(); resolve({ error: 'timeout', errors: window.__pb.errors ? window.__pb.errors() : null }); } }, 30000);
})`;

async function withProfile<T>(viewport: { width: number; height: number }, work: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), 'peerbench-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, headless: true, args: CHROME_ARGS, viewport });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    return await work(page, context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The shared harness's window: a desktop page (the peers' apps are laid out for it). */
const VIEWPORT = { width: 1280, height: 900 };

/**
 * `driver`: a script that gives the page the harness's `window.__pb` where the engine has none
 * (ours: wizardPack.ts), run before the page's own.
 */
export async function runPeer(address: string, firstFields: string[], rate: number, driver?: string): Promise<PeerRun> {
  return withProfile(VIEWPORT, async (page, context) => {
    await throttled(context, page, rate);
    if (driver) await page.addInitScript({ content: driver });
    await page.addInitScript({ content: firstFieldWatch(firstFields[0] ?? '') });
    await page.goto(`${address}/`, { waitUntil: 'load' });
    // A function, not a string: a page whose Content Security Policy has no 'unsafe-eval' (ours,
    // from the sandbox) refuses a string to wait on.
    await page.waitForFunction(() => {
      const page = window as unknown as { __peerFirst?: unknown; __pb?: { fill?: unknown } };
      return Boolean(page.__peerFirst && page.__pb?.fill);
    }, null, { timeout: 60_000 });
    const first = (await page.evaluate('window.__peerFirst')) as Timing;
    const steps: PeerRun['steps'] = [];
    for (let i = 0; i + 1 < firstFields.length; i++) {
      // Not timed: the step settles (JSON Forms reports its data 10 ms after mounting), is filled
      // through the engine's own data API, and settles again, as the shared harness does.
      await page.evaluate(SETTLE);
      await page.waitForTimeout(150);
      await page.evaluate(`window.__pb.fill(${i})`);
      await page.evaluate(SETTLE);
      await page.waitForTimeout(150);
      await page.evaluate(SETTLE);
      const result = (await page.evaluate(timedNext(firstFields[i + 1] ?? ''))) as Timing & { error?: string };
      const step = await page.evaluate('window.__pb.step()');
      if (result.error || step !== i + 1) throw new Error(`step ${i + 1} -> ${i + 2}: ${result.error ?? `the app is at step ${String(step)}`} ${JSON.stringify(result)}`);
      steps.push({ from: i + 1, visible: result.visible, frame: result.frame });
    }
    return { first, steps };
  });
}

/**
 * Not timed, not slowed: the engine really holds Next back on an invalid step (empty, then a
 * malformed document number) and lets a valid one through, so that every engine does the same
 * work on a click.
 */
export async function checkValidation(address: string, driver?: string): Promise<string> {
  return withProfile(VIEWPORT, async (page) => {
    if (driver) await page.addInitScript({ content: driver });
    await page.goto(`${address}/`);
    await page.waitForFunction(() => {
      const page = window as unknown as { __pb?: { fill?: unknown; step?: unknown } };
      return Boolean(page.__pb?.fill && page.__pb.step);
    }, null, { timeout: 60_000 });
    await page.waitForTimeout(300);
    const next = async () => {
      // The step's screen may still be loading its code (ours, on a cold start): its Next first.
      await page.waitForFunction(() => {
        const pb = (window as unknown as { __pb: { nextSel: string } }).__pb;
        return Array.from(document.querySelectorAll<HTMLElement>(pb.nextSel)).some((b) => b.offsetParent);
      }, null, { timeout: 30_000 });
      await page.evaluate('[...document.querySelectorAll(window.__pb.nextSel)].find((b) => b.offsetParent).click()');
      await page.waitForTimeout(500);
      return page.evaluate('window.__pb.step()');
    };
    const empty = await next();
    await page.evaluate(`window.__pb.fill(0, { docNumber: '12-34' })`);
    await page.waitForTimeout(300);
    const malformed = await next();
    await page.evaluate('window.__pb.fill(0)');
    await page.waitForTimeout(300);
    const valid = await next();
    if (empty !== 0 || malformed !== 0 || valid !== 1) throw new Error(`validation check: an empty step went to step ${String(empty)}, a malformed one to ${String(malformed)}, a valid one to ${String(valid)} (want 0, 0, 1)`);
    return 'Next held back on an empty and a malformed step, let through on a valid one';
  });
}
