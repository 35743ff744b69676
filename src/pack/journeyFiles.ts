import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The journey files of the project: every `journeys/*.json`, sorted. */
export function journeyFiles(dir = 'journeys'): string[] {
  // A pack folder set wrong (COUNTRY_PACKS one level too high) says so instead of a stack trace.
  if (!existsSync(dir)) {
    console.error(`no journeys folder ${dir}: COUNTRY_PACKS names the folder that holds journeys/, countries/, openapi/ and schemas/ (src/pack/countryPack.ts)`);
    process.exit(1);
  }
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
}

/** Every event a journey's states handle (`on` keys at any depth): what a button or a sidebar entry may send. */
export function handledEvents(config: unknown, into = new Set<string>()): Set<string> {
  if (!config || typeof config !== 'object') return into;
  const node = config as { on?: Record<string, unknown>; states?: Record<string, unknown> };
  for (const event of Object.keys(node.on ?? {})) into.add(event);
  for (const child of Object.values(node.states ?? {})) handledEvents(child, into);
  return into;
}
