/** Function lengths of a tree's TypeScript, for the rule that no function there runs over 60 lines. */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { typeScriptFiles } from './typeScriptFiles';

export interface FunctionLength {
  file: string;
  line: number;
  name: string;
  lines: number;
}

/** What a reader would call the function: its own name, or the name it is given. */
function functionName(node: ts.FunctionLikeDeclaration): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

function lengthsIn(file: string, root: string): FunctionLength[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FunctionLength[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file: relative(root, file), line: start + 1, name: functionName(node as ts.FunctionLikeDeclaration), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every function under the folders, longest first. */
export function longestFunctions(folders: string[], root = process.cwd()): FunctionLength[] {
  return folders
    .flatMap((folder) => typeScriptFiles(join(root, folder)).flatMap((file) => lengthsIn(file, root)))
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}
