import journeySchema from '../../schemas/journey.schema.json' with { type: 'json' };
import { journey as validate } from './generated/validators.js';
import type { Problem } from './problem';
import { knownProperties, schemaProblems, type SchemaWords } from './schemaProblems';

/** Plain words for the patterns of the journey meta-schema, by where they sit in it. */
const vocabulary: SchemaWords = {
  propertyNames: knownProperties(journeySchema),
  patterns: [
    [/eventName/, 'event names are dotted words, like "step.submit" or "menu.newClient"'],
    [/stateKey/, 'state names are letters, digits and "_", starting with a letter'],
    [/route|aliases/, 'a route starts with "/" and has no spaces, "?" or "#"'],
    [/progress/, 'progress is "auto" or "n/N", like "3/12"'],
    [/params\/additionalProperties|input/, 'a pointer starts with "/context" (or "/event" where the event is read)'],
    [/src/, 'an actor is named "api.<operationId>" or "device.<capability>"'],
    [/after\/propertyNames/, 'a delay is a number of milliseconds'],
    [/\/id\/pattern/, 'an id is letters, digits, "-" and "_" (journey ids: country code in lower case)'],
    [/step\/pattern/, 'a step screen is named in camelCase, like "clientInformation"'],
    [/stepMeta\/properties\/data/, 'a step\'s data is a pointer starting with "/context", or false when it is not kept'],
    [/journeyMeta\/properties\/context/, 'meta.context is keyed by pointers into the journey\'s data, starting with "/context/"'],
    [/country\/pattern/, 'a country is its two-letter ISO 3166 code in capitals (the name of its country file, in capitals)'],
  ],
};

/** Checks a parsed journey against `schemas/journey.schema.json` (precompiled, all errors at once). */
export function validateJourneySchema(value: unknown): Problem[] {
  if (validate(value)) return [];
  return schemaProblems(validate.errors ?? [], vocabulary);
}
