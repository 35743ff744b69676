import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { countryDbFile, openDatabase, parseData, SEED_ROOT, type SandboxDb } from './database';
import { readProvider, type Provider } from './providerSettings';
import { FAULT_HEADER, faultAnswer } from './faults';
import { badRequest, invalid, type Handler, type HandlerAnswer, type SandboxMode, type Seller, type UploadedFile } from './handler';
import { handlers } from './handlers/registry';
import { refusedPinInBody } from './handlers/auth';
import { createPinKey } from './pinKey';
import { logoSvg } from './logos';
import { loadCountryOperations } from '../openapi/countryOperations';
import type { Operation } from '../openapi/operations';
import { countryCodes, OPENAPI_ROOT } from '../openapi/specFiles';
import { createAgreementKey, finishCall, openCall, openUrlValues, sealAnswer, sessionKeys, type OpenedCall, type Refusal, type VerifiedCall } from './signedCalls';
import { closedShape, frameworkRefusal, nestedDeeperThan, refusalError, refusals, refuseClient, REQUEST_LIMITS } from './requestLimits';
import { SIGN_IN_THROTTLE, signInThrottle, type SignInThrottlePolicy } from './signInThrottle';
import { OTP_LIMITS, otpLimits, type OtpPolicy } from './otpLimits';
import { HIDDEN_CHARACTER_MESSAGE, hiddenCharacterAt } from './hiddenCharacters';
import { SIGNED_HEADERS } from '../api/signedCallProtocol';
import { DEFAULT_COUNTRY } from '../pack/defaultCountry';

/** One country's provider API as the sandbox serves it: its specs and its seed data. */
export interface CountryApi {
  /** The country code, lower case: `sv`. */
  code: string;
  /** Its OpenAPI specs: `openapi/<cc>/`. */
  openapiDir: string;
  /** Its seed data: `src/sandbox/seed/<cc>/`. */
  seedDir: string;
}

/** Every country with a provider API (`openapi/<cc>/`), each with its seed folder (`src/sandbox/seed/<cc>/`). */
export function countryApis(openapiRoot = OPENAPI_ROOT, seedRoot = SEED_ROOT): CountryApi[] {
  return countryCodes(openapiRoot).map((code) => ({ code, openapiDir: resolve(openapiRoot, code), seedDir: resolve(seedRoot, code) }));
}

/**
 * What the sandbox serves by default: the repository's countries, and those of the country
 * packs in `COUNTRY_PACKS` (a folder with the repository's layout: `openapi/<cc>/`, `seed/<cc>/`),
 * a test country made only of data among them.
 */
export function defaultCountryApis(packs = process.env.COUNTRY_PACKS): CountryApi[] {
  const own = countryApis();
  if (!packs) return own;
  const packed = countryApis(resolve(packs, 'openapi'), resolve(packs, 'seed')).filter((c) => !own.some((o) => o.code === c.code));
  return [...own, ...packed];
}

export interface SandboxOptions {
  /** SQLite file, one per country beside it (`sandbox.db` gives `sandbox.sv.db`...), or `:memory:`. */
  db?: string;
  mode?: SandboxMode;
  /** The provider segment of the paths (`/v1/<provider>/...`). */
  provider?: string;
  /** The countries served, each under its own paths (default: `defaultCountryApis()`). */
  countries?: CountryApi[];
  /** The country whose database is `Sandbox.db` (the build's: `COUNTRY`, SV by default). */
  country?: string;
  /** Logs requests (never bodies: they carry personal data). */
  logger?: boolean;
  /** A fixed clock for tests. */
  now?: () => Date;
  /** Sign-in throttling's numbers (src/sandbox/signInThrottle.ts; the defaults are documented in docs/security.md). */
  signInThrottle?: Partial<SignInThrottlePolicy>;
  /** One-time codes' limits (src/sandbox/otpLimits.ts; docs/security.md). */
  otpLimits?: Partial<OtpPolicy>;
  /** How long a session lives (SESSION_LIFETIME by default; tests shorten it). */
  sessionLifetime?: Partial<SessionLifetime>;
  /** The built app (`dist/`): served with every unknown GET answered by its index.html. */
  staticDir?: string;
}

/**
 * The app page's Content Security Policy: scripts, styles, workers and calls from this origin
 * only; no inline script or eval at all; style elements only with the page's nonce; images also
 * from `data:` and `blob:` (photo previews, thumbnails); no plugins, no `<base>`, no framing.
 * Calls may also go to `connectTo`: the origin of the map's street style the page names
 * (`mapStyleOrigins`), whose style, tiles, sprites and glyphs maplibre-gl fetches.
 */
export function contentSecurityPolicy(nonce: string, connectTo: string[] = [], tagManager: string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...tagManager].join(' '),
    `style-src 'self' 'nonce-${nonce}'`,
    ["img-src 'self' data: blob:", ...tagManager].join(' '),
    ["connect-src 'self'", ...connectTo, ...tagManager].join(' '),
    "worker-src 'self' blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The outside origin of the map's street style that a built page names (`<meta name="map-style">`,
 * written by the build from `VITE_MAP_STYLE`: src/build/mapStyle.ts), as `connect-src` takes it;
 * none for a style on the app's own server or a build without streets.
 */
export function mapStyleOrigins(page: string): string[] {
  const content = /<meta name="map-style" content="([^"]*)"/.exec(page)?.[1];
  if (!content) return [];
  try {
    const url = new URL(content.replace(/&amp;/g, '&'));
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

/** The tag manager's host when the built page names a container (`<meta name="tag-manager">`: src/build/tagManager.ts), for its script, its records and its pixel; none otherwise. */
export function tagManagerOrigins(page: string): string[] {
  return /<meta name="tag-manager" content="GTM-[A-Z0-9]+"/.test(page) ? ['https://www.googletagmanager.com'] : [];
}

/** The other headers of the app's page. */
const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'permissions-policy': 'camera=(self), geolocation=(self), microphone=()',
  'cache-control': 'no-store',
};

export const SESSION_COOKIE = 'session';
/** Under https the session cookie is `__Host-` prefixed: Secure, this host only, path `/`. */
export const SECURE_SESSION_COOKIE = '__Host-session';

/** A running sandbox: the HTTP server and each country's database. */
export interface Sandbox {
  app: FastifyInstance;
  /** The database of `SandboxOptions.country`. */
  db: SandboxDb;
  /** Each country's database, by country code. */
  databases: Map<string, SandboxDb>;
}

/** Validators of one operation's input, compiled once at start. */
interface OperationValidators {
  params?: ValidateFunction;
  query?: ValidateFunction;
  body?: ValidateFunction;
}

function objectSchema(parameters: Operation['parameters'], where: 'path' | 'query' | 'header') {
  const own = parameters.filter((p) => p.in === where);
  if (own.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(own.map((p) => [where === 'header' ? p.name.toLowerCase() : p.name, p.schema ?? {}])),
    required: own.filter((p) => p.required).map((p) => (where === 'header' ? p.name.toLowerCase() : p.name)),
  };
}

function compileValidators(operation: Operation, coercing: Ajv2020, exact: Ajv2020): OperationValidators {
  const params = objectSchema(operation.parameters, 'path');
  const query = objectSchema(operation.parameters, 'query');
  const json = operation.body && operation.body.mediaType.includes('json') ? operation.body.schema : undefined;
  return {
    params: params && coercing.compile(params),
    query: query && coercing.compile(query),
    body: json && exact.compile(closedShape(json) as object),
  };
}

/** A request refused by the spec: the 400 of section 8, naming the field, never its value. */
function refusedBySpec(where: string, validate: ValidateFunction): HandlerAnswer {
  const error = validate.errors?.[0];
  // The field itself when it is missing or one the shape does not have, not its object.
  const { missingProperty, additionalProperty, unevaluatedProperty } = (error?.params ?? {}) as Record<string, string | undefined>;
  const named = missingProperty ?? additionalProperty ?? unevaluatedProperty;
  return invalid(`${where}${error?.instancePath ?? ''}${named === undefined ? '' : `/${named}`}`);
}

/** Limits of a multipart upload: one image (an ID photo or a document) at the spec's limit. */
const UPLOAD_LIMITS = { fileSize: REQUEST_LIMITS.fileBytes, files: 1 };

/**
 * A multipart body's fields and files, read from its bytes (kept whole: the signature covers
 * them) by the platform's own parser.
 */
async function readFiles(raw: Buffer, contentType: string): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] } | undefined> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  } catch {
    return undefined;
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for (const [name, value] of form as unknown as Iterable<[string, FormDataEntryValue]>) {
    if (typeof value === 'string') fields[name] = value;
    else files.push({ field: name, fileName: value.name, mimeType: value.type, data: Buffer.from(await value.arrayBuffer()) });
  }
  if (files.length > UPLOAD_LIMITS.files || files.some((file) => file.data.length > UPLOAD_LIMITS.fileSize)) return undefined;
  return { fields, files };
}

/** A request's headers, the first value of each (as the signature covers them). */
const firstValues = (headers: FastifyRequest['headers']): Record<string, string | undefined> => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));

/**
 * A signed call refused: a second copy of a request without ending the session (a browser
 * resends a request whose connection broke); anything else forged, altered or stale ends it.
 */
const refusedCall = (refused: Refusal): HandlerAnswer => (refused === 'NONCE_REPLAYED' ? badRequest('Solicitud repetida', refused, 409) : badRequest('No autorizado', refused, 401));

function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SECURE_SESSION_COOKIE] ?? request.cookies[SESSION_COOKIE];
}

/** Whether a caller is this machine. */
const isLoopback = (address: string) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/** A seller's row (`sellers.data`) as a handler sees the seller. */
function asSeller(row: unknown): Seller | undefined {
  const data = parseData<Seller & { pin: string }>(row);
  return data ? { pin: data.pin, msisdn: data.msisdn, poaSellerCode: data.poaSellerCode, firstName: data.firstName, lastName: data.lastName } : undefined;
}

/**
 * How long a session lives at the provider (docs/security.md, "Server-side sessions"): it ends
 * after `idleMs` without a call (the app's own idle timeout is 15 minutes, and the app calls
 * `x-session: keep-alive` while the agent works without calls) and `absoluteMs` after sign-in
 * whatever happens (NIST SP 800-63B AAL2: re-authenticate at least every 12 hours).
 */
export interface SessionLifetime {
  idleMs: number;
  absoluteMs: number;
}

export const SESSION_LIFETIME: SessionLifetime = { idleMs: 15 * 60_000, absoluteMs: 12 * 60 * 60_000 };

/** A call's time is written back at most this often: a burst of calls is one write. */
const TOUCH_EVERY_MS = 30_000;

/**
 * The seller of a live session, its last call moved to `now`; a session past its idle or
 * absolute lifetime is ended (with its call keys) and has no seller, so a private call answers
 * 401 and the app wipes and lands on `/`.
 */
function liveSellerOf(db: SandboxDb, token: string | undefined, now: number, lifetime: SessionLifetime): Seller | undefined {
  if (!token) return undefined;
  // One read per call: the session's times and its seller together.
  const row = db.prepare('select x.created_at as createdAt, x.last_seen_at as lastSeenAt, s.data from sessions x join sellers s on s.pin = x.seller_pin where x.token = ?').get(token) as
    | { createdAt: number; lastSeenAt: number | null; data: string }
    | undefined;
  if (!row) return undefined;
  const lastSeen = row.lastSeenAt ?? row.createdAt;
  if (now - lastSeen >= lifetime.idleMs || now - row.createdAt >= lifetime.absoluteMs) {
    db.prepare('delete from sessions where token = ?').run(token);
    sessionKeys.remove(db, token);
    return undefined;
  }
  if (now - lastSeen >= TOUCH_EVERY_MS) db.prepare('update sessions set last_seen_at = ? where token = ?').run(now, token);
  return asSeller(row);
}

/**
 * The sandbox: a real HTTP server implementing the provider's OpenAPI specs of every country at
 * once (`openapi/<cc>/`, each country's operations at its own paths), each country over its own
 * SQLite database seeded from its seed folder. Handlers are shared by operationId and told the
 * calling country. Every request is checked against its operation's spec; private operations
 * need the session cookie that the country's sign-in sets; its calls are signed when its spec
 * marks a key-publishing and a sign-in call; in test and dev mode a request can ask for a fault.
 *
 * @example
 * const { app } = await createSandbox({ db: ':memory:', mode: 'test' });
 * await app.listen({ port: 0 });
 */
export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const mode = options.mode ?? 'dev';
  const provider = options.provider ?? 'telco';
  const now = options.now ?? (() => new Date());
  const lifetime = { ...SESSION_LIFETIME, ...options.sessionLifetime };
  const countries = options.countries ?? defaultCountryApis();
  // What each country's provider plays besides its data (time zone, currency, documents): read
  // once, before its database is seeded with it; a bad file stops the start.
  const providers = new Map(countries.map((c) => [c.code, readProvider(c.seedDir)]));
  const databases = new Map(countries.map((c) => [c.code, openDatabase(countryDbFile(options.db ?? '.data/sandbox.db', c.code), c.seedDir, (providers.get(c.code) as Provider).settings)]));
  const mainCountry = options.country ?? process.env.COUNTRY?.toLowerCase() ?? DEFAULT_COUNTRY;
  const db = databases.get(mainCountry) ?? [...databases.values()][0];
  if (!db) throw new Error('the sandbox has no country to serve: no openapi/<cc>/ folder');
  const agreementKey = createAgreementKey();
  const app = Fastify({
    logger: options.logger ?? false,
    // Small by default (JSON calls); uploads raise it on their own routes.
    bodyLimit: REQUEST_LIMITS.jsonBytes,
    routerOptions: { maxParamLength: REQUEST_LIMITS.pathValueChars },
    // The refusals made before a route is found (a path value too long, a URL that is not one) and those of Node's HTTP parser, in the spec's shape.
    frameworkErrors: (error, _request, reply) => {
      const answer = frameworkRefusal(error, REQUEST_LIMITS.jsonBytes);
      return (reply as FastifyReply).status(answer.status).send(answer.body);
    },
    clientErrorHandler: refuseClient,
  });
  await app.register(cookie);
  // Bodies are kept as their bytes, which the signature covers; JSON is parsed from them by
  // Fastify's own parser (with its prototype-poisoning guard) once its depth is known to be
  // sane, multipart in the handler. No other type is read at all (415).
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    rawBodies.set(request, body as Buffer);
    if ((body as Buffer).length === 0) return done(null, {});
    if (nestedDeeperThan(body as Buffer, REQUEST_LIMITS.jsonDepth)) return done(refusalError(refusals.tooDeep()), undefined);
    parseJson(request, (body as Buffer).toString('utf8'), done);
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    rawBodies.set(request, body as Buffer);
    done(null, {});
  });
  /** The signed calls that passed their checks, with what their answers must carry. */
  const verified = new WeakMap<FastifyRequest, VerifiedCall & { wrongState: boolean }>();
  /** What a call's checks before its body found: its session, its seller, its opened signature, its fault. */
  const before = new WeakMap<FastifyRequest, { headers: Record<string, string | undefined>; token?: string; seller?: Seller; opened?: OpenedCall; fault?: string; injected?: ReturnType<typeof faultAnswer> }>();
  // Whatever fails inside is answered in the spec's shape, its cause kept in the log (a
  // framework's refusal keeps its status: a body too large is 413, a bad JSON text 400).
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const answer = frameworkRefusal(error, reply.request.routeOptions.bodyLimit ?? REQUEST_LIMITS.jsonBytes);
    // Its name and where, not its message: a message may quote the data that broke it.
    if (answer.status >= 500) request.log.error({ error: error.name, code: error.code, at: error.stack?.split('\n').slice(1, 6).join('\n') }, 'sandbox error');
    return reply.status(answer.status).send(answer.body);
  });
  app.addHook('onClose', () => {
    for (const each of databases.values()) each.close();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Answers carry customers' data: never cached by the browser or a proxy.
    if (!reply.getHeader('cache-control')) reply.header('cache-control', 'no-store');
    // Every answer, files too, is what its type says (no sniffing a JSON or an image as a page);
    // in production, served over https behind its proxy, the browser keeps to https for a year.
    reply.header('x-content-type-options', 'nosniff');
    if (mode === 'production' || request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // The provider's clock, which signed calls' identities are checked against: a client whose
    // clock is wrong learns the difference here (the sandbox's clock may be a test's).
    reply.header('date', now().toUTCString());
    // The answer to a signed call is sealed with the session's key (spec section 7).
    const call = verified.get(request);
    if (!call) return payload;
    const body = payload === null || payload === undefined ? Buffer.alloc(0) : Buffer.isBuffer(payload) ? payload : Buffer.from(String(payload));
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    const sealed = sealAnswer(call, { status: reply.statusCode, contentType, body }, call.wrongState);
    for (const [name, value] of Object.entries(sealed.headers)) reply.header(name, value);
    return sealed.body;
  });

  const sendIn = (db: SandboxDb, reply: FastifyReply, answer: HandlerAnswer) => {
    for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
    // Secure (and so `__Host-` prefixed) in production, which is served over https, or when
    // the app is reached over https at all.
    const secure = mode === 'production' || reply.request.protocol === 'https';
    const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
    const call = verified.get(reply.request);
    if (answer.session && 'open' in answer.session) {
      reply.setCookie(name, answer.session.open, { httpOnly: true, sameSite: 'strict', path: '/', secure });
      // The keys agreed at sign-in are this session's from now on.
      if (call) sessionKeys.write(db, answer.session.open, call.keys);
    } else if (answer.session) {
      reply.clearCookie(name, { path: '/', secure });
      const token = sessionToken(reply.request);
      if (token) sessionKeys.remove(db, token);
    }
    return reply.status(answer.status ?? 200).send(answer.body);
  };

  // Path and query values arrive as text: their validator coerces them to the spec's types.
  const coercing = addFormats(new Ajv2020({ strict: false, coerceTypes: true, allErrors: false }));
  const exact = addFormats(new Ajv2020({ strict: false, allErrors: false }));
  // Faults armed for the next calls of an operation (test and dev mode), for what cannot send the
  // fault header: the app in a browser, a trainer showing the failure screens.
  // Keyed by `<cc>:<operationId>`, or by the operationId alone for that call in every country,
  // after the session that armed them (`armedFor`): in dev mode a fault hits only the calls of
  // the session that armed it (issue 31); in test mode every caller's (the tests' own process).
  const armed = new Map<string, { fault: string; remaining: number }>();
  /** Whose armed faults a call meets: its session's in dev mode (none without one), everyone's in test mode, none in production. */
  const faultScopeOf = (request: FastifyRequest): string | undefined => (mode === 'test' ? '' : mode === 'dev' ? sessionToken(request) || undefined : undefined);
  const armedFor = (scope: string, key: string) => `${scope}\n${key}`;
  const routes = new Map<string, string>();
  for (const country of countries) {
    const cc = country.code;
    const db = databases.get(cc) as SandboxDb;
    const operations = loadCountryOperations(cc, resolve(country.openapiDir, '..'));
    // A country signs its calls when its spec marks the call that publishes the keys and the sign-in.
    const signs = operations.some((op) => op.signing === 'publishes-keys') && operations.some((op) => op.signing === 'sign-in');
    const send = (reply: FastifyReply, answer: HandlerAnswer) => sendIn(db, reply, answer);
    const signIns = signInThrottle(db, { ...SIGN_IN_THROTTLE, ...options.signInThrottle });
    // Each country its own PIN key: a sealed PIN of one country opens nothing in another.
    const pinKey = createPinKey(db);
    const otp = otpLimits(db, { ...OTP_LIMITS, ...options.otpLimits });
    for (const operation of operations) {
      const handler: Handler | undefined = handlers[operation.operationId];
      const validators = compileValidators(operation, coercing, exact);
      const url = `/v1/${provider}${operation.path.replace(/\{(\w+)\}/g, ':$1')}`;
      const route = `${operation.method.toUpperCase()} ${url.replace(/:\w+/g, ':')}`;
      const other = routes.get(route);
      if (other) throw new Error(`${operation.method.toUpperCase()} ${operation.path} of country ${cc} is also country ${other}'s: each country's paths must be its own`);
      routes.set(route, cc);
      const faultKeys = [`${cc}:${operation.operationId}`, operation.operationId];
      const upload = operation.body?.mediaType.startsWith('multipart/') === true;
      const mediaType = operation.body?.mediaType.split(';')[0]?.trim().toLowerCase();
      app.route({
        method: operation.method.toUpperCase() as 'GET',
        url,
        bodyLimit: upload ? REQUEST_LIMITS.uploadBytes : REQUEST_LIMITS.jsonBytes,
        // Before a byte of the body is read (a large body costs only its headers to refuse): its
        // type, its session, and the parts of its signature that do not need it.
        onRequest: async (request, reply) => {
          const headers = firstValues(request.headers);
          // A fault armed for this call (by its own session in dev mode) is spent by it, whatever comes of it.
          const faultScope = faultScopeOf(request);
          const armedKey = faultScope === undefined ? undefined : faultKeys.map((key) => armedFor(faultScope, key)).find((key) => armed.has(key));
          const next = armedKey === undefined ? undefined : armed.get(armedKey);
          if (next && armedKey !== undefined) {
            next.remaining -= 1;
            if (next.remaining <= 0) armed.delete(armedKey);
          }
          // The fault header is a tester's tool: in dev mode only from this machine (a network in
          // the middle cannot make an answer fail), never in production.
          const headerFault = mode === 'test' || (mode === 'dev' && isLoopback(request.ip)) ? headers[FAULT_HEADER] : undefined;
          const fault = headerFault ?? next?.fault;
          const injected = fault ? faultAnswer(fault, headers['x-sandbox-fault-delay']) : undefined;
          // Cut before it reaches the provider: nothing of it is recorded, not even its nonce.
          if (injected?.cut === 'before') {
            reply.hijack();
            return void request.raw.socket.destroy();
          }
          const sent = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
          const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
          if (mediaType && hasBody && sent !== mediaType) return send(reply, refusals.mediaType(mediaType));
          const token = sessionToken(request);
          const seller = liveSellerOf(db, token, now().getTime(), lifetime);
          // A session that ended (logout, idle, lifetime) also has its cookie cleared: the 401 wipes it (spec section 8).
          if (operation.private && !seller) return send(reply, { ...badRequest('No autorizado', 'UNAUTHORIZED', 401), ...(token ? { session: { close: true as const } } : {}) });
          // Every call but the one that publishes the keys is signed: sign-in with the keys its
          // client key agrees, the others with their session's (spec section 7; docs/security.md).
          let opened: OpenedCall | undefined;
          if (signs && operation.signing !== 'publishes-keys') {
            const clientKey = request.headers[SIGNED_HEADERS.clientKey];
            const keys = operation.signing === 'sign-in' ? (typeof clientKey === 'string' ? agreementKey.agree(clientKey) : undefined) : sessionKeys.read(db, token);
            const checked = openCall(keys, headers, now().getTime());
            if ('refused' in checked) return send(reply, refusedCall(checked.refused));
            opened = checked;
          }
          before.set(request, { headers, token, seller, opened, fault, injected });
        },
        handler: async (request, reply) => {
          const early = before.get(request);
          // Never a call whose checks before its body did not run: its signature would go unchecked.
          if (!early) throw new Error('a call reached its handler without its checks');
          const { headers, token, seller, opened, fault, injected } = early;
          // A cut connection: the caller gets no answer at all, as on a phone losing its signal.
          const cut = () => {
            reply.hijack();
            request.raw.socket.destroy();
          };
          // The signature's last checks, which need the body: its HMAC, then its nonce spent.
          let call: VerifiedCall | undefined;
          if (opened) {
            const checked = finishCall(db, opened, { method: request.method, url: request.url, headers, body: rawBodies.get(request) ?? Buffer.alloc(0) }, now().getTime());
            if ('refused' in checked) return send(reply, refusedCall(checked.refused));
            call = checked;
            verified.set(request, { ...call, wrongState: injected?.wrongState === true });
          }
          if (fault && !injected?.cut && !injected?.wrongState) {
            const answer = injected;
            if (answer) {
              if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
              if (answer.raw !== undefined) return reply.status(answer.status).type(answer.contentType ?? 'text/plain').send(answer.raw);
              return reply.status(answer.status).send(answer.body);
            }
          }
          let params = { ...(request.params as Record<string, string>) };
          let query = { ...(request.query as Record<string, unknown>) };
          if (call) {
            // Path parameters and query values of a signed call travel sealed: no personal data in a URL.
            const opened = openUrlValues(call, params, query);
            if ('unopened' in opened) return send(reply, invalid(opened.unopened));
            ({ params, query } = opened);
          }
          // No field takes control or invisible characters, whatever its own rules (hiddenCharacters.ts).
          const hidden = hiddenCharacterAt({ path: params, query, ...(operation.body?.mediaType.startsWith('multipart/') ? {} : { body: request.body }) });
          if (hidden) return send(reply, badRequest(HIDDEN_CHARACTER_MESSAGE, 'VALIDATION', 400, hidden.slice(1)));
          if (validators.params && !validators.params(params)) return send(reply, refusedBySpec('path', validators.params));
          if (validators.query && !validators.query(query)) return send(reply, refusedBySpec('query', validators.query));
          let body = (request.body ?? {}) as Record<string, unknown>;
          let files: UploadedFile[] = [];
          if (operation.body?.mediaType.startsWith('multipart/')) {
            const upload = String(headers['content-type']).startsWith('multipart/form-data') ? await readFiles(rawBodies.get(request) ?? Buffer.alloc(0), String(headers['content-type'])) : undefined;
            if (!upload) return send(reply, invalid());
            ({ fields: body, files } = upload);
          } else if (validators.body && !validators.body(body)) {
            return send(reply, refusedBySpec('body', validators.body));
          }
          if (!handler) return send(reply, badRequest(`${operation.operationId} no está disponible en el sandbox`, 'NOT_IMPLEMENTED', 501));
          const { settings: provider, clock } = providers.get(cc) as Provider;
          // A PIN in the body is the session's own sealed PIN or refused (handlers/auth.ts).
          const foreignPin = refusedPinInBody({ pinKey, mode, session: token, body });
          if (foreignPin) return send(reply, foreignPin);
          const answer = await handler({ country: cc, db, mode, params, query, body, headers, files, seller, now: now(), provider, clock, pinKey, agreementKey, caller: request.ip, signIns, session: token, otp });
          if (injected?.cut === 'after') return cut();
          return send(reply, answer);
        },
      });
    }
  }

  if (mode !== 'production') {
    // The tester's tools (docs/security.md, "Tester tools (issue 31)"), in a scope of their own
    // whose onRequest hook is the one guard: it runs for whatever request the router matched to a
    // tool, so it judges the path the router routes (decoded: `/%5F%5Fsandbox/outbox` is the
    // outbox and meets the guard), never the raw URL's text. In dev mode a tool wants a live
    // signed-in session and answers for it alone: the outbox shows the codes its seller's calls
    // sent, a fault hits only its own calls. Test mode leaves them open and shared (the tests'
    // own process).
    type ToolUser = { everyone: true } | { everyone: false; token: string; sellers: Map<string, string> };
    const toolUsers = new WeakMap<FastifyRequest, ToolUser>();
    const toolUserOf = (request: FastifyRequest): ToolUser | undefined => {
      if (mode === 'test') return { everyone: true };
      const token = sessionToken(request);
      if (!token) return undefined;
      // The session's seller in each country where it is live (a session belongs to one country's provider).
      const sellers = new Map<string, string>();
      for (const [cc, each] of databases) {
        const seller = liveSellerOf(each, token, now().getTime(), lifetime);
        if (seller) sellers.set(cc, seller.poaSellerCode);
      }
      return sellers.size > 0 ? { everyone: false, token, sellers } : undefined;
    };
    await app.register(
      async (tools) => {
        tools.addHook('onRequest', async (request, reply) => {
          const user = toolUserOf(request);
          if (!user) return reply.status(401).send(badRequest('No autorizado', 'UNAUTHORIZED', 401).body);
          toolUsers.set(request, user);
        });
        const userOf = (request: FastifyRequest) => {
          const user = toolUsers.get(request);
          // Never a tool whose guard did not run.
          if (!user) throw new Error('a tester tool reached without its guard');
          return user;
        };
        // `{ operationId, fault, times }`: the next `times` calls of that operation answer with the fault
        // (in dev mode, the next calls of the session that armed it). With `country`, only that
        // country's call: else the call of that name in every country.
        tools.post('/faults', async (request, reply) => {
          const user = userOf(request);
          const { operationId, fault, times, country } = (request.body ?? {}) as { operationId?: string; fault?: string; times?: number; country?: string };
          if (!operationId || !fault || !faultAnswer(fault, undefined)) return reply.status(400).send(invalid().body);
          const key = country ? `${country.toLowerCase()}:${operationId}` : operationId;
          armed.set(armedFor(user.everyone ? '' : user.token, key), { fault, remaining: Math.max(1, Number(times ?? 1)) });
          return { armed: { operationId, fault, times: Math.max(1, Number(times ?? 1)) } };
        });
        // What the "customer" received (OTP codes): a trainer or a test reads it here, of one
        // country (`country`) or of every country; in dev mode only what the caller's seller's calls sent.
        tools.get('/outbox', async (request) => {
          const user = userOf(request);
          const { to, country } = request.query as { to?: string; country?: string };
          const messages = [...databases]
            .filter(([cc]) => !country || cc === country.toLowerCase())
            .flatMap(([cc, each]) => {
              const seller = user.everyone ? null : user.sellers.get(cc);
              if (seller === undefined) return [];
              return each
                .prepare('select channel, recipient, message, created_at as createdAt from outbox where (@to is null or recipient = @to) and (@seller is null or seller_code = @seller) order by id')
                .all({ to: typeof to === 'string' && to !== '' ? to : null, seller }) as Array<{ createdAt: number }>;
            })
            .sort((a, b) => a.createdAt - b.createdAt);
          return { messages };
        });
      },
      { prefix: '/__sandbox' },
    );
  }
  // What is not here: the provider's 404 (section 8), whatever the path.
  const notFound = (reply: FastifyReply) => reply.status(404).send(badRequest('No hay resultados', 'NOT_FOUND', 404).body);
  // The offers' logos, as the provider's image host serves them (src/sandbox/logos.ts).
  app.get('/logos/:file', (request, reply) => {
    const svg = logoSvg((request.params as { file: string }).file);
    if (!svg) return notFound(reply);
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
  if (options.staticDir && existsSync(resolve(options.staticDir, 'index.html'))) {
    const indexFile = resolve(options.staticDir, 'index.html');
    // Read again when a build rewrites it: a running sandbox serves the new build at once.
    let cached = { version: '', page: '', connectTo: [] as string[], tagManager: [] as string[] };
    const currentPage = () => {
      const { mtimeMs, size } = statSync(indexFile);
      const version = `${mtimeMs}:${size}`;
      if (version !== cached.version) {
        const page = readFileSync(indexFile, 'utf8');
        cached = { version, page, connectTo: mapStyleOrigins(page), tagManager: tagManagerOrigins(page) };
      }
      return cached;
    };
    // `wildcard` so that files a new build adds are found (not only those there at start); a
    // path that is no file falls through to the not-found handler below.
    // The build's brotli and gzip copies sent as they are to a browser that takes them
    // (src/build/precompress.ts). A hashed file (/assets/) never changes under its name: kept a
    // year; anything else is asked again each time (no-cache), as a new build may change it.
    await app.register(fastifyStatic, {
      root: resolve(options.staticDir),
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    // The app's page, with its Content Security Policy: a nonce per answer for the style elements
    // Mantine writes (handed to it in a meta tag), nothing inline otherwise, nothing from elsewhere
    // but the map's street style the page names.
    const sendPage = (reply: FastifyReply) => {
      const nonce = randomBytes(16).toString('base64');
      const { page, connectTo, tagManager } = currentPage();
      reply.header('content-security-policy', contentSecurityPolicy(nonce, connectTo, tagManager));
      for (const [name, value] of Object.entries(PAGE_HEADERS)) reply.header(name, value);
      return reply.type('text/html; charset=utf-8').send(page.replace('<head>', `<head>\n    <meta name="csp-nonce" content="${nonce}" />`));
    };
    app.get('/', (_request, reply) => sendPage(reply));
    // The app's routes (/inicio, /información-del-cliente, ...) are the app's to resolve.
    app.setNotFoundHandler((request, reply) => (request.method === 'GET' && !request.url.startsWith('/v1/') && !request.url.startsWith('/assets/') ? sendPage(reply) : notFound(reply)));
  } else {
    app.setNotFoundHandler((_request, reply) => notFound(reply));
  }
  return { app, db, databases };
}
