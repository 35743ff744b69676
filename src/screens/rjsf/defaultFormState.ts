import type { Experimental_DefaultFormStateBehavior } from '@rjsf/utils';

/**
 * How a step's form fills in defaults, the same for the form and for the data a screen opens
 * with (StepForm's `withDefaults`): a `const` is a rule, not a value, so a consent that must be
 * given opens unticked and a select with no default opens empty (rjsf would fill in the first
 * option's const).
 */
export const DEFAULT_FORM_STATE: Experimental_DefaultFormStateBehavior = { constAsDefaults: 'never' };
