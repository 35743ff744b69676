import { describe, expect, it } from 'vitest';
import { checkJourney } from '../../src/checker/checkJourney';
import { MAX_CHARS, MAX_DEPTH, parseSourceText } from '../../src/checker/sourceText';

// What the checkers refuse before or instead of reading a file: never a crash, always a place.
describe('a file the checkers refuse as unreadable', () => {
  it('a file nested thousands of levels deep gets one located problem, not a stack overflow', () => {
    for (const depth of [5_000, 20_000, 200_000]) {
      const text = `{"context": ${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const source = parseSourceText(text);
      expect(source.value).toBeUndefined();
      // The outer object is the first level: the 64th bracket is the 65th level.
      expect(source.syntaxErrors).toEqual([{ position: { line: 1, column: 12 + MAX_DEPTH }, message: expect.stringContaining(`nested more than ${MAX_DEPTH} levels deep`) }]);
    }
    // The journey checker says so, and stops there.
    const check = checkJourney('deep.json', `{\n  "id": "x",\n  "context": ${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}\n}`, () => []);
    expect(check.problems).toEqual([expect.objectContaining({ file: 'deep.json', line: 3, message: expect.stringContaining('levels deep') })]);
  });

  it('a property written twice is refused at the second, with its pointer and the first one\'s line', () => {
    const source = parseSourceText('{\n  "states": {\n    "a": {"type": "final"},\n    "a": {"on": {}}\n  }\n}');
    expect(source.value).toBeUndefined();
    expect(source.syntaxErrors).toEqual([{ position: { line: 4, column: 5 }, pointer: '/states/a', message: '"a" is written twice in this object (first at line 3): JSON keeps only the second; remove one' }]);
  });

  it('a number too large to be one (1e999 is Infinity) is refused where it is written', () => {
    const source = parseSourceText('{"meta": {"example": [1, 1e999]}}');
    expect(source.syntaxErrors).toEqual([{ position: { line: 1, column: 26 }, pointer: '/meta/example/1', message: expect.stringContaining('Infinity') }]);
  });

  it('half a character (a lone surrogate, escaped or written) is refused; a whole one passes', () => {
    expect(parseSourceText('{"title": "a\\uD800b"}').syntaxErrors).toEqual([{ position: { line: 1, column: 13 }, message: expect.stringContaining('lone UTF-16 surrogate') }]);
    expect(parseSourceText('{"title": "\\uDC00"}').syntaxErrors[0]?.message).toContain('lone UTF-16 surrogate');
    expect(parseSourceText(`{"title": "a${String.fromCharCode(0xd83d)}"}`).syntaxErrors[0]?.message).toContain('lone UTF-16 surrogate');
    for (const whole of ['{"title": "\\uD83D\\uDE00"}', '{"title": "😀 ñ \\\\uD800 \\" x"}']) {
      const source = parseSourceText(whole);
      expect(source.syntaxErrors).toEqual([]);
      expect(source.value).toEqual(JSON.parse(whole));
    }
  });

  it('a file larger than any journey is refused at its start without being parsed', () => {
    const source = parseSourceText(`{"x": "${'a'.repeat(MAX_CHARS)}"}`);
    expect(source.syntaxErrors).toEqual([{ position: { line: 1, column: 1 }, message: expect.stringContaining('characters: at most') }]);
  });
});
