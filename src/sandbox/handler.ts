import type { PinKey } from './pinKey';
import type { ProviderClock } from './providerClock';
import type { ProviderSettings } from './providerSettings';
import type { AgreementKey } from './signedCalls';
import type { SandboxDb } from './database';
import type { OtpLimits } from './otpLimits';
import type { SignInThrottle } from './signInThrottle';

/** What the sandbox runs as: `test` and `dev` allow fault injection and the outbox. */
export type SandboxMode = 'test' | 'dev' | 'production';

/** The signed-in seller of a request (private calls only). */
export interface Seller {
  pin: string;
  msisdn: string;
  poaSellerCode: string;
  firstName: string;
  lastName: string;
}

/**
 * Who a live session is for (docs/security.md, "Sessions and their owners"): an agent, a seller
 * signed in with a PIN, or a customer, the lead an `x-session: open` call created or resumed.
 */
export type SessionOwner = { kind: 'agent'; seller: Seller } | { kind: 'customer'; leadId: string };

/** An uploaded file of a multipart request. */
export interface UploadedFile {
  field: string;
  fileName: string;
  mimeType: string;
  data: Buffer;
}

/**
 * Everything an operation's handler gets: validated input, the calling country's database (its
 * seed and what its calls stored), the seller. Handlers are shared by operationId: a country
 * made only of data reuses them, on its own data.
 */
export interface HandlerContext {
  /** The country whose API was called (from the route: `openapi/<cc>/`). */
  country: string;
  db: SandboxDb;
  mode: SandboxMode;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  headers: Record<string, string | undefined>;
  files: UploadedFile[];
  /** For an upload, the types its spec lets the `file` be (`encoding.file.contentType`), when it names them. */
  fileTypes?: string[] | undefined;
  /** The seller of an agent's session (none in a customer's): what the agents' handlers scope their data by. */
  seller: Seller | undefined;
  /** The session's owner, an agent or a customer, when the call has a live session. */
  owner: SessionOwner | undefined;
  now: Date;
  /** What the country's provider plays besides its data: time zone, currency, documents (seed `provider.json`). */
  provider: ProviderSettings;
  /** The provider's local time (its time zone). */
  clock: ProviderClock;
  /** The key the seller's PIN is encrypted with (see pinKey.ts). */
  pinKey: PinKey;
  /** The key the session's call keys are agreed with at sign-in (see signedCalls.ts). */
  agreementKey: AgreementKey;
  /** The caller's network address (for throttling only: never logged or stored in clear). */
  caller: string;
  /** The country's sign-in throttle (signInThrottle.ts). */
  signIns: SignInThrottle;
  /** The caller's session token, when it sent one (limits counted per session; never logged). */
  session: string | undefined;
  /** The country's limits on one-time codes (otpLimits.ts). */
  otp: OtpLimits;
}

/**
 * A request refused until a wait has passed: 429 with the wait in `Retry-After` (seconds) and
 * the agent's words as the body's text, which spec section 8 shows for a status it does not list.
 */
export function tooManyRequests(message: string, retryAfterMs: number): HandlerAnswer {
  return { status: 429, body: message, headers: { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) } };
}

/**
 * An answer: status (200 by default), JSON body, extra headers, and a session to open or close:
 * `{ open }` an agent's (the sign-in), `{ open, customer }` a customer's, owned by the lead
 * `customer` (only an `x-session: open` call may: sessions.ts `openCustomerSession`).
 */
export interface HandlerAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  session?: { open: string; customer?: string } | { close: true };
}

export type Handler = (ctx: HandlerContext) => HandlerAnswer | Promise<HandlerAnswer>;

/** The provider's 404 for something it does not have (spec section 8: 'No hay resultados'). */
export function notFound(): HandlerAnswer {
  return { status: 404, body: { error: { message: 'No hay resultados' } } };
}

/** The provider's error body (spec section 8: `errors[0].message`), naming the field when one is at fault (never its value). */
export function badRequest(message: string, code = 'BAD_REQUEST', status = 400, field?: string): HandlerAnswer {
  return { status, body: { errors: [{ code, message, ...(field === undefined ? {} : { field }) }] } };
}

/**
 * The provider failing on a request it cannot serve: spec section 8's 5xx, 'Error de servidor
 * interno'. The seed's customers with `fault` fail so on every call that reads them; an
 * operation that can answer it declares its 500 (openapi/README.md, "Every answer is declared").
 */
export const internalError = (): HandlerAnswer => badRequest('Error de servidor interno', 'INTERNAL', 500);

/** Section 5's words for a value that breaks its rules. */
export const VALIDATION_MESSAGE = 'Por favor, valida la información';

/** The 400 of a missing or malformed input (the server's own validation answers the same). */
export const invalid = (field?: string): HandlerAnswer => badRequest(VALIDATION_MESSAGE, 'VALIDATION', 400, field);
