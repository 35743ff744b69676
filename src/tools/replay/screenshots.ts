/** The browser replay's screenshots: a folder emptied first, each file numbered and named by the route shown. */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { decodedPath } from './browserPlace';

/**
 * A camera on the page: `step` saves a screenshot of a step in `folder` (emptied now), `left` one
 * of where a replay left its path, `files` those saved. With `eachStep` false, `step` only counts
 * (the files keep their numbers): a test run wants the failure's, and a full-page screenshot per
 * step costs about a tenth of a replay's time.
 */
export function screenshotFolder(page: Page, folder: string, { eachStep = true } = {}) {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const files: string[] = [];
  // Counted apart from the files: a screenshot that failed or was not taken keeps its number.
  let shots = 0;
  /** A screenshot named by the route the browser shows (the step's name at `/`). */
  const shoot = async (stepName = 'start') => {
    shots += 1;
    const route = decodedPath(page).replace(/^\//, '').replace(/[^\p{L}\p{N}._-]+/gu, '-') || stepName;
    const file = join(folder, `${String(shots).padStart(2, '0')}-${route}.png`);
    await page.screenshot({ path: file, fullPage: true });
    files.push(file);
  };
  const step = async (stepName?: string) => {
    if (eachStep) return shoot(stepName);
    shots += 1;
  };
  return { files, step, left: () => shoot() };
}

export type Screenshots = ReturnType<typeof screenshotFolder>;
