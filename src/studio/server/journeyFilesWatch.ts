/**
 * The studio's watch on the files a journey is checked with: its journey file and its country's
 * step files. A save of either reaches `settled` with the country once its files settle (an
 * editor writes a file in several steps), so the page shows the check within a moment.
 */
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { basename } from 'node:path';

/** A save is often several writes (truncate, then write): the check waits for the last one. */
const SETTLE_MS = 25;

export interface JourneyFilesWatch {
  close: () => void;
}

/**
 * Watches `journeysDir` (`<cc>.json`) and `stepsDir` (`<cc>/<step>.json`); `settled(country)`
 * once a country's files have been still for a moment after a save. `countries()`: the
 * journeys shown (a step folder without a journey is not checked).
 *
 * @example
 * const watching = watchJourneyFiles({ journeysDir, stepsDir, countries, settled: (cc) => send(check(cc)) });
 * server.httpServer?.on('close', watching.close);
 */
export function watchJourneyFiles({ journeysDir, stepsDir, countries, settled }: { journeysDir: string; stepsDir: string; countries: () => string[]; settled: (country: string) => void }): JourneyFilesWatch {
  const watchers: FSWatcher[] = [];
  const pending = new Map<string, NodeJS.Timeout>();
  const changed = (country: string) => {
    clearTimeout(pending.get(country));
    pending.set(
      country,
      setTimeout(() => {
        pending.delete(country);
        settled(country);
      }, SETTLE_MS),
    );
  };
  // fs.watch, not Vite's watcher: the folders may be outside the project (a test's copy), and
  // inotify tells a save at once, where a polling watcher would add its interval.
  if (existsSync(journeysDir)) {
    watchers.push(
      watch(journeysDir, (_event, name) => {
        if (name?.endsWith('.json')) changed(basename(name, '.json'));
      }),
    );
  }
  // A step file is checked with its country's journey: its save re-checks that journey, as the
  // journey's own does, rather than at the journey's next save. `recursive` (on Linux since
  // Node 19.1; the project needs 20.19) also follows a country folder made after the start.
  if (existsSync(stepsDir)) {
    watchers.push(
      watch(stepsDir, { recursive: true }, (_event, name) => {
        const [country, file, ...deeper] = name?.split(/[\\/]/) ?? [];
        if (country && file?.endsWith('.json') && deeper.length === 0 && countries().includes(country)) changed(country);
      }),
    );
  }
  return {
    close: () => {
      for (const watcher of watchers) watcher.close();
      for (const timer of pending.values()) clearTimeout(timer);
    },
  };
}
