/**
 * What country-neutral code reads of a provider's answer, declared where it is read: a small
 * JSON Schema (`journeys:check` checks that the operation a step file or the country's spec
 * gives it answers with a compatible schema: checkAnswerShape.ts) and the TypeScript type the
 * code reads it as, written beside it. At run time an answer is taken as that type only after it
 * is seen to fit the schema: a provider that breaks its spec is then told apart from a bug.
 */

/** The part of JSON Schema an answer shape is written in. */
export interface ShapeSchema {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  properties?: Readonly<Record<string, ShapeSchema>>;
  required?: readonly string[];
  /** Every property of the object (those not in `properties`) has this schema. */
  additionalProperties?: ShapeSchema;
  items?: ShapeSchema;
  anyOf?: readonly ShapeSchema[];
  const?: string | number | boolean;
  description?: string;
}

/** An answer shape: what reads it (for messages), its schema, and (types only) the type it is read as. */
export interface AnswerShape<A> {
  /** Who reads the answer, for messages: `the map (its coverage areas)`. */
  readonly reader: string;
  readonly schema: ShapeSchema;
  /** Never set: carries the TypeScript type the reader reads the answer as. */
  readonly type?: A;
}

/** Declares a reader's answer shape: its schema and, as the type argument, the type it is read as. */
export const answerShape = <A>(reader: string, schema: ShapeSchema): AnswerShape<A> => ({ reader, schema });

const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

const words: Record<string, string> = { object: 'an object', array: 'a list', string: 'text', number: 'a number', integer: 'a whole number', boolean: 'true or false', null: 'null', undefined: 'nothing' };

/**
 * Where a value leaves a shape's schema, in words (`at /features/0/type: not "Feature"`), or
 * undefined when it fits. Names places and expected types only, never the value: answers may
 * hold personal data and this goes to the console.
 */
export function shapeMismatch(schema: ShapeSchema, value: unknown, at = ''): string | undefined {
  const place = at || '/';
  if (schema.anyOf) {
    const misses = schema.anyOf.map((branch) => shapeMismatch(branch, value, at));
    return misses.includes(undefined) ? undefined : misses.join('; or ');
  }
  if (schema.const !== undefined) return value === schema.const ? undefined : `at ${place}: not ${JSON.stringify(schema.const)}`;
  const kind = kindOf(value);
  if (schema.type) {
    const fits = schema.type === kind || (schema.type === 'integer' && Number.isInteger(value)) || (schema.type === 'number' && kind === 'number');
    if (!fits) return `at ${place}: ${words[kind] ?? kind} where ${words[schema.type]} is expected`;
  }
  if (kind === 'object' && (schema.properties || schema.required || schema.additionalProperties)) {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (record[name] === undefined) return `at ${place}: no "${name}"`;
    for (const [name, child] of Object.entries(record)) {
      const own = schema.properties?.[name] ?? schema.additionalProperties;
      const miss = own && child !== undefined ? shapeMismatch(own, child, `${at}/${name}`) : undefined;
      if (miss) return miss;
    }
  }
  if (kind === 'array' && schema.items) {
    const list = value as unknown[];
    for (let i = 0; i < list.length; i++) {
      const miss = shapeMismatch(schema.items, list[i], `${at}/${i}`);
      if (miss) return miss;
    }
  }
  return undefined;
}

/** Whether an answer fits the shape, and so may be read as its type. */
export const fitsShape = <A>(shape: AnswerShape<A>, value: unknown): value is A => shapeMismatch(shape.schema, value) === undefined;
