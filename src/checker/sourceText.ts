import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { pointerSegments, toPointer } from '../pack/jsonPointer';

/** A place in a file, 1-based like an editor shows it. */
export interface SourcePosition {
  line: number;
  column: number;
}

/** A parsed JSON file that can say where any JSON Pointer sits in its text. */
export interface SourceText {
  value: unknown;
  /** What makes the text unreadable as a file of ours (JSON syntax, size, depth, duplicate keys, numbers and strings JSON cannot carry); with the pointer of the value, when one is to blame. */
  syntaxErrors: Array<{ position: SourcePosition; message: string; pointer?: string }>;
  /** Where a pointer's value is written; with `name`, where its property name is. */
  locate: (pointer: string, options?: { name?: boolean }) => SourcePosition;
}

const syntaxWords: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected a colon after the property name',
  CommaExpected: 'expected a comma between entries',
  CloseBraceExpected: 'expected "}" to close the object',
  CloseBracketExpected: 'expected "]" to close the list',
  EndOfFileExpected: 'unexpected text after the end of the document',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'a string is not closed with a double quote',
  UnexpectedEndOfNumber: 'malformed number',
  InvalidUnicode: 'malformed unicode escape',
  InvalidEscapeCharacter: 'invalid escape in a string',
  InvalidCharacter: 'invalid character in a string',
};

function positionAt(lineStarts: number[], offset: number): SourcePosition {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((lineStarts[mid] as number) <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - (lineStarts[low] as number) + 1 };
}

/** A journey, step or country file is nested 20 levels at most; the parsers recurse per level. */
export const MAX_DEPTH = 64;
/** A journey is about 100 KB; a file many times that is not one a person edits. */
export const MAX_CHARS = 5_000_000;

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;
/** The code unit of a `\uXXXX` escape at `at` (the backslash), or NaN. */
const escaped = (text: string, at: number) => (text[at] === '\\' && text[at + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6)) ? parseInt(text.slice(at + 2, at + 6), 16) : NaN);

/**
 * What must be refused before the text is parsed at all, found in one pass without recursion:
 * a size no editor's file has, nesting deeper than MAX_DEPTH (the parsers recurse per level, and
 * a file thousands of levels deep overflowed the stack), and half a character (a lone UTF-16
 * surrogate, written or escaped), which no JSON text can carry to another program intact.
 */
function shapeProblem(text: string): { offset: number; message: string } | undefined {
  if (text.length > MAX_CHARS) return { offset: 0, message: `the file has ${text.length.toLocaleString('en')} characters: at most ${MAX_CHARS.toLocaleString('en')} are read` };
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      let unit = code;
      let width = 1;
      if (code === 92) {
        unit = escaped(text, i);
        width = Number.isNaN(unit) ? 2 : 6;
      }
      if (code === 34) inString = false;
      else if (isHigh(unit)) {
        const next = text.charCodeAt(i + width) === 92 ? escaped(text, i + width) : text.charCodeAt(i + width);
        if (!isLow(next)) return { offset: i, message: 'half a character: a lone UTF-16 surrogate (\\uD800 to \\uDBFF must be followed by \\uDC00 to \\uDFFF); write the character itself' };
        width += text.charCodeAt(i + width) === 92 ? 6 : 1;
      } else if (isLow(unit)) return { offset: i, message: 'half a character: a lone UTF-16 surrogate (\\uDC00 to \\uDFFF without \\uD800 to \\uDBFF before it); write the character itself' };
      i += width - 1;
      continue;
    }
    if (code === 34) inString = true;
    else if (code === 123 || code === 91) {
      depth++;
      if (depth > MAX_DEPTH) return { offset: i, message: `nested more than ${MAX_DEPTH} levels deep here: a journey is nested about 20; look for brackets that do not close` };
    } else if (code === 125 || code === 93) depth--;
  }
  return undefined;
}

/**
 * What JSON.parse would take but silently change, found in the tree without recursion: a
 * property written twice in one object (JSON keeps the last, and the first is what an editor
 * shows), and a number too large to be one (`1e999` is Infinity, which JSON cannot write back).
 */
function valueProblems(tree: Node, lineOf: (offset: number) => number): Array<{ offset: number; message: string; pointer: string }> {
  const found: Array<{ offset: number; message: string; pointer: string }> = [];
  const stack: Array<{ node: Node; pointer: string }> = [{ node: tree, pointer: '' }];
  while (stack.length > 0 && found.length < 20) {
    const { node, pointer } = stack.pop() as { node: Node; pointer: string };
    if (node.type === 'number' && !Number.isFinite(node.value)) {
      found.push({ offset: node.offset, pointer, message: 'a number too large to be a number (it reads as Infinity, which JSON cannot write back)' });
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, index) => stack.push({ node: child, pointer: `${pointer}/${index}` }));
    } else if (node.type === 'object') {
      const seen = new Map<string, Node>();
      for (const property of node.children ?? []) {
        const [name, value] = property.children ?? [];
        if (!name || !value) continue;
        const key = String(name.value);
        const first = seen.get(key);
        if (first) found.push({ offset: property.offset, pointer: `${pointer}${toPointer([key])}`, message: `"${key}" is written twice in this object (first at line ${lineOf(first.offset)}): JSON keeps only the second; remove one` });
        else seen.set(key, property);
        stack.push({ node: value, pointer: `${pointer}${toPointer([key])}` });
      }
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/**
 * Parses JSON text strictly (no comments, no trailing commas) and keeps its syntax tree, so
 * that every problem can be reported at `file:line:column`. Text that no parser should be given
 * (too large, too deep, half characters) and values JSON would change (a key written twice, a
 * number too large) are refused as syntax is, at their place, and never reach the checks after.
 */
export function parseSourceText(text: string): SourceText {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const shape = shapeProblem(text);
  if (shape) return { value: undefined, syntaxErrors: [{ position: positionAt(lineStarts, shape.offset), message: shape.message }], locate: () => ({ line: 1, column: 1 }) };
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  // After the first syntax error the parser's guesses cascade; the first one is where to look.
  const syntaxErrors: SourceText['syntaxErrors'] = errors.slice(0, 1).map((e) => {
    const code = printParseErrorCode(e.error);
    const before = text.slice(0, e.offset).replace(/\s+$/, '');
    const after = text.slice(e.offset).trimStart();
    if (before.endsWith(',') && /^[}\]]/.test(after)) {
      return { position: positionAt(lineStarts, before.length - 1), message: 'JSON syntax: a comma before a closing bracket; remove it' };
    }
    // A missing comma is noticed at the next entry; show the end of the entry that needs it.
    const offset = code === 'CommaExpected' ? before.length : e.offset;
    return { position: positionAt(lineStarts, offset), message: `JSON syntax: ${syntaxWords[code] ?? code}` };
  });
  const changed = syntaxErrors.length === 0 && tree ? valueProblems(tree, (offset) => positionAt(lineStarts, offset).line) : [];
  for (const problem of changed) syntaxErrors.push({ position: positionAt(lineStarts, problem.offset), message: problem.message, pointer: problem.pointer });
  const value = syntaxErrors.length === 0 && tree ? JSON.parse(text) : undefined;

  const locate = (pointer: string, options: { name?: boolean } = {}): SourcePosition => {
    if (!tree) return { line: 1, column: 1 };
    // Walk down as far as the pointer exists; a missing property is reported at its parent.
    let node: Node = tree;
    for (const segment of pointerSegments(pointer)) {
      let child: Node | undefined;
      if (node.type === 'array') child = node.children?.[Number(segment)];
      else if (node.type === 'object') {
        const property = node.children?.find((p) => p.children?.[0]?.value === segment);
        child = property?.children?.[1];
      }
      if (!child) break;
      node = child;
    }
    // A plain value is shown where it is written (that is where the typo is); an object or a list
    // where its property name is, as an editor's outline shows it; with `name`, always the name.
    const container = node.type === 'object' || node.type === 'array';
    const offset = (container || options.name) && node.parent?.type === 'property' ? node.parent.offset : node.offset;
    return positionAt(lineStarts, offset);
  };
  return { value, syntaxErrors, locate };
}
