/**
 * The pack the studio's "In the browser" replay builds the app from: the journey the studio
 * shows, which may be another folder's (`STUDIO_JOURNEYS`, a copy being edited), not the
 * repository's. A build reads one pack folder (`COUNTRY_PACKS`: src/pack/countryPack.ts), so the
 * shown journey is put in a pack folder of its own with the rest of the pack it belongs to: the
 * pack whose `journeys/` the shown folder is (a copy of a whole pack), else the studio's own
 * (`COUNTRY_PACKS`, the repository by default). The step screens are those the studio shows
 * (`STUDIO_STEPS` too), so the app built, its step validators (compiled from them) and the
 * replay's driver (run in the pack: withPackRoot) see the same screens the studio edits.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import type { CompiledJourney } from '../../../runtime/compileJourney';
import { packPaths, packRoot } from '../../../pack/countryPack';
import { journeysDir, stepsDir } from './packJourney';

/** The pack a journeys folder belongs to: the one it is the `journeys/` of (its country file beside it), else the studio's. */
function packOfJourneys(country: string, folder: string = journeysDir()): string {
  const parent = dirname(resolve(folder));
  return existsSync(packPaths(country, parent).countryFile) ? parent : packRoot();
}

/**
 * A pack folder of its own under the system's temporary folder, for one build of `country` and
 * its replays: the journey as the studio compiled it (a save during the build does not mix
 * versions), the step screens the studio shows, and the country file, provider specs and
 * reference data of the pack it belongs to; `remove` once that build is no longer used.
 *
 * @example
 * const pack = shownPack(country, compiledJourneyOf(country));
 * const outDir = await buildCountry({ country, packs: pack.packs });
 * await withPackRoot(pack.packs, () => replayInBrowser(journey, path, page, options));
 */
export function shownPack(country: string, journey: CompiledJourney): { packs: string; remove: () => void } {
  const from = packPaths(country, packOfJourneys(country));
  const packs = mkdtempSync(join(tmpdir(), 'field-sales-studio-pack-'));
  const remove = () => rmSync(packs, { recursive: true, force: true });
  try {
    const to = packPaths(country, packs);
    mkdirSync(dirname(to.journey), { recursive: true });
    // Compiling leaves the file's config as it was read: this is the text the studio shows.
    writeFileSync(to.journey, `${JSON.stringify(journey.config, null, 2)}\n`);
    mkdirSync(dirname(to.countryFile), { recursive: true });
    copyFileSync(from.countryFile, to.countryFile);
    const steps = join(stepsDir(), country);
    if (existsSync(steps)) cpSync(steps, to.steps, { recursive: true });
    // The provider's specs: the replay's driver and the sandbox read the operations from them.
    if (existsSync(from.openapi)) cpSync(from.openapi, to.openapi, { recursive: true });
    // The reference data the country file names, by its path in the pack (the build says which is missing).
    const { referenceData = {} } = JSON.parse(readFileSync(from.countryFile, 'utf8')) as { referenceData?: Record<string, string> };
    for (const file of Object.values(referenceData)) {
      const source = join(from.root, file);
      const target = resolve(packs, file);
      if (!existsSync(source) || relative(packs, target).startsWith('..')) continue;
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(source, target);
    }
    return { packs, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
