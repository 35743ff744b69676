/** The TypeScript files of a tree, as the repository's checks read them (function lengths, import cycles). */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Folders no check reads: generated code, installed packages, build output. */
const SKIPPED = new Set(['node_modules', 'dist', 'coverage', 'generated', '.git']);

/** The TypeScript files under `folder` (no declaration files), the skipped folders and the folders `except` left out. */
export function typeScriptFiles(folder: string, except: string[] = []): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return SKIPPED.has(name) || except.includes(path) ? [] : typeScriptFiles(path, except);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}
