/**
 * The peers' apps, made ready in a folder of our own: the shared benchmark folder is read-only
 * and other sessions read it, so it is copied, installed and built in a cache folder, never in
 * place. Copied again only when its files change (a hash of them is kept beside the copy).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The peers' engines, in the order the shared README names them (A, B, C, D). */
export const PEERS = ['surveyjs', 'jsonforms', 'rjsf', 'formio'] as const;
export type Peer = (typeof PEERS)[number];

export interface PeerBuild {
  dist: string;
  jsGzip: number;
  jsFiles: number;
  cssGzip: number;
  /** The versions installed of the app's direct dependencies. */
  versions: Record<string, string>;
}

/** Every file under a folder, `node_modules` and build output left out. */
function filesOf(dir: string, skip: ReadonlySet<string> = new Set()): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skip.has(entry.name) ? [] : filesOf(path, skip);
    return [path];
  });
}

const SKIP = new Set(['node_modules', 'dist']);

function sourceHash(source: string): string {
  const hash = createHash('sha256');
  for (const file of filesOf(source, SKIP).sort()) {
    hash.update(relative(source, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** Writable again after the copy: the shared folder's files are read-only, and a later copy overwrites them. */
function makeWritable(dir: string): void {
  for (const file of filesOf(dir, SKIP)) chmodSync(file, 0o644);
  for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory() && !SKIP.has(entry.name)) chmodSync(join(dir, entry.name), 0o755);
}

const npmInstall = (cwd: string, packages: string[] = []) => {
  console.error(`peerbench: npm install ${packages.join(' ')} in ${cwd}`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...packages], { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
};

/**
 * Copies the peers' folder to `dir` (when new or changed), installs its root and each engine
 * once, and builds the engines whose `dist` is missing (all of them with `rebuild`).
 */
export function preparePeers(source: string, dir: string, engines: readonly Peer[], rebuild: boolean): Record<string, PeerBuild> {
  if (!existsSync(join(source, 'shared', 'wizard.js'))) throw new Error(`no peers' benchmark at ${source} (shared/wizard.js missing); --peers names its folder`);
  mkdirSync(dir, { recursive: true });
  const hash = sourceHash(source);
  const stamp = join(dir, '.source-hash');
  const changed = !existsSync(stamp) || readFileSync(stamp, 'utf8') !== hash;
  if (changed) {
    console.error(`peerbench: copying ${source} to ${dir}`);
    cpSync(source, dir, { recursive: true, force: true, filter: (from) => !SKIP.has(from.split('/').at(-1) ?? '') });
    makeWritable(dir);
  }
  // Installed when new or changed: `npm install` in an installed folder costs little, but still a few seconds each.
  if (changed || !existsSync(join(dir, 'node_modules'))) npmInstall(dir);
  for (const engine of engines) {
    const root = join(dir, engine);
    if (changed || !existsSync(join(root, 'node_modules'))) npmInstall(root);
    // A changed source makes every build stale.
    if (rebuild || changed || !existsSync(join(root, 'dist', 'index.html'))) {
      console.error(`peerbench: building ${engine}`);
      rmSync(join(root, 'dist'), { recursive: true, force: true });
      execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    }
  }
  writeFileSync(stamp, hash);
  return Object.fromEntries(engines.map((engine) => [engine, sizesOf(join(dir, engine))]));
}

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** All the JS and CSS an engine built, gzipped at level 9 as the shared harness counts them. */
function sizesOf(root: string): PeerBuild {
  const dist = join(root, 'dist');
  const files = filesOf(dist);
  const js = files.filter((f) => f.endsWith('.js'));
  const css = files.filter((f) => f.endsWith('.css'));
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const versions: Record<string, string> = {};
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    const installed = join(root, 'node_modules', name, 'package.json');
    if (existsSync(installed) && statSync(installed).isFile()) versions[name] = (JSON.parse(readFileSync(installed, 'utf8')) as { version: string }).version;
  }
  return {
    dist,
    jsGzip: js.reduce((sum, f) => sum + gzipSize(f), 0),
    jsFiles: js.length,
    cssGzip: css.reduce((sum, f) => sum + gzipSize(f), 0),
    versions,
  };
}
