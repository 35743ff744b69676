/**
 * What a repeatable group (groupTemplates.tsx) calls its rows and its button, from its schema
 * and `ui:options`: what the screen shows, and what the browser replay looks for.
 */
const named = (label: unknown): label is string => typeof label === 'string' && label !== '';

/** A row by the option, else by the items' title or the list's ("Dirección"), else "Elemento"; the button by `addLabel`, else "Agregar". */
export function groupNames(schema: { title?: unknown; items?: unknown }, options: Record<string, unknown>): { itemLabel: string; addLabel: string } {
  const items = schema.items;
  const itemsTitle = typeof items === 'object' && items !== null && !Array.isArray(items) ? (items as { title?: unknown }).title : undefined;
  return {
    itemLabel: [options.itemLabel, itemsTitle, schema.title].find(named) ?? 'Elemento',
    addLabel: named(options.addLabel) ? options.addLabel : 'Agregar',
  };
}

/** A row's name by its place: "Dirección 2". */
export const groupRowName = (itemLabel: string, index: number) => `${itemLabel} ${index + 1}`;
