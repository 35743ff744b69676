import type { ArmedFaults } from '../armedFaults';
import type { SandboxDb } from '../database';
import type { FaultAnswer } from '../faults';
import type { Handler, HandlerAnswer, SandboxMode, Seller, SessionOwner } from '../handler';
import type { OtpLimits } from '../otpLimits';
import type { PinKey } from '../pinKey';
import type { Provider } from '../providerSettings';
import type { RawBodies } from '../requestBodies';
import type { SessionLifetime } from '../sessions';
import type { AgreementKey, OpenedCall } from '../signedCalls';
import type { SignInThrottle } from '../signInThrottle';
import type { Operation } from '../../openapi/operations';
import type { AnswerSealing } from './sealing';
import type { OperationValidators } from './validation';

/** What every route of the provider shares: the sandbox's settings and state. */
export interface ProviderContext {
  mode: SandboxMode;
  now: () => Date;
  lifetime: SessionLifetime;
  agreementKey: AgreementKey;
  faults: ArmedFaults;
  rawBody: RawBodies;
  sealing: AnswerSealing;
}

/** One country's provider: its database, and what its handlers get besides the call. */
export interface CountryProvider {
  cc: string;
  db: SandboxDb;
  provider: Provider;
  /** Each country its own PIN key: a sealed PIN of one country opens nothing in another. */
  pinKey: PinKey;
  otp: OtpLimits;
  signIns: SignInThrottle;
  /** Whether its calls are signed: its spec marks the call that publishes the keys and a call that agrees keys (a sign-in, or one that opens a customer's session). */
  signs: boolean;
}

/** One operation as its route serves it. */
export interface OperationRoute {
  operation: Operation;
  /** Its handler, by operationId; none answers 501. */
  handler: Handler | undefined;
  validators: OperationValidators;
  /** The keys a fault is armed for it by (armedFaults.ts): this country's call, or the call of that name in every country. */
  faultKeys: string[];
  /** The media type of its body, lower case without parameters, when it has one. */
  mediaType: string | undefined;
}

/** What a call's checks before its body found: its headers, its session, its seller, its opened signature, its fault. */
export interface EarlyChecks {
  /** The request's headers, the first value of each (as the signature covers them). */
  headers: Record<string, string | undefined>;
  token?: string;
  /** The seller of an agent's session (none in a customer's). */
  seller?: Seller;
  owner?: SessionOwner;
  opened?: OpenedCall;
  fault?: string;
  injected?: FaultAnswer;
}

/** A step's refusal: the answer sent instead of going on. */
export type Refused = { refused: HandlerAnswer };
