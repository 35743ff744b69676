import { rowText } from './rowText';

/** A step's `ui:options.pages` (schemas/step.schema.json `pagesOption`): its list is one page of the provider's. */
export interface PagesOption {
  /** Where the journey keeps the page: `{page, pageSize, total}`. */
  from: string;
  sends: { event: string; as?: string };
  text?: string;
  previous?: string;
  next?: string;
}

/** Where a list is among its pages, and the words that say so. */
export interface ListPage {
  /** The page shown, from 1. */
  page: number;
  /** How many pages the list has (at least 1). */
  pages: number;
  total: number;
  text: string;
}

/** The words of a list's pages when the step file gives none. */
export const PAGE_WORDS = { text: 'Página {page} de {pages}', previous: 'Anterior', next: 'Siguiente' } as const;

const whole = (value: unknown, least: number): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value >= least ? value : undefined);

/**
 * Where a list is among its pages, from what the journey keeps of the provider's answer
 * (`{page, pageSize, total}`), or nothing to show: no page kept (the call failed, a provider
 * that does not page) or a single page. A page past the last still shows, so the agent can go
 * back from it.
 *
 * @example listPage({ page: 2, pageSize: 20, total: 5000 }) // { page: 2, pages: 250, total: 5000, text: 'Página 2 de 250' }
 */
export function listPage(kept: unknown, text: string = PAGE_WORDS.text): ListPage | undefined {
  const { page: rawPage, pageSize: rawSize, total: rawTotal } = (kept ?? {}) as Record<string, unknown>;
  const page = whole(rawPage, 1);
  const pageSize = whole(rawSize, 1);
  const total = whole(rawTotal, 0);
  if (page === undefined || pageSize === undefined || total === undefined) return undefined;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && page === 1) return undefined;
  return { page, pages, total, text: rowText(text, { page, pages, total }) };
}
