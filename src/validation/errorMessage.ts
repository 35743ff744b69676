import { messages } from './messages';

/** What a validator reports about one field, as ajv shapes it. */
export interface FieldError {
  keyword: string;
  params: Record<string, unknown>;
}

/**
 * The Spanish message for a failed rule: the step's own message for that rule when it gives
 * one, else the rule's. `required` is always `Campo requerido` unless a step says otherwise.
 * A format's message comes from `formatMessages`: the screens pass their country's
 * (`virtual:country/formats`), Node code every rule's (formats.ts), so that no build holds
 * another country's rules through this module.
 *
 * @example errorMessage({ keyword: 'format', params: { format: 'dui' } }, { dui: 'El DUI ingresado no es válido' }) // 'El DUI ingresado no es válido'
 */
export function errorMessage(error: FieldError, formatMessages: Record<string, string>, overrides: Record<string, string> = {}): string {
  const own = overrides[error.keyword];
  if (own) return own;
  const limit = error.params.limit;
  switch (error.keyword) {
    case 'required':
      return messages.required;
    case 'format':
    case 'dateWith': {
      const format = String(error.params.format);
      return (Object.hasOwn(formatMessages, format) ? formatMessages[format] : undefined) ?? messages.checkData;
    }
    case 'maxLength':
      return `Máximo ${String(limit)} caracteres`;
    case 'minLength':
      return Number(limit) <= 1 ? messages.required : `Mínimo ${String(limit)} caracteres`;
    case 'maximum':
      return `El valor máximo es ${String(limit)}`;
    case 'minimum':
      return `El valor mínimo es ${String(limit)}`;
    case 'const':
      // A checkbox that must be ticked (terms, conditions) reads as required.
      return error.params.allowedValue === true ? messages.required : messages.checkData;
    default:
      return messages.checkData;
  }
}
