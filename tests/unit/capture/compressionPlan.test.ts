import { describe, expect, it } from 'vitest';
import { accepts, jpegName, pdfName, planCompression } from '../../../src/screens/capture/compressionPlan';
import { signatureOf } from '../../../src/screens/capture/fileSignature';

const MB = 1024 * 1024;
const id = { maxBytes: 2 * MB, maxDimension: 2048 };
const document = { maxBytes: MB / 2, maxDimension: 1600 };

const PDF = 'image/*,application/pdf';

describe('planCompression', () => {
  it.each([
    ['a JPEG within the limit goes as it is', { name: 'dui.jpg', type: 'image/jpeg', size: 2 * MB }, id, 'image/*', 'jpeg', { action: 'send', name: 'dui.jpg', type: 'image/jpeg' }],
    ['a PNG within the limit goes as it is (the QR stays as sharp as taken)', { name: 'dui.png', type: 'image/png', size: 15_000 }, id, 'image/*', 'png', { action: 'send', name: 'dui.png', type: 'image/png' }],
    ['a JPEG one byte over is compressed', { name: 'dui.jpg', type: 'image/jpeg', size: 2 * MB + 1 }, id, 'image/*', 'jpeg', { action: 'compress', name: 'dui.jpg' }],
    ['a big PNG is compressed to a JPEG', { name: 'recibo.png', type: 'image/png', size: 3 * MB }, document, 'image/*', 'png', { action: 'compress', name: 'recibo.jpg' }],
    ['a small WebP is compressed: the provider takes JPEG or PNG', { name: 'foto.webp', type: 'image/webp', size: 40_000 }, document, 'image/*', 'image', { action: 'compress', name: 'foto.jpg' }],
    ['a HEIC from an iPhone is compressed to a JPEG', { name: 'IMG_0001.HEIC', type: 'image/heic', size: 1_500_000 }, id, 'image/*', 'image', { action: 'compress', name: 'IMG_0001.jpg' }],
    ['an image whose bytes name no format the browser calls an image is left to the decoder', { name: 'foto.jxl', type: 'image/jxl', size: 40_000 }, document, 'image/*', undefined, { action: 'compress', name: 'foto.jpg' }],
    ['a small PDF goes as it is where the step takes PDFs', { name: 'constancia.pdf', type: 'application/pdf', size: 300_000 }, document, PDF, 'pdf', { action: 'send', name: 'constancia.pdf', type: 'application/pdf' }],
    ['a PDF the phone did not type is a PDF by its bytes, named so', { name: 'escaneo', type: 'application/octet-stream', size: 300_000 }, document, PDF, 'pdf', { action: 'send', name: 'escaneo.pdf', type: 'application/pdf' }],
    ['a JPEG with a PDF\'s name is a photo by its bytes', { name: 'recibo.pdf', type: 'application/pdf', size: 300_000 }, document, PDF, 'jpeg', { action: 'send', name: 'recibo.pdf', type: 'image/jpeg' }],
  ] as const)('%s', (_, file, limits, accept, signature, plan) => {
    expect(planCompression(file, limits, accept, signature)).toEqual(plan);
  });

  it('refuses a PDF over the limit, saying both sizes: a PDF cannot be compressed here', () => {
    expect(planCompression({ name: 'estado.pdf', type: 'application/pdf', size: 1.2 * MB }, document, PDF, 'pdf')).toEqual({
      action: 'refuse',
      message: 'El PDF pesa 1.2 MB y el máximo es 512 kB: elige uno más liviano o toma una foto del documento.',
    });
  });

  it('refuses what the step does not take, naming what it does', () => {
    expect(planCompression({ name: 'recibo.pdf', type: 'application/pdf', size: 1000 }, document, 'image/*', 'pdf')).toEqual({
      action: 'refuse',
      message: 'Este tipo de archivo no se puede subir: elige una foto.',
    });
    expect(planCompression({ name: 'notas.txt', type: 'text/plain', size: 10 }, document, PDF, undefined)).toEqual({ action: 'refuse', message: 'El archivo debe ser una imagen o un PDF.' });
    // A file the phone cannot type (no MIME type) whose bytes say nothing is not guessed at.
    expect(planCompression({ name: 'archivo', type: '', size: 10 }, document, 'image/*', undefined)).toMatchObject({ action: 'refuse' });
  });

  it('refuses a page named .pdf and typed application/pdf: its bytes are not a PDF', () => {
    expect(planCompression({ name: 'recibo.pdf', type: 'application/pdf', size: 1000 }, document, PDF, undefined)).toEqual({ action: 'refuse', message: 'El archivo debe ser una imagen o un PDF.' });
  });

  it('refuses an empty file', () => {
    expect(planCompression({ name: 'dui.jpg', type: 'image/jpeg', size: 0 }, id, 'image/*', undefined)).toEqual({ action: 'refuse', message: 'El archivo está vacío: elige otro.' });
  });
});

describe('signatureOf', () => {
  const bytes = (...parts: Array<string | number[]>) => new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
  it.each([
    ['a PDF', bytes('%PDF-1.4\n%'), 'pdf'],
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'jpeg'],
    ['a PNG', bytes([0x89], 'PNG\r\n', [0x1a, 0x0a]), 'png'],
    ['a WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image'],
    ['a HEIC', bytes([0, 0, 0, 0x18], 'ftypheic'), 'image'],
    ['an HTML page', bytes('<!doctype html>'), undefined],
    ['a PDF signature after other bytes', bytes(' %PDF-1.4'), undefined],
    ['text', bytes('hola'), undefined],
  ] as const)('%s', (_, head, signature) => {
    expect(signatureOf(head)).toBe(signature);
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

describe('pdfName', () => {
  it.each([
    ['patente.pdf', 'patente.pdf'],
    ['RTU.PDF', 'RTU.PDF'],
    ['escaneo', 'escaneo.pdf'],
    ['recibo.jpg', 'recibo.pdf'],
    ['', 'documento.pdf'],
  ])('%s is uploaded as %s', (name, expected) => {
    expect(pdfName(name)).toBe(expected);
  });
});
