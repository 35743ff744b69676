/**
 * The messages of spec section 5 that belong to no rule, as written there. A rule's own message
 * lives with its rule (a build holds only the rules its country's steps name); the provider's
 * answers' messages (an expired code, a phone already used) are the journey's.
 */
export const messages = {
  required: 'Campo requerido',
  checkData: 'Por favor, valida la información',
} as const;
