import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fitsShape, shapeMismatch } from '../../src/pack/answerShape';
import { coverageAreasAnswer, imageUploadAnswer, photoCaptureAnswer, providerSelectAnswer } from '../../src/pack/widgetAnswers';
import { pinKeyAnswer, publishedKeysAnswer } from '../../src/api/publishedKeys';
import { callForAnswer } from '../../src/screens/widgetCall';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';

// What the country-neutral widgets (and the PIN sealer) read of an answer, against what the
// sandbox really answers for SV's operations that the step files name; and what a widget is told
// when a provider answers otherwise.
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox();
  expect((await sandbox.signIn()).ok).toBe(true);
});
afterAll(() => sandbox.close());

const photo = (name: string) => new Blob([readFileSync(`tests/fixtures/ids/${name}`)], { type: 'image/png' });

describe('the answers widgets read, as the sandbox gives them', () => {
  it.each([
    ['departments', {}],
    ['city', { deparment: 'San Salvador' }],
    ['suburb', { department: 'San Salvador', city: 'San Salvador' }],
  ] as const)('%s gives a provider select its options', async (operationId, input) => {
    const outcome = await sandbox.api.call(operationId, input);
    expect(outcome.ok && fitsShape(providerSelectAnswer, outcome.data)).toBe(true);
  });

  it('coverageAreas gives the map its areas', async () => {
    const outcome = await sandbox.api.call('coverageAreas');
    expect(outcome.ok && fitsShape(coverageAreasAnswer, outcome.data)).toBe(true);
  });

  it('frontIdUpload gives the uploads where the image is, and rearIdRecognition the photo capture its reading', async () => {
    const front = await sandbox.api.call('frontIdUpload', { region: 'SV', files: [{ field: 'file', blob: photo('ana-perez-front.png'), name: 'front.png' }] });
    expect(front.ok && fitsShape(imageUploadAnswer, front.data) && fitsShape(photoCaptureAnswer, front.data)).toBe(true);
    const rear = await sandbox.api.call('rearIdRecognition', { region: 'SV', files: [{ field: 'file', blob: photo('ana-perez-rear.png'), name: 'rear.png' }] });
    expect(rear.ok && fitsShape(photoCaptureAnswer, rear.data)).toBe(true);
    expect(rear.ok && fitsShape(imageUploadAnswer, rear.data)).toBe(false);
  });

  it('publicKey gives the PIN sealer and the call signer their keys', async () => {
    const outcome = await sandbox.api.call('publicKey');
    expect(outcome.ok && fitsShape(pinKeyAnswer, outcome.data) && fitsShape(publishedKeysAnswer, outcome.data)).toBe(true);
  });
});

describe('an answer that breaks the spec', () => {
  it('is told apart: the agent sees the generic message, the console the call and the place, never the values', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const broken = async () => ({ ok: true as const, data: { cities: [{ name: 'Ana Pérez', code: 7 }] } });
      const outcome = await callForAnswer(broken, { operation: 'city' }, {}, providerSelectAnswer);
      expect(outcome).toEqual({ ok: false, error: { kind: 'contract', status: 200, message: 'Algo salió mal, por favor intente después de algún tiempo.', operationId: 'city' } });
      expect(errors).toHaveBeenCalledTimes(1);
      const logged = String(errors.mock.calls[0]?.[0]);
      expect(logged).toContain('city answered what a provider select (its options) cannot read');
      expect(logged).toContain('/cities/0/code');
      expect(logged).not.toContain('Ana');
    } finally {
      errors.mockRestore();
    }
  });

  it('names where it leaves the shape', () => {
    expect(shapeMismatch(coverageAreasAnswer.schema, { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] } }] })).toBe(
      'at /features/0/geometry/type: not "Polygon"; or at /features/0/geometry/type: not "MultiPolygon"',
    );
    expect(shapeMismatch(imageUploadAnswer.schema, { Payload: { fileName: 'a.png' } })).toBe('at /Payload: no "imageUrl"');
    expect(shapeMismatch(providerSelectAnswer.schema, [{ name: 'San Salvador' }])).toBeUndefined();
  });
});
