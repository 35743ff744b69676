/**
 * A field's own messages in the step file (`messages`, by a JSON Pointer into the data): the
 * field's, or, for a field of a group's row, the one written for every row, its pointer without
 * the row's number (`/addresses/addressType` for `/addresses/1/addressType`).
 *
 * @example fieldMessages({ '/addresses/addressType': { format: 'Solo letras' } }, '/addresses/1/addressType') // { format: 'Solo letras' }
 */
export function fieldMessages(messages: Record<string, Record<string, string>> | undefined, pointer: string): Record<string, string> | undefined {
  if (!messages) return undefined;
  return messages[pointer] ?? messages[pointer.replace(/\/\d+(?=\/|$)/g, '')];
}
