import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CountryFile } from '../../../src/pack/countryFile';
import { captureOptions, isMobileDevice } from '../../../src/screens/capture/captureOptions';

describe('captureOptions', () => {
  it("reads a step's limits, accepted types and camera", () => {
    expect(captureOptions({ maxBytes: 524288, maxDimension: 1600, accept: 'image/*', capture: 'environment' })).toEqual({
      limits: { maxBytes: 524288, maxDimension: 1600 },
      accept: 'image/*',
      camera: true,
    });
  });

  it("gives a step that names no limit the ID photo's (spec 5: 2 MB), photos only and no camera", () => {
    expect(captureOptions({})).toEqual({ limits: { maxBytes: 2 * 1024 * 1024, maxDimension: 2048 }, accept: 'image/*', camera: false });
    expect(captureOptions({ maxBytes: -1, maxDimension: 'big', accept: ' ', capture: 'user' })).toEqual(captureOptions({}));
  });

  it("gives Honduras's photos its country file's limits (spec 5: 1 MB, longest side 1024 on a phone, 2520 elsewhere)", () => {
    const { images } = JSON.parse(readFileSync('countries/hn.json', 'utf8')) as CountryFile;
    expect(captureOptions({}, images, true).limits).toEqual({ maxBytes: 1024 * 1024, maxDimension: 1024 });
    expect(captureOptions({}, images, false).limits).toEqual({ maxBytes: 1024 * 1024, maxDimension: 2520 });
  });
});

describe('isMobileDevice', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; SM-A155M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36', true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', true],
    ['Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15', true],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0 Safari/537.36', false],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36', false],
  ])('%s → %s', (userAgent, mobile) => {
    expect(isMobileDevice(userAgent)).toBe(mobile);
  });
});
