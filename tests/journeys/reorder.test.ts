import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// A product owner's legitimate reorder of the sale (income checked before the contract months)
// runs against El Salvador's journey tests: only the test that pins the spec's order fails, and
// its message says so. The others follow the journey wherever it leads.
const dir = mkdtempSync(join(tmpdir(), 'journeys-reordered-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** journeys/sv.json with the income step moved before the checkout, transitions only. */
function reordered() {
  const journey = JSON.parse(readFileSync('journeys/sv.json', 'utf8'));
  const sale = journey.states.signedIn.states.sale.states;
  sale.packageSummary.on['step.submit'] = 'income';
  sale.incomeChecking.invoke.onDone[0].target = 'checkout';
  sale.checkout.states.choosing.on['step.submit'][0].target = '#sv.signedIn.sale.idFront';
  return journey;
}

describe("a product owner's reorder of the sale", () => {
  it('fails only the test that pins the spec order, saying so', () => {
    writeFileSync(join(dir, 'sv.json'), JSON.stringify(reordered(), null, 1));
    writeFileSync(join(dir, 'hn.json'), readFileSync('journeys/hn.json'));
    const report = join(dir, 'report.json');
    const files = ['tests/journeys/sv.test.ts', 'tests/journeys/svAgainstSandbox.test.ts', 'tests/journeys/journeyPaths.test.ts', 'tests/journeys/pathNames.test.ts', 'tests/journeys/svRequests.test.ts'];
    spawnSync('node_modules/.bin/vitest', ['run', '--configLoader', 'runner', ...files, '--reporter=json', `--outputFile=${report}`], {
      env: { ...process.env, JOURNEYS_DIR: dir },
      encoding: 'utf8',
      timeout: 280_000,
    });
    const results = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      testResults: Array<{ assertionResults: Array<{ title: string; status: string; failureMessages: string[] }> }>;
    };
    const failed = results.testResults.flatMap((file) => file.assertionResults.filter((test) => test.status === 'failed'));
    expect(failed.map((test) => test.title)).toEqual(['walks the sale in the order of spec 2.2']);
    expect(failed[0]?.failureMessages.join('\n')).toContain("the sale's screens are not in the order of spec 2.2 (this test pins the spec's order");
    expect(results.numPassedTests).toBeGreaterThan(100);
  }, 300_000);
});
