/**
 * The actors a journey may invoke, by name. Provider calls are `api.<operationId>`, one per
 * operation of the journey's country's provider API (its OpenAPI, `openapi/<cc>/`, read by the
 * scripts and handed in: the engine names no country and no operation); device capabilities are
 * `device.<capability>`, the same in every country. The api layer and the shell supply the
 * implementations with `machine.provide({ actors })`; until they do, invoking one fails with a
 * clear error instead of hanging.
 */
export const deviceActors = {
  'device.location': 'the device position (needs the location permission)',
} as const;

/** The prefix of a provider call's actor name: `api.<operationId>`. */
export const API_ACTOR_PREFIX = 'api.';

/**
 * Every actor a journey of a country may invoke, given its provider operations' ids.
 *
 * @example
 * countryActorNames(['plans', 'planCost']) // ['api.plans', 'api.planCost', 'device.location']
 */
export function countryActorNames(operationIds: Iterable<string>): string[] {
  return [...[...operationIds].map((id) => `${API_ACTOR_PREFIX}${id}`), ...Object.keys(deviceActors)];
}
