import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * A folder of generated files written as a whole, without ever being empty: a file is written
 * only when its text changed, and what the new set no longer has is removed after. A dev
 * server (the app, the studio) watching the folder while a test run or `npm install`
 * regenerates it never sees a file missing, nor a reload for files that did not change.
 */
export function generatedFolder(root: string) {
  const kept = new Set<string>();
  return {
    /** Writes one file of the set (its folders made), unless it already holds that text. */
    write(file: string, text: string) {
      kept.add(relative(root, file));
      if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    },
    /** Removes the files of the folder not written in this set. */
    prune() {
      const visit = (dir: string) => {
        if (!existsSync(dir)) return;
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) {
            visit(path);
            if (readdirSync(path).length === 0) rmSync(path, { recursive: true, force: true });
          } else if (!kept.has(relative(root, path))) rmSync(path, { force: true });
        }
      };
      visit(root);
    },
  };
}
