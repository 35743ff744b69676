import type { FastifyInstance, InjectOptions } from 'fastify';
import { createCallSigner } from '../../src/api/callSigner';
import { loadCountryOperations } from '../../src/openapi/countryOperations';

const ORIGIN = 'http://sandbox.invalid';

/** What a test reads of an answer: Fastify inject's shape, with the body already opened. */
export interface OpenedAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json: () => unknown;
  cookies: Array<{ name: string; value: string }>;
}

type Signer = ReturnType<typeof createCallSigner>;

/** Each operation's path template, literal ones first (`/sv/users/terms-and-conditions` before `/sv/users/{id}`). */
const templates = [...new Set(loadCountryOperations('sv').map((op) => op.path))]
  .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))
  .map((path) => ({ path, pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`) }));

/** The operation's path template of a path, as openapi-fetch gives it to middleware. */
const templateOf = (path: string) => templates.find((t) => t.pattern.test(path))?.path ?? path;

const plain = (headers: Headers) => {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
};

/**
 * `app.inject` through the client's own call signer (src/api/callSigner.ts): each request
 * signed with its session's keys, each answer opened, as the app does over the network. Each
 * sign-in agrees its own keys, kept by the session cookie it opens, so a test may hold several
 * sessions (several sellers) at once; a request without a session cookie goes unsigned.
 *
 * @example
 * const inject = signedInject(sandbox.app);
 * const signIn = await inject({ method: 'POST', url: '/v1/telco/sv/accesstoken', payload: { code: '2580', country: 'SV' } });
 */
export function signedInject(app: FastifyInstance, { provider = 'telco', now }: { provider?: string; now?: () => number } = {}) {
  const prefix = `/v1/${provider}`;
  const signers = new Map<string, Signer>();
  const fetchFromApp = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const answer = await app.inject({ method: request.method as 'GET', url: new URL(request.url).pathname });
    return new Response(answer.rawPayload.length > 0 ? new Uint8Array(answer.rawPayload) : null, { status: answer.statusCode, headers: answer.headers as Record<string, string> });
  };
  // `now`: the sandbox's own clock when a test sets one, so that identities are in its time.
  const newSigner = () => createCallSigner({ publicKeyUrl: `${ORIGIN}${prefix}/sv/public-key`, unsigned: new Set(['GET /sv/public-key']), agreesKeys: new Set(['POST /sv/accesstoken']), fetch: fetchFromApp, now });

  return async function inject(options: InjectOptions & { url: string }): Promise<OpenedAnswer> {
    const headers = new Headers(Object.entries(options.headers ?? {}).map(([name, value]) => [name, String(value)] as [string, string]));
    const session = /(?:^|;\s*)(?:__Host-)?session=([^;]+)/.exec(headers.get('cookie') ?? '')?.[1];
    const url = new URL(options.url, ORIGIN);
    for (const [name, value] of Object.entries((options.query ?? {}) as Record<string, string>)) url.searchParams.append(name, value);
    const schemaPath = templateOf(url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname);
    const signer = schemaPath === '/sv/accesstoken' ? newSigner() : (session && signers.get(session)) || newSigner();
    let body: BodyInit | undefined;
    if (options.payload !== undefined) {
      if (Buffer.isBuffer(options.payload)) body = new Uint8Array(options.payload);
      else if (typeof options.payload === 'string') body = options.payload;
      else {
        body = JSON.stringify(options.payload);
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      }
    }
    const request = new Request(url, { method: options.method ?? 'GET', headers, body });
    const signed = (await signer.middleware.onRequest?.({ request, schemaPath, params: {}, options: {} as never, id: 'inject' })) ?? request;
    // Sent through the app; a request the signer signs again (refused as stale) goes the same way.
    let raw: Awaited<ReturnType<FastifyInstance['inject']>> | undefined;
    const send = async (sent: Request): Promise<Response> => {
      raw = await app.inject({
        method: sent.method as 'GET',
        url: `${new URL(sent.url).pathname}${new URL(sent.url).search}`,
        headers: plain(sent.headers),
        ...(sent.body ? { payload: Buffer.from(await sent.arrayBuffer()) } : {}),
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      });
      return new Response(raw.rawPayload.length > 0 && raw.statusCode !== 204 ? new Uint8Array(raw.rawPayload) : null, {
        status: raw.statusCode,
        headers: Object.entries(raw.headers).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => [name, v] as [string, string]) : [[name, String(value)] as [string, string]])),
      });
    };
    const sent = signed as Request;
    const response = await send(sent.clone());
    const opened = ((await signer.middleware.onResponse?.({ request: sent, response, schemaPath, params: {}, options: { fetch: send } as never, id: 'inject' })) as Response | undefined) ?? response;
    if (!raw) throw new Error('no answer');
    const text = await opened.text();
    const sessionCookie = raw.cookies.find((c) => c.name === 'session' || c.name === '__Host-session');
    if (schemaPath === '/sv/accesstoken' && raw.statusCode === 200 && sessionCookie) signers.set(sessionCookie.value, signer);
    return {
      statusCode: raw.statusCode,
      headers: plain(opened.headers),
      body: text,
      json: () => JSON.parse(text) as unknown,
      cookies: raw.cookies.map((c) => ({ name: c.name, value: c.value })),
    };
  };
}
