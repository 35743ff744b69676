import type { PointGroup } from 'signature_pad';

/**
 * The strokes of a signature drawn on a canvas `factor` times narrower or wider than now (a phone
 * turned, a window resized): every point moves with the canvas, so the signature keeps its place
 * and shape. The pen's width stays as it was. The canvas keeps its aspect ratio, so one factor
 * serves both axes.
 *
 * @example
 * scaleSignature(pad.toData(), newWidth / oldWidth)
 */
export function scaleSignature(groups: PointGroup[], factor: number): PointGroup[] {
  if (factor === 1 || !Number.isFinite(factor) || factor <= 0) return groups;
  return groups.map((group) => ({ ...group, points: group.points.map((point) => ({ ...point, x: point.x * factor, y: point.y * factor })) }));
}
