import type { StepFile } from '../pack/stepFile';
import { isRow } from '../pack/referenceChoices';
import type { SummaryLine } from './JourneyDataView';
import type { PagesOption } from './listPage';
import type { TitlesFrom } from './providerTitles';

/**
 * What the screen itself reads of the options at the root of a step's uiSchema
 * (schemas/step.schema.json `screenOptions`): what it shows of the journey's data and how.
 */
export interface ScreenOptions {
  /** What the screen shows of the journey's data (a list, one record, a value). */
  from?: string;
  /** The list is one page of the provider's. */
  pages?: PagesOption;
  /** The event each row of the list sends with the row's id, by the step's button that sends it. */
  rowEvent?: string;
  lines?: SummaryLine[];
  titlesFrom?: TitlesFrom;
  unlockWhen?: string;
  sentTo?: string;
}

/**
 * A step's root `ui:options`: whole, as the step's own widget and the data view take them, and
 * as what the screen reads of them.
 */
export function rootOptionsOf(step: StepFile): { all: Record<string, unknown>; screen: ScreenOptions } {
  const found = step.uiSchema?.['ui:options'];
  const all = isRow(found) ? found : {};
  // The step file passed the meta-schema's screenOptions (journeys:check, and the build, refuse
  // one that does not), which gives these keys the shapes this type says.
  return { all, screen: all as ScreenOptions };
}
