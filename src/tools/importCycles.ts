/**
 * Import cycles among a tree's TypeScript files (`npm run lint`): the files that import one
 * another in a circle, each circle once. It replaced ESLint's `import/no-cycle`, which took 85 of
 * lint's 100 s (it parses every imported file again, per file linted); this reads each file once.
 * As that rule did, a type-only import is no edge (it leaves nothing in the built code), and
 * `import()` and `export … from` are.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The file a relative specifier names, as TypeScript's bundler resolution finds it (extension or index left out). */
function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const tried = [base, ...['.ts', '.tsx'].map((ext) => base + ext), ...['index.ts', 'index.tsx'].map((index) => join(base, index))];
  return tried.find((path) => /\.tsx?$/.test(path) && existsSync(path) && statSync(path).isFile());
}

/** Whether an import or export brings in a value (not `import type`, nor every name of it a `type`). */
function bringsValue(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return !node.isTypeOnly && !(node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.length > 0 && node.exportClause.elements.every((e) => e.isTypeOnly));
  const clause = node.importClause;
  if (!clause) return true; // `import './x'`: run for its effects
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  return !bindings || ts.isNamespaceImport(bindings) || bindings.elements.length === 0 || bindings.elements.some((e) => !e.isTypeOnly);
}

/** The files `file` imports values from (static, re-exported and `import()`ed). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (bringsValue(node)) specifiers.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) specifiers.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.map((specifier) => resolved(file, specifier)).filter((path): path is string => path !== undefined);
}

/**
 * The circles among `files` (absolute or relative to `root`), each as the files in it, sorted and
 * relative to `root`: the strongly connected components of the import graph with more than one
 * file, or of one that imports itself (Tarjan's algorithm).
 */
export function importCycles(files: string[], root = process.cwd()): string[][] {
  const edges = new Map(files.map((file) => [resolve(root, file), valueImports(resolve(root, file))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!edges.has(next)) continue; // outside the files asked about
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = top === file ? undefined : stack.pop()) {
      onStack.delete(top);
      component.push(top);
    }
    if (component.length > 1 || edges.get(file)?.includes(file)) cycles.push(component.map((path) => relative(root, path)).sort());
  };
  for (const file of edges.keys()) if (!index.has(file)) connect(file);
  return cycles;
}
