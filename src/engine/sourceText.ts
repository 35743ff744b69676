import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { pointerSegments } from './jsonPointer';

/** A place in a file, 1-based like an editor shows it. */
export interface SourcePosition {
  line: number;
  column: number;
}

/** A parsed JSON file that can say where any JSON Pointer sits in its text. */
export interface SourceText {
  value: unknown;
  syntaxErrors: Array<{ position: SourcePosition; message: string }>;
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

/**
 * Parses JSON text strictly (no comments, no trailing commas) and keeps its syntax tree, so
 * that every problem can be reported at `file:line:column`.
 */
export function parseSourceText(text: string): SourceText {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  // After the first syntax error the parser's guesses cascade; the first one is where to look.
  const syntaxErrors = errors.slice(0, 1).map((e) => {
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
