import { PANEL_API, type ErrorAnswer } from '../panelApi';

/**
 * Calls one of the panels' routes (src/studio/server/panelRoutes.ts): its JSON answer, or an Error
 * with the server's words (`{ error }`) so a panel can show why.
 */
export async function panelFetch<T>(route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${PANEL_API}${route}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json().catch(() => ({ error: `the studio answered ${response.status}` }))) as T | ErrorAnswer;
  if (!response.ok) throw new Error((answer as ErrorAnswer).error ?? `the studio answered ${response.status}`);
  return answer as T;
}
