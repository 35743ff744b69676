/**
 * TypeScript type text from the JSON Schemas the engine declares (a guard's or action's params,
 * the shell's events), for the generated types of src/runtime/generated/. Only the keywords those
 * schemas use are read; one it cannot say in TypeScript stops the generator rather than be left
 * out. A type may be looser than its schema (a pattern keeps only its literal start, `anyOf` or
 * `oneOf` of `required` lists leaves those keys optional), never narrower: journeys:check holds
 * the data to the schema itself.
 */

type Schema = { [key: string]: unknown };

/** What a `$ref`, or a `tsType` naming the type outright, stands for: a TypeScript type and the module it comes from. */
export interface NamedType {
  name: string;
  from: string;
}

export interface TypeOptions {
  /** The type of each `$ref` the schemas use (`guardRef`: a guard reference). */
  refs?: Record<string, NamedType>;
  /** The types a `tsType` may name, where the schema says less than the engine reads (an input map, which the params schema leaves an object). */
  named?: Record<string, NamedType>;
}

/** The type texts of some schemas, and what they import. */
export interface TypeWriter {
  typeOf(schema: unknown): string;
  /** `import type` lines for the named types used so far, one per module. */
  imports(): string[];
}

const KEYWORDS_WITHOUT_TYPE = new Set(['description', 'examples', 'x-handled', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'minProperties']);
const isSchema = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);
const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A JSON value as a literal type. */
function literal(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  throw new Error(`no literal type for ${JSON.stringify(value)}`);
}

/** Whether a pattern has a `|` outside any group or class (`^a|b$`: no one start). */
function alternates(pattern: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/**
 * A string pattern as a template literal type: its literal start (`^menu\.` gives `menu.`),
 * then any text (`menu.${string}`); a pattern with no literal start is any string.
 */
export function patternType(pattern: string): string {
  if (alternates(pattern)) return 'string';
  const start = /^\^((?:[^\\^$.|?*+()[\]{}]|\\[./-])*)/.exec(pattern);
  const units = (start?.[1] ?? '').match(/\\.|./g) ?? [];
  const rest = pattern.slice(start?.[0].length ?? 0);
  if (rest === '$') return literal(units.map((u) => u.at(-1)).join(''));
  // A unit that may be left out (`b?`, `b*`, `b{0,1}`) is not part of the start.
  if (/^[?*{]/.test(rest)) units.pop();
  const text = units.map((u) => u.at(-1)).join('');
  if (text === '') return 'string';
  return `\`${text.replace(/[`\\]/g, '\\$&').replace(/\$\{/g, '\\${')}\${string}\``;
}

const union = (types: string[]) => [...new Set(types)].join(' | ') || 'never';
const parenthesized = (type: string) => (type.includes('|') ? `(${type})` : type);

/** `anyOf` or `oneOf` whose alternatives only require keys of the object around them: no type of their own. */
const onlyRequires = (alternatives: unknown[]) => alternatives.every((a) => isSchema(a) && Object.keys(a).every((k) => k === 'required' || k === 'description'));

export function typeWriter(options: TypeOptions = {}): TypeWriter {
  const used = new Map<string, Set<string>>();
  const use = ({ name, from }: NamedType) => {
    used.set(from, (used.get(from) ?? new Set()).add(name));
    return name;
  };

  const objectType = (schema: Schema): string => {
    const properties = isSchema(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    const members = Object.entries(properties).map(([key, value]) => `${identifier.test(key) ? key : literal(key)}${required.has(key) ? '' : '?'}: ${typeOf(value)}`);
    const extra = schema.additionalProperties;
    if (isSchema(extra)) members.push(`[key: string]: ${typeOf(extra)}`);
    else if (extra !== false) members.push('[key: string]: unknown');
    return members.length === 0 ? 'Record<string, never>' : `{ ${members.join('; ')} }`;
  };

  const typeByName = (name: unknown, schema: Schema): string => {
    switch (name) {
      case 'string':
        return typeof schema.pattern === 'string' ? patternType(schema.pattern) : 'string';
      case 'number':
      case 'integer':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array':
        return `${parenthesized(schema.items === undefined ? 'unknown' : typeOf(schema.items))}[]`;
      case 'object':
        return objectType(schema);
      default:
        throw new Error(`no TypeScript type for the JSON Schema type ${JSON.stringify(name)}`);
    }
  };

  function typeOf(schema: unknown): string {
    if (schema === true) return 'unknown';
    if (!isSchema(schema)) throw new Error(`not a schema: ${JSON.stringify(schema)}`);
    if (typeof schema.tsType === 'string') {
      const named = options.named?.[schema.tsType];
      if (!named) throw new Error(`tsType "${schema.tsType}" is none of the types the generator knows`);
      return use(named);
    }
    if (typeof schema.$ref === 'string') {
      const ref = options.refs?.[schema.$ref];
      if (!ref) throw new Error(`no TypeScript type for $ref "${schema.$ref}"`);
      return use(ref);
    }
    if ('const' in schema) return literal(schema.const);
    if (Array.isArray(schema.enum)) return union(schema.enum.map(literal));
    const alternatives = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
    if (Array.isArray(alternatives) && !onlyRequires(alternatives)) return union(alternatives.map(typeOf));
    if (schema.type !== undefined) return union((Array.isArray(schema.type) ? schema.type : [schema.type]).map((name) => typeByName(name, schema)));
    if (typeof schema.pattern === 'string') return patternType(schema.pattern);
    if (isSchema(schema.properties)) return objectType(schema);
    const unread = Object.keys(schema).filter((k) => !KEYWORDS_WITHOUT_TYPE.has(k) && k !== 'anyOf' && k !== 'oneOf');
    if (unread.length > 0) throw new Error(`no TypeScript type for a schema with ${unread.join(', ')}`);
    return 'unknown';
  }

  return {
    typeOf,
    imports: () => [...used].sort(([a], [b]) => a.localeCompare(b)).map(([from, names]) => `import type { ${[...names].sort().join(', ')} } from '${from}';`),
  };
}

/** A description as a doc comment's text (a `*\/` in it would end the comment). */
export const docText = (text: string) => text.replace(/\*\//g, '*\\/');
