import type { ShapeSchema } from '../pack/answerShape';
import { answerSchema, type CallContract } from './checkInputMap';

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);

const words: Record<string, string> = { object: 'an object', array: 'a list', string: 'text', number: 'a number', integer: 'a whole number', boolean: 'true or false', null: 'null' };
const word = (type: string) => words[type] ?? type;

/** The JSON types a schema allows, or undefined when it does not say. */
function typesOf(schema: Schema): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  const values = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? (schema.enum as unknown[]) : undefined;
  if (values) return [...new Set(values.map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v)))];
  if (isObject(schema.properties)) return ['object'];
  if (isObject(schema.items)) return ['array'];
  return undefined;
}

/** An object schema with its `allOf` parts taken together. */
function merged(schema: Schema): { properties: Record<string, Schema>; required: Set<string> } {
  const properties: Record<string, Schema> = {};
  const required = new Set<string>();
  const visit = (s: Schema) => {
    if (isObject(s.properties)) Object.assign(properties, s.properties);
    if (Array.isArray(s.required)) for (const name of s.required as string[]) required.add(name);
    for (const part of (s.allOf as Schema[] | undefined) ?? []) if (isObject(part)) visit(part);
  };
  visit(schema);
  return { properties, required };
}

/**
 * Where an operation's answer schema (OpenAPI, `$ref`s resolved) may give what a reader's shape
 * does not take, in words, or undefined when every answer it allows fits: each required property
 * of the shape is required by the answer too, and the types agree, all the way down. Where the
 * answer's schema says nothing (`{}`), it is taken at its word. Every branch of the answer's
 * `oneOf`/`anyOf` must fit (the provider may give any); one branch of the shape's `anyOf` is enough.
 */
export function shapeFitProblem(shape: ShapeSchema, answer: Schema, at = ''): string | undefined {
  const place = at || '/';
  const branches = (answer.oneOf ?? answer.anyOf) as Schema[] | undefined;
  if (Array.isArray(branches)) {
    for (const branch of branches) {
      const problem = shapeFitProblem(shape, { ...answer, oneOf: undefined, anyOf: undefined, ...branch }, at);
      if (problem) return problem;
    }
    return undefined;
  }
  if (shape.anyOf) {
    const problems = shape.anyOf.map((branch) => shapeFitProblem(branch, answer, at));
    return problems.includes(undefined) ? undefined : problems.join('; nor ');
  }
  const types = typesOf(answer);
  if (shape.const !== undefined) {
    const values = answer.const !== undefined ? [answer.const] : Array.isArray(answer.enum) ? (answer.enum as unknown[]) : undefined;
    if (values && values.every((v) => v === shape.const)) return undefined;
    return `at ${place} it answers ${values ? values.map((v) => JSON.stringify(v)).join(' or ') : types ? types.map(word).join(' or ') : 'anything'}, where ${JSON.stringify(shape.const)} is read`;
  }
  if (shape.type && types) {
    const fits = (t: string) => t === shape.type || (shape.type === 'number' && t === 'integer');
    const off = types.filter((t) => !fits(t));
    if (off.length > 0) return `at ${place} it may answer ${off.map(word).join(' or ')}, where ${word(shape.type)} is read`;
  }
  if (shape.type === 'array' && shape.items && isObject(answer.items)) return shapeFitProblem(shape.items, answer.items, `${at}/0`);
  if (shape.properties || shape.required || shape.additionalProperties) {
    const { properties, required } = merged(answer);
    for (const name of shape.required ?? []) {
      if (!required.has(name)) return `at ${place} it may answer without "${name}", which is read`;
    }
    for (const [name, own] of Object.entries(shape.properties ?? {})) {
      const theirs = properties[name];
      const problem = theirs ? shapeFitProblem(own, theirs, `${at}/${name}`) : undefined;
      if (problem) return problem;
    }
    if (shape.additionalProperties) {
      const others = Object.entries(properties).filter(([name]) => !(name in (shape.properties ?? {})));
      if (others.length === 0 && !shape.properties) return `at ${place} it declares no properties, where ${describe(shape.additionalProperties)} is read`;
      for (const [name, theirs] of others) {
        const problem = shapeFitProblem(shape.additionalProperties, theirs, `${at}/${name}`);
        if (problem) return problem;
      }
    }
  }
  return undefined;
}

/** A schema in a few words, for the messages. */
function describe(shape: ShapeSchema): string {
  if (shape.type === 'array') return `a list${shape.items ? ` of ${describe(shape.items).replace(/^an? /, '')}s` : ''}`;
  return shape.type ? word(shape.type) : 'a value';
}

/**
 * What a reader of an operation's answer is told by `journeys:check` when the operation does not
 * answer what it reads (undefined when it does): `departments answers what the map (its coverage
 * areas) cannot read: at / it may answer without "features", which is read`.
 */
export function answerShapeProblem(reader: string, shape: ShapeSchema, operation: CallContract): string | undefined {
  const answer = answerSchema(operation);
  if (!answer) return `${operation.operationId} declares no answer (a 200 or 201 with a JSON schema), and ${reader} reads one`;
  const problem = shapeFitProblem(shape, answer);
  return problem ? `${operation.operationId} answers what ${reader} cannot read: ${problem}` : undefined;
}
