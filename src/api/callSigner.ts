import type { Middleware } from 'openapi-fetch';
import { openBytes as open, sealBytes as seal, toBase64 } from './aesGcm';
import { canonicalRequest, headersToSign, KEY_INFO, SEALED_AAD, sealUrlValues, SIGNED_HEADERS } from './signedCallProtocol';
import type { PublishedKeys } from './publishedKeys';
import { callKey } from './operationTable';

/**
 * The session's call keys: one to sign requests (HMAC-SHA-256), one to seal and open what
 * travels encrypted (AES-GCM), both agreed at sign-in and non-extractable; and how far this
 * device's clock is from the provider's, so that a phone with a wrong clock still signs in time.
 */
export interface CallKeys {
  sign: CryptoKey;
  seal: CryptoKey;
  clockOffsetMs: number;
}

/** Where the call keys are kept between page loads: IndexedDB in the app, memory in Node. */
export interface CallKeyring {
  load(): Promise<CallKeys | undefined>;
  save(keys: CallKeys): Promise<void>;
  wipe(): Promise<void>;
}

/** A keyring that lives as long as the page (Node scripts and tests). */
export function memoryKeyring(): CallKeyring {
  let kept: CallKeys | undefined;
  return {
    load: async () => kept,
    save: async (keys) => {
      kept = keys;
    },
    wipe: async () => {
      kept = undefined;
    },
  };
}

/**
 * A signed call whose answer cannot be trusted: `integrity` when the answer's state is not the
 * one sent with that request (spec section 4: the session is wiped), `unreadable` when an answer
 * that should be sealed is not, or does not open, `lost` when the provider took the request but
 * its answer never came back (it refused a second copy of it).
 */
export class SignedCallError extends Error {
  constructor(
    readonly kind: 'integrity' | 'unreadable' | 'lost',
    readonly status: number,
  ) {
    super(kind === 'integrity' ? 'The answer does not belong to this session' : 'The answer could not be opened');
  }
}

const encoder = new TextEncoder();
const toBase64Url = (base64: string) => base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/** What the key-publishing operation (`x-signing: publishes-keys`) publishes: the PIN's RSA key and the agreement key, as JWKs. */
export type { PublishedKeys } from './publishedKeys';

/** The provider's agreement key (ECDH P-256, from the key-publishing operation) and the clock offset its answer shows. */
interface ProviderKey {
  key: CryptoKey;
  clockOffsetMs: number;
  published: PublishedKeys;
}

/** New session keys: an ephemeral ECDH key pair (private half non-extractable) against the provider's. */
async function agree(provider: ProviderKey): Promise<{ keys: CallKeys; clientKey: string }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])) as CryptoKeyPair;
  const clientKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const secret = await crypto.subtle.deriveBits({ name: 'ECDH', public: provider.key }, pair.privateKey, 256);
  const base = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  const hkdf = (info: string) => ({ name: 'HKDF', hash: 'SHA-256', salt: clientKey, info: encoder.encode(info) });
  const sign = await crypto.subtle.deriveKey(hkdf(KEY_INFO.sign), base, { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign']);
  const sealKey = await crypto.subtle.deriveKey(hkdf(KEY_INFO.seal), base, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  return { keys: { sign, seal: sealKey, clockOffsetMs: provider.clockOffsetMs }, clientKey: toBase64(clientKey) };
}

export interface CallSignerOptions {
  /** Where the provider publishes its keys: the URL of the operation marked
   * `x-signing: publishes-keys` in the country's spec. */
  publicKeyUrl: string;
  /** The calls never signed, by method and path as the spec writes them (`callKey`): the one
   * that publishes the keys and every `x-signing: public` call (their answers are not sealed). */
  unsigned: ReadonlySet<string>;
  /** The calls that agree new call keys (their own request is signed with them already), by
   * method and path: the sign-in (`x-signing: sign-in`) and every call that opens a customer's
   * session (`x-session: open`). Every other call is signed with the session's keys. */
  agreesKeys: ReadonlySet<string>;
  fetch?: typeof fetch;
  keyring?: CallKeyring;
  /** Called when an answer's state is not the one sent: the shell wipes the session. */
  onMismatch?: () => void;
  /** This device's clock (tests give a wrong one). */
  now?: () => number;
}

/** What a request in flight was sent with: its state, its keys, and the request as it was
 * before signing (sent again, signed anew, when the clock was off). */
interface Pending {
  state: string;
  keys: CallKeys;
  /** It agreed new keys (a sign-in, or a customer's session opened). */
  signIn: boolean;
  original: Request;
}

/** What a signer keeps between calls: its settings, the session's keys, the provider's key, the requests in flight. */
interface SignerState {
  options: CallSignerOptions;
  keyring: CallKeyring;
  now: () => number;
  doFetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  current: Promise<CallKeys | undefined> | undefined;
  provider: Promise<ProviderKey> | undefined;
  /** Each request in flight, by identity. */
  pending: Map<string, Pending>;
}

/** How far the provider's clock (its answer's Date) is ahead of this device's. */
function clockOffset(state: SignerState, response: Response): number | undefined {
  const date = Date.parse(response.headers.get('date') ?? '');
  return Number.isNaN(date) ? undefined : date - state.now();
}

/** The provider's agreement key, asked once per page (the key-publishing call), and again after a failure. */
function providerKey(state: SignerState): Promise<ProviderKey> {
  return (state.provider ??= (async () => {
    // What the signer reads of the answer, loaded while the keys are asked (not on the first screen).
    const reading = import('./publishedKeys');
    // Called as a plain function: the page's fetch called as another object's method throws "Illegal invocation".
    const { doFetch } = state;
    const response = await doFetch(state.options.publicKeyUrl, { credentials: 'include' });
    if (!response.ok) throw new Error(`public key: ${response.status}`);
    const answer: unknown = await response.json();
    const { readAnswer, publishedKeysAnswer } = await reading;
    const published = readAnswer(publishedKeysAnswer, answer, 'the public key call');
    const key = await crypto.subtle.importKey('jwk', published.agreementKey, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    return { key, clockOffsetMs: clockOffset(state, response) ?? 0, published };
  })().catch((error: unknown) => {
    state.provider = undefined; // asked again on the next sign-in (a network failure)
    throw error;
  }));
}

/** The keys a request is signed with: new ones for a call that agrees them (its client key sent), else the session's. */
async function keysFor(state: SignerState, request: Request, schemaPath: string, headers: Headers): Promise<{ keys: CallKeys | undefined; signIn: boolean }> {
  // A sign-in or a customer's session opened: new keys, kept once its answer is a success.
  const signIn = state.options.agreesKeys.has(callKey(request.method, schemaPath));
  if (!signIn) return { keys: await (state.current ??= state.keyring.load()), signIn };
  const agreed = await agree(await providerKey(state));
  headers.set(SIGNED_HEADERS.clientKey, agreed.clientKey);
  return { keys: agreed.keys, signIn };
}

/** The request signed: identity, sealed nonce and state, signature; undefined when there are no keys. */
async function sign(state: SignerState, request: Request, schemaPath: string): Promise<Request | undefined> {
  const headers = new Headers(request.headers);
  const { keys, signIn } = await keysFor(state, request, schemaPath, headers);
  // No keys (signed out, or wiped): the call goes unsigned and the provider refuses it (401).
  if (!keys) return undefined;
  // The request as it came, for a retry signed anew; its body is read from the request itself.
  const original = request.clone();
  const hasBody = request.body !== null;
  const identity = `${Math.round(state.now() + keys.clockOffsetMs)}-${hex(random(8).buffer)}`;
  const sentState = toBase64(random(16));
  const sealKey = keys.seal;
  // Each of these waits on WebCrypto on its own: started together, not one after another
  // (a call's signing is on the way of every step change that calls the provider).
  const [url, nonce, sealedState, read] = await Promise.all([
    sealUrlValues(new URL(request.url), schemaPath, async (name, value) => toBase64Url(await seal(sealKey, encoder.encode(value), SEALED_AAD.param(identity, name)))),
    seal(sealKey, random(16), SEALED_AAD.nonce(identity)),
    seal(sealKey, encoder.encode(sentState), SEALED_AAD.state(identity)),
    (hasBody ? request.arrayBuffer() : Promise.resolve(new ArrayBuffer(0))).then(async (bytes) => ({ body: new Uint8Array(bytes), sha: hex(await crypto.subtle.digest('SHA-256', bytes)) })),
  ]);
  headers.set(SIGNED_HEADERS.identity, identity);
  headers.set(SIGNED_HEADERS.nonce, nonce);
  headers.set(SIGNED_HEADERS.state, sealedState);
  const names = headersToSign((name) => headers.has(name));
  const text = canonicalRequest({ method: request.method, url: url.href, bodySha256: read.sha, headers: names.map((name) => [name, headers.get(name) ?? '']) });
  headers.set(SIGNED_HEADERS.signedHeaders, names.join(';'));
  headers.set(SIGNED_HEADERS.signature, toBase64(new Uint8Array(await crypto.subtle.sign('HMAC', keys.sign, encoder.encode(text)))));
  state.pending.set(identity, { state: sentState, keys, signIn, original });
  return new Request(url, { method: request.method, headers, body: hasBody ? read.body : undefined, signal: request.signal, credentials: request.credentials, redirect: request.redirect });
}

/** The provider's refusal code of a clear error answer (`errors[0].code`), if any. */
async function refusal(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { errors?: Array<{ code?: string }> };
    return body.errors?.[0]?.code;
  } catch {
    return undefined;
  }
}

/**
 * An answer refused before its body is read, let go of: an unread body holds its connection
 * (HTTP/1.1 cannot reuse it) until the page's garbage collector takes the answer, 30 s in
 * Chromium, one of the six a page has per host.
 */
const letGo = (response: Response) => (response.bodyUsed ? undefined : response.body?.cancel().catch(() => undefined));

/** One answer to a signed request, with how to send it again signed anew. */
interface Received {
  request: Request;
  response: Response;
  schemaPath: string;
  send: (request: Request) => Promise<Response>;
  again: boolean;
}

/**
 * An answer in clear to a signed request: an error from something before the provider (a
 * gateway's 504, a refused signature's 401), read as it is; a success never comes so. A request
 * refused as stale is signed again once, in the provider's time; a second copy is "no answer".
 */
async function clearAnswer(state: SignerState, sent: Pending, got: Received): Promise<Response | undefined> {
  if (got.response.ok) throw new SignedCallError('unreadable', got.response.status);
  // A refused sign-in may mean the provider has a new agreement key: asked again next time.
  if (sent.signIn && got.response.status === 401) state.provider = undefined;
  const code = await refusal(got.response);
  const offset = clockOffset(state, got.response);
  if (code === 'TIMESTAMP_STALE' && got.again && offset !== undefined) {
    // This device's clock moved (or was wrong from the start): the refused request did
    // nothing, so it is signed again once, in the provider's time.
    sent.keys.clockOffsetMs = offset;
    if (!sent.signIn) await state.keyring.save(sent.keys);
    const retry = await sign(state, sent.original, got.schemaPath);
    if (!retry) return undefined;
    return (await receive(state, { ...got, request: retry, response: await got.send(retry), again: false })) ?? undefined;
  }
  // The same request arrived twice (a browser resends a request whose connection broke
  // without an answer): the first copy was taken and its answer is lost, as if no answer came.
  if (code === 'NONCE_REPLAYED') throw new SignedCallError('lost', 0);
  return undefined;
}

/** The answer to a signed request checked and opened (see createCallSigner's description); one refused is let go of. */
async function receive(state: SignerState, got: Received): Promise<Response | undefined> {
  try {
    return await checkedAnswer(state, got);
  } catch (error) {
    await letGo(got.response);
    throw error;
  }
}

/** The answer checked and opened, or the error that refuses it. */
async function checkedAnswer(state: SignerState, got: Received): Promise<Response | undefined> {
  const { request, response } = got;
  const identity = request.headers.get(SIGNED_HEADERS.identity);
  const sent = identity ? state.pending.get(identity) : undefined;
  if (!identity || !sent) return undefined;
  state.pending.delete(identity);
  const stateHeader = response.headers.get(SIGNED_HEADERS.state);
  if (stateHeader !== null) {
    const opened = await open(sent.keys.seal, stateHeader, SEALED_AAD.state(identity));
    if (!opened || new TextDecoder().decode(opened) !== sent.state) {
      state.options.onMismatch?.();
      throw new SignedCallError('integrity', response.status);
    }
  }
  const sealedType = response.headers.get(SIGNED_HEADERS.sealedType);
  if (response.headers.get(SIGNED_HEADERS.sealed) === null || stateHeader === null || sealedType === null) return clearAnswer(state, sent, got);
  const plain = await open(sent.keys.seal, await response.text(), SEALED_AAD.answer(identity, response.status, sealedType));
  if (!plain) throw new SignedCallError('unreadable', response.status);
  const headers = new Headers(response.headers);
  headers.set('content-type', sealedType);
  headers.delete('content-length');
  if (sent.signIn && response.ok) {
    state.current = Promise.resolve(sent.keys);
    await state.keyring.save(sent.keys);
  }
  // A 204 or 304 may not carry a body at all.
  const empty = response.status === 204 || response.status === 304;
  return new Response(empty ? null : plain, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Signs every provider call and opens every answer (spec section 7), as openapi-fetch
 * middleware. Each request gets a timestamp identity, a sealed nonce and a sealed state, its path
 * parameters and query values sealed (no personal data in a URL), and an HMAC over method, path,
 * sorted query, body hash and those headers; the answer must carry the same state sealed again
 * (else `onMismatch`, spec section 4) and a sealed body, which is opened into a plain JSON answer
 * for the layers above. See docs/security.md.
 *
 * @example
 * const [, keys] = operationWithRole(operations, 'publishes-keys')!;
 * const [, signIn] = operationWithRole(operations, 'sign-in')!;
 * const signer = createCallSigner({ publicKeyUrl: `${base}${keys.path}`, unsigned: new Set([callKey('get', keys.path)]), agreesKeys: new Set([callKey('post', signIn.path)]), onMismatch: wipe });
 * client.use(signer.middleware);
 */
export function createCallSigner(options: CallSignerOptions) {
  const state: SignerState = {
    options,
    keyring: options.keyring ?? memoryKeyring(),
    now: options.now ?? (() => Date.now()),
    doFetch: options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)),
    current: undefined,
    provider: undefined,
    pending: new Map(),
  };
  const middleware: Middleware = {
    async onRequest({ request, schemaPath }) {
      return options.unsigned.has(callKey(request.method, schemaPath)) ? undefined : sign(state, request, schemaPath);
    },
    async onResponse({ request, response, schemaPath, options: fetchOptions }) {
      // Called as a plain function: the page's fetch called as another object's method throws
      // "Illegal invocation", and the retry of a refused stale call never went.
      const fetchAgain = fetchOptions.fetch;
      return receive(state, { request, response, schemaPath, send: (retry) => fetchAgain(retry), again: true });
    },
    onError({ request }) {
      const identity = request.headers.get(SIGNED_HEADERS.identity);
      if (identity) state.pending.delete(identity);
      return undefined;
    },
  };

  return {
    middleware,
    /** The provider's published keys, asked once per page (and again after a refused sign-in). */
    publishedKeys: async () => (await providerKey(state)).published,
    /** Drops the session's keys (logout, 401, mismatch, idle timeout). */
    async forget() {
      state.current = undefined;
      state.pending.clear();
      await state.keyring.wipe();
    },
  };
}
