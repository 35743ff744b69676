import { images } from 'virtual:country';
import type { CountryFile } from '../../pack/countryFile';
import type { CaptureLimits } from './compressionPlan';

/** How a capture widget is set up by its step file's `ui:options`. */
export interface CaptureOptions {
  limits: CaptureLimits;
  /** The file types offered and taken (an `accept` list). */
  accept: string;
  /** Whether to offer the camera (`capture: "environment"`: the back camera). */
  camera: boolean;
}

const MB = 1024 * 1024;

const positive = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

/**
 * Reads a capture step's `ui:options`: `maxBytes` (spec 5: 2 MB for ID photos, 0.5 MB for
 * documents), `maxDimension` (the photo's longest side in pixels), `accept`, `capture`. A step that
 * names no limit gets its country's (the country file's `images`): the ID photo's size, and the
 * longest side for a phone or for another device, as this one is.
 */
export function captureOptions(
  options: Record<string, unknown>,
  country: CountryFile['images'] = images,
  phone = typeof navigator !== 'undefined' && isMobileDevice(navigator.userAgent),
): CaptureOptions {
  const longestSide = phone ? country.longestSide.phone : country.longestSide.other;
  return {
    limits: { maxBytes: positive(options.maxBytes) ?? Math.round(country.idPhotoMB * MB), maxDimension: positive(options.maxDimension) ?? longestSide },
    accept: typeof options.accept === 'string' && options.accept.trim() !== '' ? options.accept : 'image/*',
    camera: options.capture === 'environment',
  };
}

/** A phone or tablet, as the spec tells them apart (section 3, capture status): iPhone, iPad, iPod, Android. */
export function isMobileDevice(userAgent: string): boolean {
  return /iPhone|iPad|iPod|Android/i.test(userAgent);
}
