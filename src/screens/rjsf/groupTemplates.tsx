import { getUiOptions, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps, type TemplatesType } from '@rjsf/utils';
import { createContext, useContext, useEffect, useRef } from 'react';
import { ButtonRow, ScreenButton } from '../screenChrome';
import { groupNames, groupRowName } from './groupNames';

/**
 * A repeatable group of fields (a list of objects, `"ui:widget": "group"` or no widget: an
 * address's type/value pairs), drawn by rjsf's array templates as plain elements: the group a
 * fieldset named by its title, each row a fieldset named by `itemLabel` (by default the items'
 * title, else the list's) and its place
 * ("Dirección 2") holding the row's fields (rjsf's own, each with its own messages) and a
 * "Quitar" button named for the row ("Quitar dirección 2"), none while only `minItems` rows
 * remain, and under the rows the `addLabel` button ("Agregar" by default). rjsf keeps each row's
 * key across adds and removes, so what is typed stays with its row.
 * Focus: an added row's first field; after a remove, the row before's first field, or the add
 * button when the first row went (the removed button's focus is not lost to the page).
 */

/** What a row needs of its group: how many rows must stay, and what a row is called. */
interface GroupRows {
  minItems: number;
  itemLabel: string;
}

const GroupContext = createContext<GroupRows>({ minItems: 0, itemLabel: 'Elemento' });

/** A field an agent types or chooses in, the first of a row being the one focused. */
const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

const focusFirstField = (row: Element | null | undefined): boolean => {
  const field = row?.querySelector<HTMLElement>(FIELD);
  field?.focus();
  return field !== undefined && field !== null;
};

/** `Dirección` → `dirección`: a row's name inside a sentence ("Quitar dirección 2"). */
const inSentence = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

function ArrayFieldTemplate({ canAdd, disabled, readonly, fieldPathId, items, onAddClick, rawErrors, schema, title, uiSchema }: ArrayFieldTemplateProps) {
  const options = getUiOptions(uiSchema);
  const { itemLabel, addLabel } = groupNames(schema, options);
  const rows = useRef<HTMLDivElement>(null);
  // The row added by the button, focused once it is drawn.
  const added = useRef<number | null>(null);
  useEffect(() => {
    if (added.current === null || items.length <= added.current) return;
    focusFirstField(rows.current?.children[added.current]);
    added.current = null;
  });
  const context: GroupRows = { minItems: typeof schema.minItems === 'number' ? schema.minItems : 0, itemLabel };
  const legend = typeof options.title === 'string' ? options.title : title;
  const error = rawErrors && rawErrors.length > 0 ? rawErrors.join('\n') : undefined;
  return (
    <fieldset className="plain-group" id={fieldPathId.$id} data-group aria-describedby={error ? `${fieldPathId.$id}-error` : undefined}>
      {legend && <legend className="plain-group-legend plain-subtitle m_8a5d1357 mantine-Title-root" data-order="3">{legend}</legend>}
      {error && (
        <p className="plain-error m_8f816625 mantine-InputWrapper-error" data-size="sm" id={`${fieldPathId.$id}-error`}>
          {error}
        </p>
      )}
      <GroupContext.Provider value={context}>
        <div ref={rows} className="plain-group-rows">
          {items}
        </div>
      </GroupContext.Provider>
      {canAdd && (
        <div data-group-add>
          <ButtonRow>
            <ScreenButton
              disabled={disabled || readonly}
              onClick={() => {
                added.current = items.length;
                onAddClick();
              }}
            >
              {addLabel}
            </ScreenButton>
          </ButtonRow>
        </div>
      )}
    </fieldset>
  );
}

function ArrayFieldItemTemplate({ children, buttonsProps, index, totalItems, disabled, readonly }: ArrayFieldItemTemplateProps) {
  const { minItems, itemLabel } = useContext(GroupContext);
  const row = useRef<HTMLFieldSetElement>(null);
  const name = groupRowName(itemLabel, index);
  const removable = buttonsProps.hasRemove && totalItems > minItems;
  const remove = () => {
    // Focus moves before the row goes, to what stays: the row before, else the add button, else the row after.
    const here = row.current;
    const group = here?.closest('[data-group]');
    if (!focusFirstField(here?.previousElementSibling)) {
      const add = group?.querySelector<HTMLElement>(':scope > [data-group-add] button');
      if (add) add.focus();
      else focusFirstField(here?.nextElementSibling);
    }
    buttonsProps.onRemoveItem();
  };
  return (
    <fieldset ref={row} className="plain-group-row">
      <legend className="plain-group-row-legend">{name}</legend>
      {children}
      {removable && (
        <ButtonRow>
          <ScreenButton name={`Quitar ${inSentence(name)}`} disabled={disabled || readonly} onClick={remove}>
            Quitar
          </ScreenButton>
        </ButtonRow>
      )}
    </fieldset>
  );
}

/** The array templates of a step's form (the rest are plainTemplates). */
export const groupTemplates: Partial<TemplatesType> = { ArrayFieldTemplate, ArrayFieldItemTemplate };
