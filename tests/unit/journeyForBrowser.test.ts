import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { compileJourney } from '../../src/runtime/compileJourney';
import { journeyForBrowser } from '../../src/runtime/journeyForBrowser';
import type { JourneyConfig } from '../../src/pack/journeyTypes';

// The browser's copy of a journey: smaller, and the same machine.
const full = JSON.parse(readFileSync('journeys/sv.json', 'utf8')) as JourneyConfig;
const compact = journeyForBrowser(full);

describe('the journey the browser gets', () => {
  it('has no descriptions or transition examples, and is smaller', () => {
    const text = JSON.stringify(compact);
    expect(text).not.toContain('"description"');
    expect(text).not.toContain('"example"');
    expect(gzipSync(text).length).toBeLessThan(gzipSync(JSON.stringify(full)).length * 0.8);
  });

  it('keeps every step, route, guard, action and call', () => {
    const a = compileJourney(full);
    const b = compileJourney(compact);
    expect([...b.steps.values()]).toEqual([...a.steps.values()]);
    const shape = (journey: ReturnType<typeof compileJourney>) =>
      journey.graph.edges.map((e) => JSON.stringify([e.source.id, e.label, e.guard, e.actions, e.targets.map((t) => t.node?.id)]));
    expect(shape(b)).toEqual(shape(a));
  });

  it('leaves the file itself alone', () => {
    expect(JSON.stringify(full)).toContain('"description"');
  });
});
