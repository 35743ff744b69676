/**
 * `npm run bench:peers`: our app beside the peers' identical 10-step telecom wizard
 * (`../shared/bench/peers`: SurveyJS, JSON Forms, rjsf with Mantine and XState, Form.io), in one
 * run, engines alternating run by run (ours A B C D ours A B C D ...), so that a machine getting
 * busier or quieter weighs on all alike. Issue 16's goals are ratios against the fastest peer,
 * JSON Forms, in the same run: absolute times vary with the machine, the ratios hold.
 *
 * The peers' folder is shared and read-only: it is copied to a cache folder, installed and built
 * there (`--dir`, `node_modules/.cache/peerbench` by default). The peers are measured as their
 * own harness (run.mjs) measures them (scripts/bench/peers/peerRun.ts). Ours twice: `wizard`, our
 * engine running the peers' own wizard as a country pack (scripts/bench/peers/wizardPack.ts),
 * measured by the same harness, click for click; and `ours`, a whole sale of a real country in
 * the same conditions (scripts/bench/peers/ourRun.ts). Lighthouse 12 mobile on our sign-in page
 * and each peer's first page, median of 3 (scripts/bench/peers/lighthouse.ts).
 *
 * Options: `--runs N` (5), `--engines ours,wizard,jsonforms,rjsf,surveyjs,formio` (all), `--rate R`
 * (CPU slowdown, 4), `--dir <folder>`, `--peers <folder>` (the shared benchmark,
 * `../shared/bench/peers`), `--build` (rebuild the peers), `--skip-check` (skip the peers'
 * validation check), `--no-lighthouse`. `COUNTRY` picks our build (`sv` by default).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { countrySales } from '../../tests/support/countrySales';
import { servedApp } from '../../src/tools/browser/servedBuild';
import { assetGzipSizes } from './assetSizes';
import { CHROMIUM_PATH } from './peers/browser';
import { lighthouse, lighthouseCli, type LighthouseResult } from './peers/lighthouse';
import { runOurs, type OurRun } from './peers/ourRun';
import { checkValidation, runPeer, type PeerRun } from './peers/peerRun';
import { WIZARD_COUNTRY, wizardDriver, writeWizardPack, type Wizard } from './peers/wizardPack';
import { generateApiTypes } from '../../src/build/apiTypes';
import { compileSteps } from '../../src/build/compileSteps';
import { openapiRoots } from '../../src/openapi/countryActors';
import { preparePeers, PEERS, type Peer, type PeerBuild } from './peers/setup';
import { serveStatic, type StaticSite } from './peers/staticServer';
import { cell, median, quantile, ratio, ratioCell, spread, type Spread } from './peers/stats';
import { DEFAULT_COUNTRY } from '../../src/pack/defaultCountry';

const started = Date.now();
// The machine's load when the run started and ended: other work on it makes every time longer, the ratios less so.
const loadAtStart = loadavg()[0] ?? 0;
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    engines: { type: 'string', default: ['ours', 'wizard', ...PEERS].join(',') },
    rate: { type: 'string', default: '4' },
    dir: { type: 'string', default: 'node_modules/.cache/peerbench' },
    peers: { type: 'string', default: '../shared/bench/peers' },
    build: { type: 'boolean', default: false },
    'skip-check': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
  },
});
type Engine = 'ours' | 'wizard' | Peer;
const LABEL: Record<Engine, string> = { ours: 'ours (a sale)', wizard: "ours (their wizard)", jsonforms: 'JSON Forms', rjsf: 'rjsf', surveyjs: 'SurveyJS', formio: 'Form.io' };
const runs = Math.max(1, Number(options.runs));
const rate = Math.max(1, Number(options.rate));
const dir = resolve(options.dir);
const engines = options.engines.split(',').map((e) => e.trim()) as Engine[];
for (const engine of engines) if (!(engine in LABEL)) throw new Error(`unknown engine ${engine} (${Object.keys(LABEL).join(', ')})`);
const peers = PEERS.filter((p) => engines.includes(p));
const country = (process.env.COUNTRY ?? DEFAULT_COUNTRY).toLowerCase();
const sell = countrySales[country];
if (engines.includes('ours') && !sell) throw new Error(`no sale for COUNTRY=${country} in tests/support/countrySales.ts`);
const log = (line: string) => console.error(`peerbench ${((Date.now() - started) / 1000).toFixed(0)}s: ${line}`);

// ---- the peers: copied, installed, built; their workload read from the copy ----
const builds: Partial<Record<Peer, PeerBuild>> = peers.length ? preparePeers(resolve(options.peers), dir, peers, options.build) : {};
mkdirSync(dir, { recursive: true });
const wizardFile = join(dir, 'shared', 'wizard.js');
const wizard = existsSync(wizardFile) ? ((await import(pathToFileURL(wizardFile).href)) as Wizard & { FILL: Array<Record<string, unknown>> }) : undefined;
const firstFields = wizard?.STEP_FIELDS.map((fields) => fields[0] ?? '') ?? [];
/** The peers' step with the longest select (their step 3, 300 municipalities): its index and option count. */
const peerSelect = firstFields
  .map((_, i) => ({ step: i, options: Math.max(0, ...Object.values(wizard?.stepSchema(i).properties ?? {}).map((p) => (Array.isArray(p.enum) ? p.enum.length : 0))) }))
  .reduce((a, b) => (b.options > a.options ? b : a), { step: -1, options: 0 });

const sites: Partial<Record<Peer, StaticSite>> = {};
for (const peer of peers) sites[peer] = await serveStatic(builds[peer]?.dist ?? '');
const served = engines.includes('ours') ? await servedApp({ country }) : undefined;
if (served) log(`our ${country} build served by the sandbox at ${served.address}`);
// The peers' wizard as a pack of ours, its validators compiled as \`npm run build\` compiles a country's.
const wizardPack = engines.includes('wizard') && wizard ? writeWizardPack(join(dir, 'ours-wizard'), wizard) : undefined;
if (wizardPack) {
  // Its (empty) table of provider operations beside the countries', as \`npm run api:types\` writes them.
  await generateApiTypes([...openapiRoots(), join(wizardPack, 'openapi')]);
  compileSteps(wizardPack);
}
const servedWizard = wizardPack ? await servedApp({ country: WIZARD_COUNTRY, packs: wizardPack }) : undefined;
if (servedWizard) log(`our engine with the peers' wizard served by the sandbox at ${servedWizard.address}`);
const driver = wizard ? wizardDriver(wizard.FILL, wizard.STEP_TITLES) : undefined;

/**
 * Our build's scripts and stylesheets: sizes gzipped at level 9 as the peers' are counted, and
 * which have a brotli copy (files under 1 KB have none); read now, the build is removed on close.
 */
const ourFiles = (() => {
  if (!served) return undefined;
  const js = assetGzipSizes(served.outDir);
  const css = new Map<string, number>();
  const brotli = new Set<string>();
  for (const file of readdirSync(join(served.outDir, 'assets'))) {
    const path = join(served.outDir, 'assets', file);
    if (file.endsWith('.css')) css.set(`/assets/${file}`, gzipSync(readFileSync(path), { level: 9 }).length);
    if (/\.(js|css)\.br$/.test(file)) brotli.add(`/assets/${file.slice(0, -3)}`);
  }
  return { js, css, brotli };
})();

const raw: Record<Engine, Array<PeerRun | OurRun | { error: string }>> = { ours: [], wizard: [], jsonforms: [], rjsf: [], surveyjs: [], formio: [] };
const lighthouseRuns: Record<Engine, Array<LighthouseResult | { error: string }>> = { ours: [], wizard: [], jsonforms: [], rjsf: [], surveyjs: [], formio: [] };
const checks: Partial<Record<Peer | 'wizard', string>> = {};
const urlOf = (engine: Engine) => (engine === 'ours' ? served?.address : engine === 'wizard' ? servedWizard?.address : sites[engine]?.address) ?? '';
/** The engines that run the peers' wizard (the peers, and ours as a pack), measured by one harness. */
const wizardEngines = engines.filter((e): e is Peer | 'wizard' => e !== 'ours');

try {
  if (!options['skip-check']) {
    for (const engine of wizardEngines) {
      checks[engine] = await checkValidation(urlOf(engine), engine === 'wizard' ? driver : undefined);
      log(`validation check ${engine}: ${checks[engine]}`);
    }
  }
  for (let run = 1; run <= runs; run++) {
    for (const engine of engines) {
      try {
        if (engine === 'ours') {
          const result = await runOurs(urlOf('ours'), sell ?? (() => Promise.resolve()), rate);
          raw.ours.push(result);
          log(`run ${run}/${runs} ours: first input ${result.first.frame.toFixed(0)} ms, ${result.changes.length} step changes (${result.changes.filter((c) => c.calls === 0).length} without a call)`);
        } else {
          const result = await runPeer(urlOf(engine), firstFields, rate, engine === 'wizard' ? driver : undefined);
          raw[engine].push(result);
          log(`run ${run}/${runs} ${engine}: first input ${result.first.frame.toFixed(0)} ms, steps ${result.steps.map((s) => s.frame.toFixed(0)).join(' ')}`);
        }
      } catch (problem) {
        // One failed run does not lose the others: it is reported, and the medians are of the runs that finished.
        const error = (problem as Error).message.split('\n')[0] ?? 'failed';
        raw[engine].push({ error });
        log(`run ${run}/${runs} ${engine} FAILED: ${error}`);
      }
    }
  }
  if (!options['no-lighthouse']) {
    const cli = lighthouseCli(dir);
    const reports = join(dir, 'lighthouse-reports');
    mkdirSync(reports, { recursive: true });
    // Alternated as the runs are; one at a time (each starts its own Chromium; the machine has few cores).
    for (let run = 1; run <= 3; run++) {
      // Lighthouse loads the first page: ours is the sale's sign-in (the wizard pack's is its first form).
      for (const engine of engines.filter((e) => e !== 'wizard')) {
        try {
          const result = await lighthouse(cli, `${urlOf(engine)}/`, join(reports, `${engine}-${run}.json`));
          lighthouseRuns[engine].push(result);
          log(`lighthouse ${run}/3 ${engine}: score ${result.score}, LCP ${result.lcp.toFixed(0)} ms, TBT ${result.tbt.toFixed(0)} ms`);
        } catch (problem) {
          lighthouseRuns[engine].push({ error: (problem as Error).message });
          log(`lighthouse ${run}/3 ${engine} FAILED: ${(problem as Error).message}`);
        }
      }
    }
  }
} finally {
  for (const site of Object.values(sites)) await site.close();
  await served?.close().catch(() => undefined);
  await servedWizard?.close().catch(() => undefined);
}

// ---- per-run measures, then medians and ranges over runs ----
const ok = <T extends object>(list: Array<T | { error: string }>): T[] => list.filter((r): r is T => !('error' in r));

interface Measures {
  jsKb?: number;
  jsFiles?: number;
  cssKb?: number;
  first?: Spread;
  stepMedian?: Spread;
  stepP95?: Spread;
  callsMedian?: Spread;
  callsP95?: Spread;
  select?: Spread;
  score?: Spread;
  lcp?: Spread;
  tbt?: Spread;
  fcp?: Spread;
  failed: number;
}

function lighthouseMeasures(engine: Engine): Pick<Measures, 'score' | 'lcp' | 'tbt' | 'fcp'> {
  const results = ok(lighthouseRuns[engine]);
  return {
    score: spread(results.map((r) => r.score)),
    lcp: spread(results.map((r) => r.lcp / 1000)),
    tbt: spread(results.map((r) => r.tbt)),
    fcp: spread(results.map((r) => r.fcp / 1000)),
  };
}

function peerMeasures(peer: Peer | 'wizard'): Measures {
  const results = ok(raw[peer] as Array<PeerRun | { error: string }>);
  const build = peer === 'wizard' ? undefined : builds[peer];
  const frames = (r: PeerRun) => r.steps.map((s) => s.frame);
  return {
    ...(build ? { jsKb: build.jsGzip / 1024, jsFiles: build.jsFiles, cssKb: build.cssGzip / 1024 } : {}),
    first: spread(results.map((r) => r.first.frame)),
    stepMedian: spread(results.map((r) => median(frames(r)))),
    stepP95: spread(results.map((r) => quantile(frames(r), 0.95))),
    // `from` is the step Next was clicked on (1-based): into step k (0-based) is from k.
    select: spread(results.map((r) => r.steps.find((s) => s.from === peerSelect.step)?.frame ?? Number.NaN)),
    ...lighthouseMeasures(peer),
    failed: raw[peer].length - results.length,
  };
}

/** The screen whose select showed the most options in a run, and the step change into it. */
function largestSelect(run: OurRun) {
  const [route, options] = Object.entries(run.options).reduce<[string, number]>((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
  return { route, options, change: run.changes.find((c) => c.to === route) };
}

interface OurMeasures extends Measures {
  brotli?: string;
  brotliAll?: boolean;
  noCallChanges?: Spread;
  /** Step changes without a call that showed the screen's loader (its code still on its way). */
  waitedForCode?: Spread;
  selectNote?: string;
}

function ourMeasures(): OurMeasures {
  const results = ok(raw.ours as Array<OurRun | { error: string }>);
  const frames = (r: OurRun, withCalls: boolean) => r.changes.filter((c) => (c.calls > 0) === withCalls).map((c) => c.frame);
  const measures: OurMeasures = {
    first: spread(results.map((r) => r.first.frame)),
    stepMedian: spread(results.map((r) => median(frames(r, false)))),
    stepP95: spread(results.map((r) => quantile(frames(r, false), 0.95))),
    callsMedian: spread(results.map((r) => median(frames(r, true)))),
    callsP95: spread(results.map((r) => quantile(frames(r, true), 0.95))),
    noCallChanges: spread(results.map((r) => frames(r, false).length)),
    waitedForCode: spread(results.map((r) => r.changes.filter((c) => c.calls === 0 && c.waitedForCode).length)),
    select: spread(results.map((r) => largestSelect(r).change?.frame ?? Number.NaN)),
    ...lighthouseMeasures('ours'),
    failed: raw.ours.length - results.length,
  };
  const first = results[0];
  if (first && ourFiles) {
    const js = first.firstScreen.filter((p) => p.endsWith('.js'));
    const css = first.firstScreen.filter((p) => p.endsWith('.css'));
    measures.jsKb = js.reduce((sum, p) => sum + (ourFiles.js.get(p) ?? 0), 0) / 1024;
    measures.jsFiles = js.length;
    measures.cssKb = css.reduce((sum, p) => sum + (ourFiles.css.get(p) ?? 0), 0) / 1024;
    const inBrotli = first.firstScreen.filter((p) => first.encodings[p] === 'br');
    const compressible = first.firstScreen.filter((p) => ourFiles.brotli.has(p));
    const small = first.firstScreen.filter((p) => !ourFiles.brotli.has(p));
    measures.brotliAll = compressible.every((p) => first.encodings[p] === 'br');
    measures.brotli = `${measures.brotliAll ? 'yes' : 'NO'}: ${inBrotli.length} of ${first.firstScreen.length} files${small.length ? ` (the ${small.length} under 1 KB as they are)` : ''}`;
    const select = largestSelect(first);
    measures.selectNote = select.change
      ? `${select.change.from} -> ${select.route}: ${select.options} options, ${select.change.calls} provider call(s) during the change`
      : `no step change into the screen with the longest select (${select.route || 'none opened'})`;
  }
  return measures;
}

const measures: Partial<Record<Engine, OurMeasures>> = {};
for (const engine of engines) measures[engine] = engine === 'ours' ? ourMeasures() : peerMeasures(engine);
const ours = measures.ours;
const ourWizard = measures.wizard;
const jsonForms = measures.jsonforms;

// ---- the table: ours, JSON Forms, the ratio, then the other peers ----
type Column = Engine | 'ratio' | 'wizardRatio';
const columns: Column[] = (['wizard', 'ours', 'jsonforms', 'wizardRatio', 'ratio', 'rjsf', 'surveyjs', 'formio'] as const).filter((c) =>
  c === 'ratio' ? engines.includes('ours') : c === 'wizardRatio' ? engines.includes('wizard') : engines.includes(c),
);
const sizeCell = (m: Measures | undefined, kb: number | undefined, files?: number) => (m && kb !== undefined ? `${kb.toFixed(1)}${files !== undefined ? ` (${files} file${files === 1 ? '' : 's'})` : ''}` : '–');
const sizeRatio = (a: number | undefined, b: number | undefined) => (a !== undefined && b ? ratioCell(a / b) : '–');
/** A row: its name, an engine's cell, and the ratio to JSON Forms of a measure (by its key), if it has one. */
type Row = [string, (m: Measures | undefined, engine: Engine) => string, string, (keyof Measures)?];
const ratioOf = (m: Measures | undefined, key: keyof Measures | undefined) => {
  if (!key || !m) return '–';
  const a = m[key];
  const b = jsonForms?.[key];
  if (typeof a === 'number' && typeof b === 'number') return sizeRatio(a, b);
  return typeof a === 'object' && typeof b === 'object' ? ratioCell(ratio(a, b)) : '–';
};
const rows: Row[] = [
  ['first screen JS, KB gzip (files)', (m) => sizeCell(m, m?.jsKb, m?.jsFiles), sizeRatio(ours?.jsKb, jsonForms?.jsKb)],
  ['CSS, KB gzip', (m) => sizeCell(m, m?.cssKb), sizeRatio(ours?.cssKb, jsonForms?.cssKb)],
  ['served with brotli', (m, e) => (e === 'ours' ? (ours?.brotli ?? '–') : m && e !== 'wizard' ? 'gzip' : '–'), '–'],
  [`first input, ms (navigation start to the first field)`, (m) => cell(m?.first), ratioCell(ratio(ours?.first, jsonForms?.first)), 'first'],
  ['step change without a call, median ms', (m) => cell(m?.stepMedian), ratioCell(ratio(ours?.stepMedian, jsonForms?.stepMedian)), 'stepMedian'],
  ['step change without a call, p95 ms', (m) => cell(m?.stepP95), ratioCell(ratio(ours?.stepP95, jsonForms?.stepP95)), 'stepP95'],
  ['step change with provider calls, median ms', (m) => cell(m?.callsMedian), '–'],
  ['step change with provider calls, p95 ms', (m) => cell(m?.callsP95), '–'],
  [`step into the longest select, ms (peers: ${peerSelect.options} options)`, (m) => cell(m?.select), ratioCell(ratio(ours?.select, jsonForms?.select)), 'select'],
  ['Lighthouse mobile score', (m) => cell(m?.score), ratioCell(ratio(ours?.score, jsonForms?.score))],
  ['Lighthouse LCP, s', (m) => cell(m?.lcp, 1), ratioCell(ratio(ours?.lcp, jsonForms?.lcp))],
  ['Lighthouse TBT, ms', (m) => cell(m?.tbt), ratioCell(ratio(ours?.tbt, jsonForms?.tbt))],
  ['Lighthouse FCP, s', (m) => cell(m?.fcp, 1), ratioCell(ratio(ours?.fcp, jsonForms?.fcp))],
];
const header = ['measure', ...columns.map((c) => (c === 'ratio' ? 'ratio sale / JSON Forms' : c === 'wizardRatio' ? 'ratio wizard / JSON Forms' : LABEL[c]))];
const table = [
  `| ${header.join(' | ')} |`,
  `|${header.map(() => '---').join('|')}|`,
  ...rows.map(([name, value, r, key]) => `| ${name} | ${columns.map((c) => (c === 'ratio' ? r : c === 'wizardRatio' ? ratioOf(ourWizard, key) : value(measures[c], c))).join(' | ')} |`),
];

/** Which app was measured: the commit, and whether the build had uncommitted changes of the app in it. */
const appVersion = (() => {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    // The benchmarks and the docs are not the app: a change there changes no build.
    const changed = execFileSync('git', ['status', '--porcelain', '--', '.', ':!scripts/bench', ':!docs', ':!*.md'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    return `${commit}${changed ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
})();
const chromium = (() => {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return CHROMIUM_PATH;
  }
})();
const lines: string[] = [
  '',
  `${new Date().toISOString().slice(0, 10)}, our app at ${appVersion} (${country}), ${cpus().length} cores, ${chromium}, load average ${loadAtStart.toFixed(1)} at the start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end, CPU slowed ${rate}x, ${runs} alternating run(s) per engine; cells: median (min–max over runs); times to the frame after the field shows`,
  '',
  ...table,
  '',
];

// ---- issue 16's goals ----
const verdict = (pass: boolean | undefined) => (pass === undefined ? 'n/a ' : pass ? 'PASS' : 'FAIL');
const times = (a: Spread | undefined, b: Spread | undefined) => (a && b ? `${a.median.toFixed(0)} / ${b.median.toFixed(0)} ms = ${(a.median / b.median).toFixed(2)}` : 'not measured');
// The step-change goals are judged on the same workload as the peers' when it was run (our engine
// running their wizard), else on the sale; the sale's figure is shown beside it.
const same = ourWizard ?? ours;
const sameName = ourWizard ? 'our engine on their wizard' : `a ${country} sale`;
const saleToo = (sale: Spread | undefined) => (ourWizard && sale && jsonForms ? `; a whole ${country} sale: ${sale.median.toFixed(0)} ms` : '');
const peerScores = peers.map((p) => measures[p]?.score?.median).filter((s): s is number => s !== undefined);
const bestPeer = peerScores.length ? Math.max(...peerScores) : undefined;
lines.push(
  'goals (issue 16):',
  `${verdict(ours?.jsKb === undefined ? undefined : ours.jsKb <= 100)} first screen JS at most 100 KB gzip: ${ours?.jsKb?.toFixed(1) ?? '–'} KB`,
  `${verdict(ours?.cssKb === undefined ? undefined : ours.cssKb <= 15)} first screen CSS at most 15 KB gzip: ${ours?.cssKb?.toFixed(1) ?? '–'} KB`,
  `${verdict(ours?.brotliAll)} first screen served with brotli: ${ours?.brotli ?? '–'}`,
  `${verdict(same?.stepMedian && jsonForms?.stepMedian ? same.stepMedian.median <= 0.8 * jsonForms.stepMedian.median : undefined)} step change without a call, median at most 0.8x JSON Forms (${sameName}): ${times(same?.stepMedian, jsonForms?.stepMedian)}${saleToo(ours?.stepMedian)}`,
  `${verdict(same?.stepP95 && jsonForms?.stepP95 ? same.stepP95.median <= 0.8 * jsonForms.stepP95.median : undefined)} step change without a call, p95 at most 0.8x JSON Forms (${sameName}): ${times(same?.stepP95, jsonForms?.stepP95)}${saleToo(ours?.stepP95)}`,
  `${verdict(same?.select && jsonForms?.select ? same.select.median <= 0.5 * jsonForms.select.median : undefined)} step into the ${peerSelect.options}-option select at most 0.5x JSON Forms (${sameName}): ${times(same?.select, jsonForms?.select)}${ourWizard ? '' : ours?.selectNote ? ` (ours: ${ours.selectNote})` : ''}`,
  `${verdict(ours?.score && bestPeer !== undefined ? ours.score.median >= bestPeer : undefined)} Lighthouse mobile score at least the best peer's: ${ours?.score?.median ?? '–'} against ${bestPeer ?? '–'}`,
  '',
  'how to read it:',
  `- ours (their wizard): our engine running the peers' ten steps as a country pack (scripts/bench/peers/wizardPack.ts: their schemas, choices and required fields as step files; every city offered, as a step file's choices are fixed), built and served by the sandbox like a country, and measured by the peers' harness (their viewport, their fill-then-Next, their timing), its fields filled through the page as a browser fills them.`,
  "- JS and CSS: the peers' count everything they built (one bundle each); ours counts what the landing asks for until its PIN field shows (the rest of the app loads later), the same files gzipped at level 9 from the build.",
  `- first input and step changes: the peers' nine clicks on Next (${wizard ? 'filled through their data API' : 'workload missing'}) at 1280 x 900 as their own harness runs them; ours a whole ${country} sale driven as the browser tests drive it, at a phone's 360 x 740, from the click on a step's button to the next screen's first field (its heading where it has none) with no loader left; changes during which the app called the provider (fetches) are counted apart, and include the sandbox's answers.`,
  `- ours has ${ours?.noCallChanges ? cell(ours.noCallChanges) : '–'} step changes without a call per sale, of which ${ours?.waitedForCode ? cell(ours.waitedForCode) : '–'} showed the screen's loader (its code not loaded yet: the sale is driven faster than an agent taps); the select step: ${ours?.selectNote ?? '–'}.`,
  `- the peers are served by a static server (gzip, no-store), ours by the sandbox as a user gets it (precompressed brotli); cache off for every load; Lighthouse: median of 3, mobile defaults (simulated slow 4G, 4x CPU).`,
);
for (const engine of engines) {
  const failed = (measures[engine]?.failed ?? 0) + lighthouseRuns[engine].filter((r) => 'error' in r).length;
  if (failed) lines.push(`- ${LABEL[engine]}: ${failed} run(s) failed (in results.json); the medians are of the others.`);
}
for (const peer of peers) lines.push(`- ${LABEL[peer]}: ${Object.entries(builds[peer]?.versions ?? {}).map(([name, version]) => `${name}@${version}`).join(' ')}`);
const seconds = (Date.now() - started) / 1000;
lines.push('', `runtime ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s; raw data in ${join(dir, 'results.json')}`);

writeFileSync(
  join(dir, 'results.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      cores: cpus().length,
      loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
      chromium,
      cpuSlowdown: rate,
      runs,
      engines,
      country,
      appVersion,
      peerSelect,
      validationChecks: checks,
      peerBuilds: builds,
      measures,
      raw,
      lighthouse: lighthouseRuns,
      table,
      runtimeSeconds: seconds,
    },
    null,
    1,
  ),
);
console.log(lines.join('\n'));
