/**
 * Deep links (a journey file's root `links`): a path the page may be opened at that sends the
 * journey an event with the link's values, such as a customer's verification link or the page a
 * payment provider sends the agent back to. The matching is here, pure, so that the shell
 * (src/app/openingEvents.ts), the checker and the tools read a link alike.
 */

/** A deep link as the journey file declares it. */
export type JourneyLink = {
  /** The path: `:name` a value, `:name?` one that may be left out (`/check/:lead?/:token`). */
  route: string;
  /** The event the journey is sent (`link.verifyPhone`), with `values`. */
  event: string;
  /** The query-string values the link takes; any other query value is ignored. */
  query?: string[];
  description?: string;
};

/** A link matched: the link, and its values (only those the URL has). */
export type LinkMatch = { link: JourneyLink; values: Record<string, string> };

/**
 * The longest URL (path and query) a link is read from: a link carries ids and tokens, a few
 * hundred characters at most; anything longer is not one of ours and is ignored whole.
 */
export const MAX_LINK_URL_LENGTH = 2048;

/** One segment of a link's route: a literal, or a value (optional or not). */
type RoutePart = { literal: string } | { name: string; optional: boolean };

const routeParts = (route: string): RoutePart[] =>
  route
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (s.startsWith(':') ? { name: s.slice(1).replace(/\?$/, ''), optional: s.endsWith('?') } : { literal: s }));

/** The names of a link's values: its route's, then its query's. */
export function linkValueNames(link: JourneyLink): string[] {
  const fromRoute = routeParts(link.route).flatMap((p) => ('name' in p ? [p.name] : []));
  return [...new Set([...fromRoute, ...(link.query ?? [])])];
}

/**
 * A raw path's segments, each decoded on its own, so that an encoded `/` (`%2F`) stays inside
 * its segment; undefined when one is not valid percent-encoding (no link takes a broken value).
 */
function pathSegments(rawPath: string): string[] | undefined {
  const decoded: string[] = [];
  for (const segment of rawPath.split('/')) {
    if (segment === '') continue;
    try {
      decoded.push(decodeURIComponent(segment));
    } catch {
      return undefined;
    }
  }
  return decoded;
}

/**
 * The route's values in `have`, or undefined when it does not match. Optional values left out
 * are the later ones: with one segment fewer than the route has, its last optional value is the
 * one missing (so `/v/:id?/:uid` reads `/v/abc` as `uid`).
 */
function routeValues(parts: RoutePart[], have: string[]): Record<string, string> | undefined {
  const optional = parts.filter((p) => 'name' in p && p.optional).length;
  const required = parts.length - optional;
  if (have.length < required || have.length > parts.length) return undefined;
  let optionalsGiven = have.length - required;
  const values: Record<string, string> = {};
  let at = 0;
  for (const part of parts) {
    if ('literal' in part) {
      if (have[at] !== part.literal) return undefined;
      at++;
      continue;
    }
    if (part.optional && optionalsGiven-- <= 0) continue;
    values[part.name] = have[at] as string;
    at++;
  }
  return values;
}

/** The query values a link takes, those given and not empty (the first of a name given twice). */
function queryValues(link: JourneyLink, search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const values: Record<string, string> = {};
  for (const name of link.query ?? []) {
    const value = params.get(name);
    if (value !== null && value !== '') values[name] = value;
  }
  return values;
}

/**
 * The link a page opened at `rawPath` (as the browser has it, still percent-encoded) with query
 * `search` shows, and its values; the first of the journey's links that matches, or undefined.
 *
 * @example
 * matchLink([{ route: '/retomar/:ticket?', event: 'link.resume', query: ['from'] }], '/retomar/T-1', '?from=sms&x=1')
 * // { link: ..., values: { ticket: 'T-1', from: 'sms' } }
 */
export function matchLink(links: readonly JourneyLink[] | undefined, rawPath: string, search = ''): LinkMatch | undefined {
  if (!links || links.length === 0 || rawPath.length + search.length > MAX_LINK_URL_LENGTH) return undefined;
  const have = pathSegments(rawPath);
  if (!have) return undefined;
  for (const link of links) {
    const values = routeValues(routeParts(link.route), have);
    if (values) return { link, values: { ...values, ...queryValues(link, search) } };
  }
  return undefined;
}

/**
 * A link's URL (path and query) with `values`: what a tool opens to follow it. A route value
 * missing is left out when optional (an empty segment otherwise); each encoded.
 *
 * @example fillLink({ route: '/retomar/:ticket?', event: 'link.resume', query: ['from'] }, { ticket: 'a/b', from: 'sms' }) // '/retomar/a%2Fb?from=sms'
 */
export function fillLink(link: JourneyLink, values: Record<string, unknown>): string {
  const given = (name: string) => values[name] !== undefined && values[name] !== null && values[name] !== '';
  const path = routeParts(link.route)
    .filter((p) => !('name' in p) || !p.optional || given(p.name))
    .map((p) => ('literal' in p ? encodeURIComponent(p.literal) : encodeURIComponent(String(values[p.name] ?? ''))))
    .join('/');
  const query = new URLSearchParams();
  for (const name of link.query ?? []) if (given(name)) query.set(name, String(values[name]));
  const search = query.toString();
  return `/${path}${search ? `?${search}` : ''}`;
}

/**
 * A route with its values' names left out (`/v/:?/:`), so that two routes that take the same
 * paths compare equal: two links with one route, or a link on a step's route.
 */
export function routeShape(route: string): string {
  return `/${routeParts(route)
    .map((p) => ('literal' in p ? p.literal : p.optional ? ':?' : ':'))
    .join('/')}`;
}

/** The routes a link's route stands for, one per number of optional values given (`/v/:id?` is `/v` and `/v/:id`). */
export function routeForms(route: string): string[] {
  const parts = routeParts(route);
  const optional = parts.filter((p) => 'name' in p && p.optional).length;
  const forms: string[] = [];
  for (let given = 0; given <= optional; given++) {
    let left = given;
    const kept = parts.filter((p) => !('name' in p) || !p.optional || left-- > 0);
    forms.push(`/${kept.map((p) => ('literal' in p ? p.literal : ':')).join('/')}`);
  }
  return forms;
}

/**
 * The event a journey's link event becomes once it has gone through its URL, as the shell sends
 * it: its values filled into the link's URL and read back from it (text, only those the link
 * takes). A tool replaying a path's example sends this, not the example as written; an event no
 * link sends is given back as it is.
 *
 * @example throughLink(links, { type: 'link.resume', values: { ticket: 42, other: 1 } }) // { type: 'link.resume', values: { ticket: '42' } }
 */
export function throughLink<E extends { type: string; values?: unknown }>(links: readonly JourneyLink[] | undefined, event: E): E | { type: string; values: Record<string, string> } {
  const link = links?.find((l) => l.event === event.type);
  if (!link) return event;
  const given = event.values !== null && typeof event.values === 'object' ? (event.values as Record<string, unknown>) : {};
  const [path = '', search = ''] = fillLink(link, given).split('?');
  return { type: event.type, values: matchLink([link], path, search)?.values ?? {} };
}
