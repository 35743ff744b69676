import { getAt } from '../pack/jsonPointer';
import { JourneyDataView } from './JourneyDataView';
import { listPage } from './listPage';
import { PageButtons } from './PageButtons';
import { Paragraph } from './screenChrome';
import type { ScreenOptions } from './screenOptions';
import type { StepButton } from './StepButtons';
import type { StepFormContext } from './stepFormContext';

/** What a screen shows of the journey's data, when it shows some. */
export type Shown = { value: unknown } | undefined;

/**
 * What the screen shows of the journey's data (`ui:options.from` at the root: a list of leads,
 * an order number), above its form if it has one (a report with a cancel form); nothing when the
 * step's own widget is what reads it (the offers).
 */
export function shownOf(screen: ScreenOptions, journeyData: Record<string, unknown>, ownWidget: boolean): Shown {
  return screen.from !== undefined && !ownWidget ? { value: getAt({ context: journeyData }, screen.from) } : undefined;
}

/**
 * The journey's data a screen shows: a list that is one page of the provider's (the sales
 * report) with where it is written above it and the way to the pages before and after under it,
 * each row with the step's row button; one record or a value otherwise.
 */
export function ShownJourneyData({ shown, options, screen, journeyData, rowButton, busy, send }: Pick<StepFormContext, 'journeyData' | 'send'> & {
  shown: Shown;
  /** The root `ui:options`, as the data view reads them. */
  options: Record<string, unknown>;
  screen: ScreenOptions;
  rowButton: StepButton | undefined;
  busy: boolean;
}) {
  if (!shown) return null;
  const pages = Array.isArray(shown.value) ? screen.pages : undefined;
  const listAt = pages && listPage(getAt({ context: journeyData }, pages.from), pages.text);
  return (
    <>
      {listAt && (
        <Paragraph strong role="status">
          {listAt.text}
        </Paragraph>
      )}
      <JourneyDataView data={shown.value} options={options} rowEvent={rowButton} send={send} />
      {listAt && pages && <PageButtons at={listAt} options={pages} busy={busy} send={send} />}
    </>
  );
}
