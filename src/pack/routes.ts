/** Splits a path into decoded segments, so `/se%C3%B1al` matches its route `/señal`. */
function segments(path: string): string[] {
  return (path.split('?')[0] ?? '')
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

/**
 * Whether a URL path shows a route pattern (`:name` segments match anything).
 *
 * @example routeMatches('/orders/:id', '/orders/42') // true
 */
export function routeMatches(pattern: string, path: string): boolean {
  const want = segments(pattern);
  const have = segments(path);
  return want.length === have.length && want.every((w, i) => w.startsWith(':') || w === have[i]);
}

/** Fills a route's `:name` segments from `values`, encoded for a URL. */
export function fillRoute(pattern: string, values: Record<string, unknown>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
}
