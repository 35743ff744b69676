import type { UiSchema } from '@rjsf/utils';

/** Where a step reads the provider's words for its fields (`ui:options.titlesFrom`). */
export interface TitlesFrom {
  from: string;
  key: string;
  title: string;
  description?: string;
}

/**
 * The provider's words for a step's fields, as uiSchema titles: each item of `items` names a
 * field by its `key` and gives its label and, optionally, the line under it (the terms screen
 * shows the authorizations as the provider words them: spec section 3: the terms call).
 * A field no item names, or an item with no text, keeps the step file's words. The words go in
 * the uiSchema, not the schema: the schema is the one its validator was precompiled from.
 *
 * @example providerTitles([{ key: 'privacyNotice', text: 'Acepto el aviso...' }], ['privacyNotice'], { from: '', key: 'key', title: 'text' })
 * // { privacyNotice: { 'ui:title': 'Acepto el aviso...' } }
 */
export function providerTitles(items: unknown, fields: readonly string[], option: TitlesFrom): Record<string, UiSchema> {
  if (!Array.isArray(items)) return {};
  const words: Record<string, UiSchema> = {};
  for (const item of items as Array<Record<string, unknown> | null>) {
    const field = item?.[option.key];
    if (typeof field !== 'string' || !fields.includes(field)) continue;
    const title = item?.[option.title];
    const description = option.description === undefined ? undefined : item?.[option.description];
    words[field] = {
      ...(typeof title === 'string' && title !== '' ? { 'ui:title': title } : {}),
      ...(typeof description === 'string' && description !== '' ? { 'ui:description': description } : {}),
    };
  }
  return words;
}
