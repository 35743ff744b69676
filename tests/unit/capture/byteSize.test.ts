import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../src/screens/capture/byteSize';

describe('formatBytes', () => {
  it.each([
    [2 * 1024 * 1024, '2 MB'],
    [5_404_590, '5.2 MB'],
    [524_288, '512 kB'],
    [426_620, '417 kB'],
    [1_048_575, '1 MB'],
    [1_047_552, '1,023 kB'],
    [300, '1 kB'],
  ])('%i bytes read as %s (binary units, as the spec’s limits; es-SV writes a decimal point)', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
