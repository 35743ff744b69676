import { useEffect, useRef } from 'react';
import { PAGE_WORDS, type ListPage, type PagesOption } from './listPage';
import { ButtonRow, ScreenButton } from './screenChrome';

/**
 * The buttons under a list that is one page of the provider's (`ui:options.pages`): the page
 * before and the page after, each sending the step's `sends` event with that page's number.
 * Disabled at either end and while the journey waits; from a page past the last, "before" goes
 * to the last. When the page asked for arrives, the screen goes back to its top, where the list
 * starts and the position is written: the agent pressed at the bottom of the page before.
 */
export function PageButtons({ at, options, busy, send }: { at: ListPage; options: PagesOption; busy: boolean; send: (event: { type: string } & Record<string, unknown>) => void }) {
  const asked = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (asked.current === undefined || asked.current !== at.page) return;
    asked.current = undefined;
    window.scrollTo({ top: 0 });
  }, [at.page]);
  const go = (page: number) => {
    asked.current = page;
    send({ type: options.sends.event, [options.sends.as ?? 'page']: page });
  };
  return (
    <ButtonRow>
      <ScreenButton disabled={busy || at.page <= 1} onClick={() => go(Math.min(at.page - 1, at.pages))}>
        {options.previous ?? PAGE_WORDS.previous}
      </ScreenButton>
      <ScreenButton disabled={busy || at.page >= at.pages} onClick={() => go(at.page + 1)}>
        {options.next ?? PAGE_WORDS.next}
      </ScreenButton>
    </ButtonRow>
  );
}
