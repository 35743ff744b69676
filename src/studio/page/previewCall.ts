/**
 * A previewed screen's provider calls (a map's coverage areas, a select's options), made through
 * the studio's server, which answers them from its own sandbox over the seed
 * (src/studio/server/panels/previewSandbox.ts): the screen gets what the provider would answer,
 * and the sandbox the app runs on is never called from a preview.
 */
import type { CallOutcome } from '../../api/apiError';
import type { WidgetCaller } from '../../screens/stepFormContext';
import type { PreviewCallAnswer } from '../panelApi';
import { panelFetch } from './panelFetch';

/** One call a previewed screen made, and what it was answered, in a line. */
export interface ScreenCall {
  operationId: string;
  ok: boolean;
  summary: string;
}

/** The names an answer lists (offers, coverage areas, departments), or none. */
function namesIn(data: unknown): string[] {
  const features = (data as { features?: unknown } | null)?.features;
  const list = Array.isArray(data) ? data : Array.isArray(features) ? features : [];
  return list.flatMap((item: unknown) => {
    const value = item as { name?: unknown; properties?: { name?: unknown } } | null;
    const name = value?.name ?? value?.properties?.name;
    return typeof name === 'string' ? [name] : [];
  });
}

/** What an answer holds, in words: how many items and their names, else its keys. */
export function answerSummary(outcome: CallOutcome<unknown>): string {
  if (!outcome.ok) return `failed: ${outcome.error.message}`;
  const { data } = outcome;
  const names = namesIn(data);
  const count = Array.isArray(data) ? data.length : Array.isArray((data as { features?: unknown[] } | null)?.features) ? (data as { features: unknown[] }).features.length : undefined;
  if (count !== undefined) return `${count} item${count === 1 ? '' : 's'}${names.length > 0 ? `: ${names.join(', ')}` : ''}`;
  if (data && typeof data === 'object') return `answered ${Object.keys(data).join(', ')}`;
  return data === null ? 'answered nothing (no result)' : `answered ${JSON.stringify(data)}`;
}

/**
 * The `call` a previewed screen is given, for a country's journey; each call and its answer told to `onCall`.
 *
 * @example
 * const call = previewCall('sv', (made) => console.log(made.summary)); // coverageAreas → '12 items: Antiguo Cuscatlán, ...'
 */
export function previewCall(country: string, onCall: (call: ScreenCall) => void): WidgetCaller {
  return async (operationId, input) => {
    const outcome = await panelFetch<PreviewCallAnswer>(`/preview/call?country=${encodeURIComponent(country)}`, { operationId, input: input ?? {} }).catch(
      (error: Error): PreviewCallAnswer => ({ ok: false, error: { kind: 'network', status: 0, operationId, message: `Vista previa: ${error.message}` } }),
    );
    onCall({ operationId, ok: outcome.ok, summary: answerSummary(outcome) });
    return outcome;
  };
}
