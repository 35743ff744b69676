import { _, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';

/**
 * A date asked in three fields (day, month, year: Honduras's and Guatemala's birth dates):
 * `"dateWith": {"day": "birthDate", "month": "birthMonth", "format": "adult-birth-date"}` on the
 * year field checks the three together, written DD/MM/YYYY, against a date rule of formats.ts;
 * the two parts it names are its siblings, the one it does not name is the field itself. So
 * the message lands on the field that carries the keyword: a day that does not exist in its
 * month on the day (`date-dmy`), a holder under 18 on the year (`adult-birth-date`). While a
 * part is missing, or the year is not four digits yet (being typed), the check waits (`required`
 * and the year's own pattern speak); with `after` (a rule)
 * it waits until the three pass that rule too.
 *
 * It generates code, so the precompiled step validators call the rule as they call a format
 * (`formats["date-dmy"]`, imported by src/build/compileSteps.ts) and need nothing else.
 */
export const dateWithKeyword: CodeKeywordDefinition = {
  keyword: 'dateWith',
  type: 'string',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['format'],
    properties: { day: { type: 'string' }, month: { type: 'string' }, year: { type: 'string' }, format: { type: 'string' }, after: { type: 'string' } },
    additionalProperties: false,
  },
  error: {
    message: 'must be a date that passes its rule',
    params: ({ schema }) => _`{format: ${(schema as { format: string }).format}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data, schema, it } = cxt;
    const spec = schema as { day?: string; month?: string; year?: string; format: string; after?: string };
    const parent = it.parentData;
    const part = (role: 'day' | 'month' | 'year') => {
      const sibling = spec[role];
      return sibling === undefined ? data : gen.const(role, _`${parent}[${sibling}]`);
    };
    const [day, month, year] = [part('day'), part('month'), part('year')];
    const codeFormats = it.opts.code.formats;
    /** A call of a date rule of formats.ts, as the generated code reaches it. */
    const ruleCall = (format: string) => {
      const rule = it.self.formats[format];
      if (!rule) throw new Error(`dateWith: unknown format "${format}" (src/validation/formats.ts)`);
      const check = gen.scopeValue('formats', { key: format, ref: rule, code: codeFormats ? _`${codeFormats}[${format}]` : undefined });
      return typeof rule === 'function' ? check : _`${check}.validate`;
    };
    const date = gen.const('date', _`${day} + "/" + ${month} + "/" + ${year}`);
    const parts = _`typeof ${day} == "string" && typeof ${month} == "string" && typeof ${year} == "string" && ${day} !== "" && ${month} !== "" && ${year}.length === 4`;
    // `after`: a rule that speaks only once the three pass another (no "under 18" for 31 April).
    const ready = spec.after === undefined ? parts : _`${parts} && ${ruleCall(spec.after)}(${date})`;
    cxt.fail(_`${ready} && !${ruleCall(spec.format)}(${date})`);
  },
};
