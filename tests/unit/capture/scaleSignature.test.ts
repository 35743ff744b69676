import type { PointGroup } from 'signature_pad';
import { describe, expect, it } from 'vitest';
import { scaleSignature } from '../../../src/screens/capture/scaleSignature';

const stroke = (points: Array<[number, number]>): PointGroup => ({
  dotSize: 0,
  minWidth: 0.5,
  maxWidth: 2.5,
  penColor: 'black',
  velocityFilterWeight: 0.7,
  compositeOperation: 'source-over',
  points: points.map(([x, y], i) => ({ x, y, pressure: 0.5, time: 1000 + i * 16 })),
});

describe('scaleSignature', () => {
  it('moves every point with the canvas, keeping the pen, the pressure and the timing', () => {
    const before = [stroke([[10, 20], [30, 40]]), stroke([[5, 5]])];
    const after = scaleSignature(before, 2);
    expect(after.map((g) => g.points.map((p) => [p.x, p.y]))).toEqual([[[20, 40], [60, 80]], [[10, 10]]]);
    expect(after[0]?.maxWidth).toBe(2.5);
    expect(after[0]?.points[1]).toMatchObject({ pressure: 0.5, time: 1016 });
    // The strokes given are not changed: the pad keeps its own until it is drawn again.
    expect(before[0]?.points[0]).toMatchObject({ x: 10, y: 20 });
  });

  it('leaves the strokes as they are for no change or a size that makes no sense (a hidden canvas)', () => {
    const strokes = [stroke([[1, 2]])];
    for (const factor of [1, 0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(scaleSignature(strokes, factor)).toBe(strokes);
  });
});
