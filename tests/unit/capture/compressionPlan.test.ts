import { describe, expect, it } from 'vitest';
import { accepts, jpegName, planCompression } from '../../../src/screens/capture/compressionPlan';

const MB = 1024 * 1024;
const id = { maxBytes: 2 * MB, maxDimension: 2048 };
const document = { maxBytes: MB / 2, maxDimension: 1600 };

describe('planCompression', () => {
  it.each([
    ['a JPEG within the limit goes as it is', { name: 'dui.jpg', type: 'image/jpeg', size: 2 * MB }, id, 'image/*', { action: 'send', name: 'dui.jpg' }],
    ['a PNG within the limit goes as it is (the QR stays as sharp as taken)', { name: 'dui.png', type: 'image/png', size: 15_000 }, id, 'image/*', { action: 'send', name: 'dui.png' }],
    ['a JPEG one byte over is compressed', { name: 'dui.jpg', type: 'image/jpeg', size: 2 * MB + 1 }, id, 'image/*', { action: 'compress', name: 'dui.jpg' }],
    ['a big PNG is compressed to a JPEG', { name: 'recibo.png', type: 'image/png', size: 3 * MB }, document, 'image/*', { action: 'compress', name: 'recibo.jpg' }],
    ['a small WebP is compressed: the provider takes JPEG or PNG', { name: 'foto.webp', type: 'image/webp', size: 40_000 }, document, 'image/*', { action: 'compress', name: 'foto.jpg' }],
    ['a HEIC from an iPhone is compressed to a JPEG', { name: 'IMG_0001.HEIC', type: 'image/heic', size: 1_500_000 }, id, 'image/*', { action: 'compress', name: 'IMG_0001.jpg' }],
    ['a small PDF goes as it is where the step takes PDFs', { name: 'constancia.pdf', type: 'application/pdf', size: 300_000 }, document, 'image/*,application/pdf', { action: 'send', name: 'constancia.pdf' }],
  ] as const)('%s', (_, file, limits, accept, plan) => {
    expect(planCompression(file, limits, accept)).toEqual(plan);
  });

  it('refuses a PDF over the limit, saying both sizes: a PDF cannot be compressed here', () => {
    expect(planCompression({ name: 'estado.pdf', type: 'application/pdf', size: 1.2 * MB }, document, 'image/*,application/pdf')).toEqual({
      action: 'refuse',
      message: 'El PDF pesa 1.2 MB y el máximo es 512 kB: toma una foto del documento.',
    });
  });

  it('refuses what the step does not take, naming what it does', () => {
    expect(planCompression({ name: 'recibo.pdf', type: 'application/pdf', size: 1000 }, document, 'image/*')).toEqual({
      action: 'refuse',
      message: 'Este tipo de archivo no se puede subir: elige una foto.',
    });
    expect(planCompression({ name: 'notas.txt', type: 'text/plain', size: 10 }, document, 'image/*,application/pdf')).toMatchObject({
      message: 'Este tipo de archivo no se puede subir: elige una foto o un PDF.',
    });
    // A file the phone cannot type (no MIME type) is not guessed at.
    expect(planCompression({ name: 'archivo', type: '', size: 10 }, document, 'image/*')).toMatchObject({ action: 'refuse' });
  });

  it('refuses an empty file', () => {
    expect(planCompression({ name: 'dui.jpg', type: 'image/jpeg', size: 0 }, id, 'image/*')).toEqual({ action: 'refuse', message: 'El archivo está vacío: elige otro.' });
  });
});

describe('accepts', () => {
  it('reads an accept list as the browser does: exact types and type/* families, any case', () => {
    expect(accepts('image/*', 'image/jpeg')).toBe(true);
    expect(accepts('image/*, application/pdf', 'application/pdf')).toBe(true);
    expect(accepts('image/png', 'IMAGE/PNG')).toBe(true);
    expect(accepts('image/*', 'application/pdf')).toBe(false);
    expect(accepts('image/png', 'image/jpeg')).toBe(false);
  });
});

describe('jpegName', () => {
  it.each([
    ['dui.png', 'dui.jpg'],
    ['IMG_0001.HEIC', 'IMG_0001.jpg'],
    ['recibo.luz.webp', 'recibo.luz.jpg'],
    ['sin-extension', 'sin-extension.jpg'],
    ['.png', 'foto.jpg'],
    ['', 'foto.jpg'],
  ])('%s is uploaded as %s', (name, expected) => {
    expect(jpegName(name)).toBe(expected);
  });
});
