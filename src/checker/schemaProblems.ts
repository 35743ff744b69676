import type { ErrorObject } from 'ajv';
import { suggestion } from '../pack/didYouMean';
import type { Problem } from './problem';
import { escapeSegment } from '../pack/jsonPointer';

const typeWords: Record<string, string> = {
  string: 'text in double quotes',
  boolean: 'true or false',
  object: 'an object { ... }',
  array: 'a list [ ... ]',
  number: 'a number',
  integer: 'a whole number',
};

/** Every property name a schema knows, to suggest one when a name is misspelt. */
export function knownProperties(schema: unknown, into = new Set<string>()): Set<string> {
  if (schema && typeof schema === 'object') {
    const record = schema as Record<string, unknown>;
    if (record.properties && typeof record.properties === 'object') {
      for (const key of Object.keys(record.properties)) into.add(key);
    }
    for (const value of Object.values(record)) knownProperties(value, into);
  }
  return into;
}

/** How a meta-schema's validator is turned into problems: its property names, its patterns' words. */
export interface SchemaWords {
  propertyNames: Set<string>;
  /** Plain words for a pattern, by a test on where it sits in the meta-schema. */
  patterns: Array<[RegExp, string]>;
}

function words(error: ErrorObject, vocabulary: SchemaWords): Problem {
  const at = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { pointer: at, message: `missing "${String(params.missingProperty)}"` };
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(params.additionalProperty ?? params.unevaluatedProperty);
      return {
        pointer: `${at}/${escapeSegment(name)}`,
        message: `unknown property "${name}"${suggestion(name, vocabulary.propertyNames)}`,
        atName: true,
      };
    }
    case 'enum':
      return { pointer: at, message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'const':
      return { pointer: at, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'type':
      return { pointer: at, message: `must be ${typeWords[String(params.type)] ?? String(params.type)}` };
    case 'pattern': {
      const plain = vocabulary.patterns.find(([where]) => where.test(error.schemaPath))?.[1];
      return { pointer: at, message: plain ?? `has the wrong form (expected to match ${String(params.pattern)})` };
    }
    case 'propertyNames': {
      const name = String(params.propertyName);
      const plain = vocabulary.patterns.find(([where]) => where.test(error.schemaPath))?.[1];
      return { pointer: `${at}/${escapeSegment(name)}`, message: plain ? `"${name}": ${plain}` : `"${name}" is not a valid name here`, atName: true };
    }
    case 'minLength':
      return { pointer: at, message: 'must not be empty' };
    case 'minItems':
      return { pointer: at, message: `must have at least ${String(params.limit)} entries` };
    default:
      return { pointer: at, message: error.message ?? 'is not valid here' };
  }
}

/**
 * Turns a precompiled meta-schema validator's errors into problems in plain words. Of ajv's
 * errors it keeps the ones that say what is wrong: where a value could take several shapes
 * the errors of the shapes it plainly is not are dropped, and so are the echoes that a failing
 * child causes in its parent (its other properties reported as unevaluated).
 */
export function schemaProblems(errors: ErrorObject[], vocabulary: SchemaWords): Problem[] {
  const combinators = new Set(['anyOf', 'oneOf', 'if', 'not']);
  const deeper = (path: string) =>
    errors.some((e) => !combinators.has(e.keyword) && e.keyword !== 'type' && (e.instancePath === path || e.instancePath.startsWith(path + '/')));
  const kept = errors.filter((e) => {
    if (combinators.has(e.keyword)) return !errors.some((o) => !combinators.has(o.keyword) && o.instancePath.startsWith(e.instancePath));
    if (e.keyword === 'type') return !deeper(e.instancePath);
    if (e.keyword === 'unevaluatedProperties') {
      const name = String((e.params as Record<string, unknown>).unevaluatedProperty);
      const failsInside = errors.some((o) => !combinators.has(o.keyword) && o.instancePath.startsWith(e.instancePath + '/'));
      return !failsInside || !vocabulary.propertyNames.has(name);
    }
    // propertyNames reports twice: once for the name (kept) and once as a pattern at the parent.
    if (e.keyword === 'pattern' && errors.some((o) => o.keyword === 'propertyNames' && o.instancePath === e.instancePath)) return false;
    return true;
  });
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const error of kept.length > 0 ? kept : errors) {
    const problem = words(error, vocabulary);
    const key = `${problem.pointer}|${problem.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  }
  // Several type errors at one place (a value that is neither text nor object) say one thing.
  return problems.filter(
    (p, i) => !(p.message.startsWith('must be ') && problems.findIndex((q) => q.pointer === p.pointer && q.message.startsWith('must be ')) !== i),
  );
}
