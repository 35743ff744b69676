/**
 * Sample data for the studio's step preview: a value for every field of a step's schema that its
 * own rules accept, so a product owner sees the screen filled in as an agent would leave it. What
 * the files say comes first (the journey's `meta.example` of the step's submit, then the field's
 * `const`, `examples`, `default`, first choice), then a value made from the field's type, format,
 * pattern and limits. Pure: the studio's server computes it from the files and the unit tests
 * check it against each step's validator.
 */
import { getAt, setAt } from '../pack/jsonPointer';
import { asList, buildJourneyGraph, subtree, type GraphNode } from '../pack/journeyGraph';
import type { JourneyConfig, NamedRef } from '../pack/journeyTypes';
import type { StepFile } from '../pack/stepFile';
import { computeProgress } from '../runtime/progress';

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** An ISO date `days` after `today` (a visit's date must not be in the past). */
function isoDaysAfter(today: Date, days: number): string {
  const date = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + days));
  return date.toISOString().slice(0, 10);
}

/** How samples are made: the day dates are measured from, and the format rules that must accept a text. */
export interface SampleOptions {
  today?: Date;
  /**
   * Whether a format's rule accepts a value (the server passes src/validation/formats.ts's
   * registry): a field's sample is the first candidate its rule accepts. Without it, the first
   * candidate its format's name suggests.
   */
  formatOk?: (format: string, value: string) => boolean;
  /** A format's own example (its rule's `example`), tried before every candidate: a country's document no shared candidate fits. */
  formatExample?: (format: string) => string | undefined;
}

/**
 * The texts tried for a field with a format, the ones its name suggests first (a name, an
 * address, an e-mail, a date, a phone, a code), then every other: the first its rule accepts is
 * the sample. A unit test checks every registered format gets one, so a new format whose rule
 * none of these passes fails there, not silently in the preview.
 */
export function formatCandidates(format: string, today = new Date()): string[] {
  const visit = isoDaysAfter(today, 7);
  const groups: Array<[RegExp, string[]]> = [
    [/name/, ['Ana Pérez']],
    [/address|reference/, ['Frente al parque central']],
    [/mail/, ['ana.perez@correo.com']],
    [/birth|past-date|dmy/, ['15/03/1990']],
    [/date/, [visit]],
    [/phone/, ['70001234', '87654321', '51234567', '3001234567']],
    [/otp|code/, ['123456']],
    [/digit/, ['12345678']],
    // Document numbers (with a check digit, or of nine to thirteen digits), as their rules' own examples write them.
    [/./, ['04644848-2', '1234567-9', '112340567', '155812345678', '1234567890101']],
  ];
  const suggested = groups.filter(([words]) => words.test(format)).flatMap(([, values]) => values);
  return [...new Set([...suggested, ...groups.flatMap(([, values]) => values)])];
}

/** The keywords that stand for a format (`"adult": true`), as src/validation/formats.ts's keywordFormats. */
export const KEYWORD_FORMATS: Record<string, string> = { adult: 'adult-birth-date', notFuture: 'past-date' };

/** The index of the `)` closing the group opened at `open`, escapes and classes skipped. */
function closing(pattern: string, open: number): number {
  let depth = 0;
  for (let i = open; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') i++;
    else if (char === '[') i = pattern.indexOf(']', i + 1);
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return i;
    if (i < 0) return -1;
  }
  return -1;
}

/** The first alternative of a pattern (`a|b` → `a`), at its top level only. */
function firstAlternative(pattern: string): string {
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') i++;
    else if (char === '[') i = Math.max(i, pattern.indexOf(']', i + 1));
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '|' && depth === 0) return pattern.slice(0, i);
  }
  return pattern;
}

/**
 * A text the pattern matches, for the simple patterns step files use (`^[0-9]{13,30}$`,
 * `^(0[1-9]|[12][0-9]|3[01])$`): each group's first alternative, each class's first character,
 * each quantifier's least count (one for `+`). Undefined when the result does not match (a
 * negated class, a look-ahead): the caller falls back to another value.
 *
 * @example textForPattern('^(19[0-9]{2}|200[0-9])$') // '1900'
 */
export function textForPattern(pattern: string): string | undefined {
  const build = (source: string): string | undefined => {
    const body = firstAlternative(source);
    let out = '';
    let last = '';
    for (let i = 0; i < body.length; i++) {
      const char = body[i] as string;
      let piece: string | undefined;
      if (char === '^' || char === '$') continue;
      if (char === '\\') {
        const next = body[++i] ?? '';
        piece = next === 'd' ? '1' : next === 'w' ? 'a' : next === 's' ? ' ' : next;
      } else if (char === '[') {
        const end = body.indexOf(']', i + 1);
        if (end < 0 || body[i + 1] === '^') return undefined;
        piece = body[i + 1] === '\\' ? (body[i + 2] === 'd' ? '1' : body[i + 2]) : body[i + 1];
        i = end;
      } else if (char === '(') {
        const end = closing(body, i);
        if (end < 0) return undefined;
        const inner = body.slice(i + 1, end).replace(/^\?:/, '');
        if (inner.startsWith('?')) return undefined;
        piece = build(inner);
        if (piece === undefined) return undefined;
        i = end;
      } else if (char === '.') piece = 'a';
      else if ('{+*?'.includes(char)) {
        // A quantifier repeats the piece before it: its least count (one for `+`).
        let times = 1;
        if (char === '{') {
          const end = body.indexOf('}', i);
          times = Number(body.slice(i + 1, end).split(',')[0]);
          i = end;
        } else if (char !== '+') times = 0;
        out = out.slice(0, out.length - last.length) + last.repeat(times);
        last = '';
        continue;
      } else piece = char;
      out += piece;
      last = piece ?? '';
    }
    return out;
  };
  const text = build(pattern);
  try {
    return text !== undefined && new RegExp(pattern, 'u').test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The value of the first choice of a `oneOf`/`anyOf` of consts (a select's first option). */
function firstChoice(schema: Schema): unknown {
  for (const key of ['oneOf', 'anyOf']) {
    const list = schema[key];
    if (Array.isArray(list)) {
      const first = list.find((option) => isObject(option) && 'const' in option) as Schema | undefined;
      if (first) return first.const;
    }
  }
  return undefined;
}

/** A schema with its `allOf` and its `if`/`then`/`else` laid over it, as the value decides. */
function resolved(schema: Schema, value: Record<string, unknown>): Schema {
  let out: Schema = { ...schema };
  const merge = (extra: unknown) => {
    if (!isObject(extra)) return;
    const properties = { ...(out.properties as Schema | undefined) };
    for (const [name, field] of Object.entries((extra.properties as Schema | undefined) ?? {})) {
      properties[name] = { ...(properties[name] as Schema | undefined), ...(field as Schema) };
    }
    out = { ...out, ...extra, properties, required: [...new Set([...asList(out.required as string[]), ...asList(extra.required as string[])])] };
  };
  for (const part of asList(schema.allOf as Schema[])) merge(part);
  if (isObject(schema.if)) merge(matchesConsts(schema.if, value) ? schema.then : schema.else);
  return out;
}

/** Whether a value fits an `if` made of required fields and consts (what step files write). */
function matchesConsts(condition: Schema, value: Record<string, unknown>): boolean {
  if (asList(condition.required as string[]).some((name) => value[name] === undefined)) return false;
  return Object.entries((condition.properties as Record<string, Schema> | undefined) ?? {}).every(([name, field]) => {
    if ('const' in field) return value[name] === field.const;
    if (Array.isArray(field.enum)) return field.enum.includes(value[name]);
    return true;
  });
}

/** A text for a string field: its format's sample, its pattern's, or words, within its lengths. */
/** The sample of a format: the first candidate its rule accepts (the first suggested, without the rules). */
export function formatSample(format: string, { today = new Date(), formatOk, formatExample }: SampleOptions = {}): string | undefined {
  const example = formatExample?.(format);
  const candidates = [...(example === undefined ? [] : [example]), ...formatCandidates(format, today)];
  return formatOk ? candidates.find((value) => formatOk(format, value)) : candidates[0];
}

function textFor(schema: Schema, options: SampleOptions): string {
  const keyword = Object.keys(KEYWORD_FORMATS).find((key) => schema[key] === true);
  const format = typeof schema.format === 'string' ? schema.format : keyword ? KEYWORD_FORMATS[keyword] : undefined;
  let text = (format && formatSample(format, options)) || (typeof schema.pattern === 'string' ? textForPattern(schema.pattern) : undefined) || 'Texto de ejemplo';
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  if (max !== undefined && text.length > max) text = text.replace(/[^0-9A-Za-z]/g, '').slice(0, max);
  if (text.length < min) text = text.padEnd(min, 'x');
  return text;
}

/** A number within the field's limits: its minimum (or just above an exclusive one), else 1. */
function numberFor(schema: Schema, integer: boolean): number {
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : integer ? 1 : undefined;
  let value = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + (step ?? 1) : 1;
  if (typeof schema.maximum === 'number' && value > schema.maximum) value = schema.maximum;
  if (step) value = Math.ceil(value / step) * step;
  return value;
}

/**
 * A sample value for a JSON Schema: the example given (objects field by field), else what the
 * schema writes (`const`, `examples`, `default`, `enum`, a `oneOf` of consts), else one made from
 * its type; an object gets every property it lists, an array its `minItems` items.
 *
 * @example sampleValue({ type: 'object', properties: { otp: { type: 'string', format: 'otp' } } }) // { otp: '123456' }
 */
export function sampleValue(schema: unknown, example?: unknown, options: SampleOptions = {}): unknown {
  if (!isObject(schema)) return example;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || isObject(schema.properties)) {
    const given = isObject(example) ? example : {};
    let value: Record<string, unknown> = { ...given };
    // Twice: a conditional (`if`) may turn on the values chosen the first time (a document's type).
    for (let round = 0; round < 2; round++) {
      const full = resolved(schema, value);
      const next: Record<string, unknown> = { ...given };
      for (const [name, field] of Object.entries((full.properties as Record<string, unknown> | undefined) ?? {})) {
        const sample = sampleValue(field, given[name], options);
        if (sample !== undefined) next[name] = sample;
      }
      value = next;
    }
    return value;
  }
  // An example its format refuses now (a date the journey's author wrote, since past) gives way to a made one.
  const stale = typeof example === 'string' && typeof schema.format === 'string' && options.formatOk?.(schema.format, example) === false;
  if (example !== undefined && !stale) return example;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const choice = firstChoice(schema);
  if (choice !== undefined) return choice;
  switch (type) {
    case 'string':
      return textFor(schema, options);
    case 'number':
    case 'integer':
      return numberFor(schema, type === 'integer');
    case 'boolean':
      return false;
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: count }, (_, i) => {
        const item = sampleValue(schema.items, undefined, options);
        // Items that must differ (`uniqueItems`) get their number.
        return typeof item === 'string' && i > 0 ? `${item} ${i + 1}` : item;
      });
    }
    case 'null':
      return null;
    default:
      return undefined;
  }
}

/** One step of a journey as the preview lists it. */
export interface StepSample {
  /** The state's id (`cc.signedIn.sale.clientInformation`). */
  stateId: string;
  route: string;
  /** The step screen's name (`schemas/steps/<cc>/<step>.json`), when the state names one. */
  step: string | undefined;
  /** `n/N` as the app shows it (`auto` numbered: src/runtime/progress.ts), when the step shows progress. */
  progress: string | undefined;
  /** Where the journey keeps the step's data, when it keeps it. */
  data: string | undefined;
  /** The step's title, from its file. */
  title: string | undefined;
  /** The step's fields filled in: its submit's example over values made from its schema. */
  sample: Record<string, unknown> | undefined;
}

/** The data an event of the state (or a state inside it) carries in its `meta.example`, the submit's first. */
function exampleData(node: GraphNode, edgesOf: (node: GraphNode) => ReturnType<typeof buildJourneyGraph>['edges']): Record<string, unknown> | undefined {
  const edges = subtree(node).flatMap(edgesOf);
  const examples = (event: string | undefined) =>
    edges
      .filter((edge) => event === undefined || edge.event === event)
      .flatMap((edge) => [edge.transition.meta?.example, ...(edge.transition.meta?.examples ?? [])])
      .flatMap((example) => (isObject(example?.data) ? [example.data as Record<string, unknown>] : []));
  return examples('step.submit')[0] ?? examples(undefined)[0];
}

/** A `save` or `assign` action's params, when it writes an event's value to the journey's data. */
function writes(action: NamedRef): { to: string; from: string } | undefined {
  if (typeof action === 'string' || !action.params) return undefined;
  const { to, from } = action.params as { to?: unknown; from?: unknown };
  if (typeof to !== 'string' || !to.startsWith('/context')) return undefined;
  if (action.type === 'save') return { to, from: typeof from === 'string' ? from : '/event/data' };
  if (action.type === 'assign' && typeof from === 'string' && from.startsWith('/event')) return { to, from };
  return undefined;
}

/**
 * The journey's data as a run that went through every step would hold it, before its steps'
 * own samples: its initial `context`, then what the examples of its calls and events write
 * (`save`, `assign` from `/event/...`: a provider's answer, a list of leads), the first example
 * at each place kept. The studio's server lays the seed's answers over it (panels/answeredJourneyData.ts).
 */
export function exampleJourneyData(config: JourneyConfig): Record<string, unknown> {
  const graph = buildJourneyGraph(config);
  let root: Record<string, unknown> = { context: structuredClone(config.context ?? {}) };
  for (const edge of graph.edges) {
    const examples = [edge.transition.meta?.example, ...(edge.transition.meta?.examples ?? [])].filter(isObject);
    for (const action of edge.actions) {
      const write = writes(action);
      const kept = write && getAt(root, write.to);
      if (!write || (kept !== undefined && kept !== null)) continue;
      const value = examples.map((example) => getAt(example, write.from.slice('/event'.length))).find((v) => v !== undefined);
      if (value !== undefined) root = setAt(root, write.to, structuredClone(value));
    }
  }
  return (root.context ?? {}) as Record<string, unknown>;
}

/**
 * Every step of a journey with its sample data over the journey's data `given` (by default its
 * examples': exampleJourneyData), and that data with each step's sample laid at its `meta.data`.
 * What screens read from the journey (`ui:options.from`, a list, a summary) so has something to
 * show without a running journey. Each step's progress is `n/N` as the app shows it
 * (computeProgress: `auto` numbered), none for a step that shows none.
 */
export function journeySamples(
  config: JourneyConfig,
  stepFiles: Record<string, StepFile | undefined>,
  options: SampleOptions = {},
  given: Record<string, unknown> = exampleJourneyData(config),
): { steps: StepSample[]; journeyData: Record<string, unknown> } {
  const graph = buildJourneyGraph(config);
  const edgesOf = (node: GraphNode) => graph.outgoing.get(node) ?? [];
  const progress = computeProgress(graph);
  let root: Record<string, unknown> = { context: structuredClone(given) };
  const steps = graph.nodes
    .filter((node) => typeof node.meta.route === 'string')
    .map((node): StepSample => {
      const file = node.meta.step ? stepFiles[node.meta.step] : undefined;
      const data = typeof node.meta.data === 'string' ? node.meta.data : undefined;
      // What the journey's data already holds where the step keeps its data (a provider's
      // answer), for the step's own fields only, under the step's submit example.
      const kept = data ? getAt(root, data) : undefined;
      const fields = Object.keys((file?.schema?.properties as object | undefined) ?? {});
      const prefilled = isObject(kept) ? Object.fromEntries(Object.entries(kept).filter(([name]) => fields.includes(name))) : {};
      const example = { ...prefilled, ...exampleData(node, edgesOf) };
      const sample = file?.schema ? (sampleValue(file.schema, example, options) as Record<string, unknown>) : Object.keys(example).length > 0 ? example : undefined;
      const shown = progress.get(node);
      return { stateId: node.id, route: node.meta.route as string, step: node.meta.step, progress: shown ? `${shown.n}/${shown.of}` : undefined, data, title: file?.title, sample };
    });
  for (const step of steps) if (step.data && step.sample) root = setAt(root, step.data, { ...(getAt(root, step.data) as object | undefined), ...step.sample });
  return { steps, journeyData: (root.context ?? {}) as Record<string, unknown> };
}
