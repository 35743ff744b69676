/**
 * An offer's name in the country's seed (src/sandbox/seed/<cc>/catalog.json), for a path whose
 * example names the offer by its planId only (`{"planId": "PLAN-TRIPLE-100", "type": "Bundle"}`):
 * the screen shows offers by their names, and without it the driver took the first of the tab,
 * with a note, though the seed offers the very plan.
 */
import { existsSync, readFileSync } from 'node:fs';

const names = new Map<string, Map<string, string>>();

/** Every `{planId, name}` in a JSON value, into `into`. */
function collect(value: unknown, into: Map<string, string>): void {
  if (Array.isArray(value)) return value.forEach((item) => collect(item, into));
  if (!value || typeof value !== 'object') return;
  const { planId, name } = value as { planId?: unknown; name?: unknown };
  if (typeof planId === 'string' && typeof name === 'string' && !into.has(planId)) into.set(planId, name);
  for (const child of Object.values(value)) collect(child, into);
}

/** The name the seed gives the plan, if its catalog has it. */
export function seedOfferName(country: string, planId: string): string | undefined {
  const cc = country.toLowerCase();
  let found = names.get(cc);
  if (!found) {
    found = new Map();
    const file = `src/sandbox/seed/${cc}/catalog.json`;
    if (existsSync(file)) collect(JSON.parse(readFileSync(file, 'utf8')), found);
    names.set(cc, found);
  }
  return found.get(planId);
}
