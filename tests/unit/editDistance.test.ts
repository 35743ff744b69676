import { describe, expect, it } from 'vitest';
import { editDistance } from '../../src/validation/editDistance';
import { didYouMean, suggestion } from '../../src/pack/didYouMean';

describe('editDistance', () => {
  it.each([
    ['046448482', '046448482', 0],
    ['046448482', '046448488', 1],
    ['046448482', '04644848', 1],
    ['046448482', '146448492', 2],
    ['046448482', '999999999', 9],
    ['', 'abc', 3],
  ])('%s and %s are %i apart', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('didYouMean', () => {
  it('suggests a close name and nothing for a far one', () => {
    expect(didYouMean('covrage', ['coverage', 'map'])).toBe('coverage');
    expect(suggestion('exist', ['exists', 'equals'])).toBe('; did you mean "exists"?');
    expect(didYouMean('zzz', ['coverage', 'map'])).toBeUndefined();
  });

  it('suggests a name whose two neighbouring letters were swapped, even a short one', () => {
    expect(didYouMean('twons', ['towns', 'regions'])).toBe('towns');
    expect(suggestion('chanel', ['channel', 'code'])).toBe('; did you mean "channel"?');
    expect(didYouMean('nmae', ['name', 'code'])).toBe('name');
    expect(suggestion('same', ['same'])).toBe('');
  });
});
