import type { ErrorObject } from 'ajv';
import journeySchema from '../../schemas/journey.schema.json' with { type: 'json' };
import { journey as validate } from './generated/validators.js';
import { suggestion } from './didYouMean';
import type { Problem } from './problem';

const typeWords: Record<string, string> = {
  string: 'text in double quotes',
  boolean: 'true or false',
  object: 'an object { ... }',
  array: 'a list [ ... ]',
  number: 'a number',
  integer: 'a whole number',
};

/** Plain words for the patterns of the meta-schema, by where they sit in it. */
const patternWords: Array<[RegExp, string]> = [
  [/eventName/, 'event names are dotted words, like "step.submit" or "menu.newClient"'],
  [/stateKey/, 'state names are letters, digits and "_", starting with a letter'],
  [/route|aliases/, 'a route starts with "/" and has no spaces, "?" or "#"'],
  [/progress/, 'progress is "auto" or "n/N", like "3/12"'],
  [/params\/additionalProperties|input/, 'a pointer starts with "/context" (or "/event" where the event is read)'],
  [/src/, 'an actor is named "api.<operationId>" or "device.<capability>"'],
  [/after\/propertyNames/, 'a delay is a number of milliseconds'],
  [/\/id\/pattern/, 'an id is letters, digits, "-" and "_" (journey ids: country code in lower case)'],
  [/step\/pattern/, 'a step screen is named in camelCase, like "clientInformation"'],
];

/** Every property name the meta-schema knows, to suggest one when a name is misspelt. */
function knownProperties(schema: unknown, into = new Set<string>()): Set<string> {
  if (schema && typeof schema === 'object') {
    const record = schema as Record<string, unknown>;
    if (record.properties && typeof record.properties === 'object') {
      for (const key of Object.keys(record.properties)) into.add(key);
    }
    for (const value of Object.values(record)) knownProperties(value, into);
  }
  return into;
}

const propertyNames = knownProperties(journeySchema);

function words(error: ErrorObject): Problem {
  const at = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { pointer: at, message: `missing "${String(params.missingProperty)}"` };
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(params.additionalProperty ?? params.unevaluatedProperty);
      return {
        pointer: `${at}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        message: `unknown property "${name}"${suggestion(name, propertyNames)}`,
        atName: true,
      };
    }
    case 'enum':
      return {
        pointer: at,
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'type':
      return { pointer: at, message: `must be ${typeWords[String(params.type)] ?? String(params.type)}` };
    case 'pattern': {
      const plain = patternWords.find(([where]) => where.test(error.schemaPath))?.[1];
      return { pointer: at, message: plain ?? `has the wrong form (expected to match ${String(params.pattern)})` };
    }
    case 'propertyNames':
      return { pointer: `${at}/${String(params.propertyName)}`, message: `"${String(params.propertyName)}" is not a valid name here` };
    case 'minLength':
      return { pointer: at, message: 'must not be empty' };
    case 'minItems':
      return { pointer: at, message: `must have at least ${String(params.limit)} entries` };
    default:
      return { pointer: at, message: error.message ?? 'is not valid here' };
  }
}

/**
 * Checks a parsed journey against `schemas/journey.schema.json`. Of ajv's errors it keeps the
 * ones that say what is wrong: where a value could take several shapes (a target, an object or
 * a list) the errors of the shapes it plainly is not are dropped.
 */
export function validateJourneySchema(value: unknown): Problem[] {
  // Precompiled by scripts/buildValidators.ts with allErrors, so every mistake is reported at once.
  if (validate(value)) return [];
  const errors = validate.errors ?? [];
  const combinators = new Set(['anyOf', 'oneOf', 'if', 'not']);
  const deeper = (path: string) => errors.some((e) => !combinators.has(e.keyword) && e.keyword !== 'type' && (e.instancePath === path || e.instancePath.startsWith(path + '/')));
  const kept = errors.filter((e) => {
    if (combinators.has(e.keyword)) return !errors.some((o) => !combinators.has(o.keyword) && o.instancePath.startsWith(e.instancePath));
    if (e.keyword === 'type') return !deeper(e.instancePath);
    // When anything inside a state fails, the state's other properties are reported as
    // unevaluated too: drop those echoes, keep names the schema does not know anywhere.
    if (e.keyword === 'unevaluatedProperties') {
      const name = String((e.params as Record<string, unknown>).unevaluatedProperty);
      const failsInside = errors.some((o) => !combinators.has(o.keyword) && o.instancePath.startsWith(e.instancePath + '/'));
      return !failsInside || !propertyNames.has(name);
    }
    // propertyNames reports twice: once for the name (kept) and once as a pattern at the parent.
    if (e.keyword === 'pattern' && errors.some((o) => o.keyword === 'propertyNames' && o.instancePath === e.instancePath)) return false;
    return true;
  });
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const error of kept.length > 0 ? kept : errors) {
    const problem = words(error);
    const key = `${problem.pointer}|${problem.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  }
  // Several type errors at one place (a transition that is neither text nor object) say one thing.
  return problems.filter((p, i) => !(p.message.startsWith('must be ') && problems.findIndex((q) => q.pointer === p.pointer && q.message.startsWith('must be ')) !== i));
}
