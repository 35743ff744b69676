/**
 * The wire format of the provider's signed calls, the same for every country that signs them
 * (spec section 7: "headers carry an encrypted nonce and state, a timestamp-based identity,
 * and a signature over the query, body and headers"), shared by the client (`callSigner.ts`, WebCrypto) and the sandbox
 * (`src/sandbox/signedCalls.ts`, node:crypto) so that the two cannot drift apart. No crypto here:
 * only names, limits and the exact text that is signed. See docs/security.md.
 */

export const SIGNED_HEADERS = {
  /** `<epoch ms>-<random hex>`: when the request was made, and which request it is. */
  identity: 'x-identity',
  /** 16 random bytes, AES-GCM sealed: each may be used once. */
  nonce: 'x-nonce',
  /** 16 random bytes, AES-GCM sealed: the answer must carry the same, sealed again. */
  state: 'x-state',
  /** Base64 HMAC-SHA-256 of `canonicalRequest`. */
  signature: 'x-signature',
  /** The names of the headers the signature covers, `;`-separated, lower case. */
  signedHeaders: 'x-signed-headers',
  /** Sign-in only: the client's ECDH P-256 public key (raw, base64) the session keys come from. */
  clientKey: 'x-client-key',
  /** On an answer: `v1` when its body is sealed. */
  sealed: 'x-sealed',
  /** On a sealed answer: the content type of what is inside. */
  sealedType: 'x-sealed-type',
} as const;

/** A request whose identity is further than this from the provider's clock is refused. */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** Headers every signed request must sign; `content-type` and `idempotency-key` too when sent. */
export const REQUIRED_SIGNED = [SIGNED_HEADERS.identity, SIGNED_HEADERS.nonce, SIGNED_HEADERS.state] as const;
export const OPTIONAL_SIGNED = ['content-type', 'idempotency-key', SIGNED_HEADERS.clientKey] as const;

/**
 * The HKDF `info` of each session key, so that one secret gives two unrelated keys. The same in
 * every country: a session's keys are agreed with one country's provider and kept by it alone.
 */
export const KEY_INFO = { sign: 'calls-sign-v1', seal: 'calls-seal-v1' } as const;

/** The additional data each sealed piece is bound to, so that none can be moved to another place. */
export const SEALED_AAD = {
  nonce: (identity: string) => `nonce\n${identity}`,
  state: (identity: string) => `state\n${identity}`,
  answer: (identity: string, status: number, contentType: string) => `answer\n${identity}\n${status}\n${contentType}`,
  /** A path parameter's or query value's, by its name. */
  param: (identity: string, name: string) => `param\n${identity}\n${name}`,
} as const;

/**
 * Where a signed request's values sit in its URL, each to be replaced by its sealed text (no
 * personal data in any URL: document numbers, e-mails and coordinates travel in paths and queries
 * by the spec's design): the path parameters, found by the operation's path template against the
 * end of the URL's path, and every query value.
 *
 * @example
 * await sealUrlValues(new URL('https://p/v1/telco/customers/046448482/accounts'), '/customers/{id}/accounts', seal)
 * // https://p/v1/telco/customers/<sealed>/accounts
 */
export async function sealUrlValues(url: URL, schemaPath: string, seal: (name: string, value: string) => Promise<string>): Promise<URL> {
  const sealed = new URL(url);
  const template = schemaPath.split('/');
  const segments = url.pathname.split('/');
  const offset = segments.length - template.length;
  for (const [i, part] of template.entries()) {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    const value = segments[offset + i];
    if (name && value !== undefined && offset >= 0) segments[offset + i] = await seal(name, decodeURIComponent(value));
  }
  sealed.pathname = segments.join('/');
  const query = new URLSearchParams();
  for (const [name, value] of url.searchParams) query.append(name, await seal(name, value));
  sealed.search = query.toString();
  return sealed;
}

/** The time in an identity, or NaN when it is not one. */
export function identityTime(identity: string): number {
  const match = /^(\d{13})-[0-9a-f]{8,32}$/.exec(identity);
  return match ? Number(match[1]) : Number.NaN;
}

/** The query as signed: pairs sorted by name then value, each part percent-encoded. */
export function canonicalQuery(search: URLSearchParams): string {
  return [...search]
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}

/**
 * The text a request's signature covers: method, path, sorted query, the body's SHA-256 (hex),
 * then each signed header as `name:value`, one per line.
 *
 * @example
 * canonicalRequest({ method: 'GET', url: '/v1/telco/city?region=06', bodySha256: EMPTY_SHA256, headers: [['x-identity', '...']] })
 */
export function canonicalRequest(request: { method: string; url: string; bodySha256: string; headers: Array<[string, string]> }): string {
  const url = new URL(request.url, 'http://signed.invalid');
  return [request.method.toUpperCase(), url.pathname, canonicalQuery(url.searchParams), request.bodySha256, ...request.headers.map(([name, value]) => `${name}:${value.trim()}`)].join('\n');
}

/** Which headers a request signs, in order: the required ones and those of the optional ones it sends. */
export function headersToSign(has: (name: string) => boolean): string[] {
  return [...REQUIRED_SIGNED, ...OPTIONAL_SIGNED.filter(has)];
}
