/**
 * What the journey sees of a failed call or capability at `/event/error` (src/api/apiError.ts
 * gives more, for the shell's own use): the data checks give a kept failure this shape, and a
 * pointer below `/event/error` must name one of its keys.
 */
export const FAILURE_SCHEMA = {
  type: 'object',
  properties: { status: { type: 'number' }, message: { type: 'string' }, code: { type: 'string' } },
} as const;
