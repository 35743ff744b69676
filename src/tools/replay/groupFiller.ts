/**
 * A repeatable group of fields (`"ui:widget": "group"`, a list of objects: an address's
 * type/value rows) filled row by row as an agent does: a row missing is added with the group's
 * button (`addLabel`), each row's fields found inside the row ("Dirección 2") and filled by their
 * own widget's filler.
 */
import { fieldFillers, NotDrivable, type FieldFiller } from './fillers';
import { groupNames, groupRowName } from '../../screens/rjsf/groupNames';
import { screenField } from './stepScreen';

type Json = Record<string, unknown>;

export const fillGroup: FieldFiller = async (ctx, field, value) => {
  if (!Array.isArray(value)) throw new NotDrivable(`the field "${field.name}" (group) is given ${JSON.stringify(value)}, not a list of rows`);
  const items = (field.schema.items ?? {}) as Json;
  const properties = (items.properties ?? {}) as Record<string, Json>;
  const itemsUi = (field.ui.items ?? {}) as Record<string, Json>;
  // The names the group's template gives its rows and its button.
  const { itemLabel, addLabel } = groupNames(field.schema, field.options);
  for (const [index, rowValue] of value.entries()) {
    const row = groupRowName(itemLabel, index);
    const rowGroup = ctx.page.getByRole('group', { name: row, exact: true });
    if ((await rowGroup.count()) === 0) {
      await ctx.page.getByRole('button', { name: addLabel, exact: true }).click();
      await rowGroup.waitFor({ timeout: 10_000 }).catch(() => {
        throw new NotDrivable(`the field "${field.name}" (group): "${addLabel}" added no row "${row}"`);
      });
    }
    for (const [name, schema] of Object.entries(properties)) {
      const cell = (rowValue as Json | null)?.[name];
      if (cell === undefined) continue;
      // rjsf's id of a row's field: root_<list>_<index>_<field>.
      const rowField = { ...screenField(`${field.name}_${index}_${name}`, schema, itemsUi[name] ?? {}), row };
      const fill = fieldFillers[rowField.widget];
      if (!fill) throw new NotDrivable(`the field "${name}" of "${row}" has the widget "${rowField.widget}", which the driver cannot fill`);
      await fill(ctx, rowField, cell);
    }
  }
};
