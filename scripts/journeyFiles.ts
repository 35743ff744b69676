import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The journey files of the project: every `journeys/*.json`, sorted. */
export function journeyFiles(dir = 'journeys'): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
}
