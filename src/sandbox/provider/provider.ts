import { resolve } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ArmedFaults } from '../armedFaults';
import type { CountryApi } from '../countryApis';
import type { SandboxDb } from '../database';
import type { SandboxMode } from '../handler';
import { handlers } from '../handlers/registry';
import { OTP_LIMITS, otpLimits, type OtpPolicy } from '../otpLimits';
import { createPinKey } from '../pinKey';
import type { Provider } from '../providerSettings';
import type { RawBodies } from '../requestBodies';
import type { SessionLifetime } from '../sessions';
import type { AgreementKey } from '../signedCalls';
import { SIGN_IN_THROTTLE, signInThrottle, type SignInThrottlePolicy } from '../signInThrottle';
import { agreesKeys } from './signature';
import { loadCountryOperations } from '../../openapi/countryOperations';
import type { Operation } from '../../openapi/operations';
import type { CountryProvider, OperationRoute, ProviderContext } from './context';
import { operationRoute } from './operationRoute';
import { answerSealing } from './sealing';
import { validatorCompiler } from './validation';

export interface ProviderOptions {
  mode: SandboxMode;
  /** The provider segment of the paths (`/v1/<provider>/...`). */
  pathSegment: string;
  countries: CountryApi[];
  /** Each country's provider settings and database, by country code. */
  providers: Map<string, Provider>;
  databases: Map<string, SandboxDb>;
  now: () => Date;
  lifetime: SessionLifetime;
  agreementKey: AgreementKey;
  signInThrottle?: Partial<SignInThrottlePolicy>;
  otpLimits?: Partial<OtpPolicy>;
  faults: ArmedFaults;
  rawBody: RawBodies;
  /** New PIN key pairs, as a provider's restart in a new process makes (pinKey.ts). */
  newKeys?: boolean;
}

/** One country's provider over its database: its throttles and its PIN key, made once at start. */
function countryProvider(options: ProviderOptions, cc: string, operations: Operation[]): CountryProvider {
  const db = options.databases.get(cc) as SandboxDb;
  const signIns = signInThrottle(db, { ...SIGN_IN_THROTTLE, ...options.signInThrottle });
  const pinKey = createPinKey(db, cc, options.newKeys);
  const otp = otpLimits(db, { ...OTP_LIMITS, ...options.otpLimits });
  const signs = operations.some((op) => op.signing === 'publishes-keys') && operations.some(agreesKeys);
  return { cc, db, provider: options.providers.get(cc) as Provider, pinKey, otp, signIns, signs };
}

/**
 * Whose sessions a country's unmarked private calls serve (no `x-owner`): the only owner its
 * sessions can have, and agents in a country with both a sign-in and calls that open a
 * customer's session (an agent's data is never a customer's by omission).
 */
export function defaultOwner(operations: Operation[]): 'agent' | 'customer' {
  const agents = operations.some((op) => op.signing === 'sign-in');
  return !agents && operations.some((op) => op.session === 'open') ? 'customer' : 'agent';
}

/** One operation of a country as its route serves it, its owner decided (`x-owner`, else the country's default). */
function servedOperation(cc: string, operation: Operation, compile: ReturnType<typeof validatorCompiler>, owner: 'agent' | 'customer'): OperationRoute {
  return {
    operation: { ...operation, owner: operation.owner ?? owner },
    handler: handlers[operation.operationId],
    validators: compile(operation),
    faultKeys: [`${cc}:${operation.operationId}`, operation.operationId],
    mediaType: operation.body?.mediaType.split(';')[0]?.trim().toLowerCase(),
  };
}

/** Claims a method and path for a country (`claimed`: each route's country so far); one served for two countries stops the start. */
function claimRoute(claimed: Map<string, string>, cc: string, operation: Operation, url: string): void {
  const route = `${operation.method.toUpperCase()} ${url.replace(/:\w+/g, ':')}`;
  const other = claimed.get(route);
  if (other) throw new Error(`${operation.method.toUpperCase()} ${operation.path} of country ${cc} is also country ${other}'s: each country's paths must be its own`);
  claimed.set(route, cc);
}

/**
 * The provider: every country's operations at their paths (`/v1/<provider>/<the spec's path>`),
 * each answered by the steps of operationRoute.ts, in a scope whose `onSend` hook seals the
 * answers to signed calls.
 */
export const provider: FastifyPluginAsync<ProviderOptions> = async (api, options) => {
  const { mode, now, lifetime, agreementKey, faults, rawBody } = options;
  const ctx: ProviderContext = { mode, now, lifetime, agreementKey, faults, rawBody, sealing: answerSealing() };
  api.addHook('onSend', ctx.sealing.seal);
  const compile = validatorCompiler();
  const claimed = new Map<string, string>();
  for (const country of options.countries) {
    const operations = loadCountryOperations(country.code, resolve(country.openapiDir, '..'));
    const own = countryProvider(options, country.code, operations);
    const owner = defaultOwner(operations);
    for (const operation of operations) {
      const url = `/v1/${options.pathSegment}${operation.path.replace(/\{(\w+)\}/g, ':$1')}`;
      claimRoute(claimed, country.code, operation, url);
      api.route(operationRoute(ctx, own, servedOperation(country.code, operation, compile, owner), url));
    }
  }
};
