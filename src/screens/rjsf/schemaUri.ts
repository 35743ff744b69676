/**
 * Stands in for fast-uri, which @rjsf/utils imports to resolve a schema's $ref against its $id:
 * about 7.5 KB gzip of RFC 3986 parsing in the chunk every form loads. A step schema has no $ref,
 * $id or $defs (schemas/step.schema.json allows none), so rjsf never has one to resolve; what it
 * asks of the module (resolve, equal) is answered here the way the URL standard does, and as
 * fast-uri does for a fragment against any base (tests/unit/schemaUri.test.ts compares the two).
 * Aliased in vite.config.ts.
 */

/** A URI as the URL standard writes it, when it is an absolute one; else as given. */
function normalized(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}

/**
 * A reference resolved against a base URI.
 *
 * @example resolve('https://x.example/a/b.json', 'c.json#/p') // 'https://x.example/a/c.json#/p'
 */
export function resolve(base: string, reference: string): string {
  if (reference.startsWith('#')) return (base.split('#')[0] ?? '') + reference;
  try {
    return new URL(reference, base).href;
  } catch {
    return normalized(reference);
  }
}

/** Whether two URIs name the same resource. */
export function equal(a: string, b: string): boolean {
  return normalized(a) === normalized(b);
}

export default { resolve, equal };
