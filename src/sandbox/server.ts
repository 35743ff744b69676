import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { appHost, appPage, isAppRoute } from './appHost';
import { armedFaults } from './armedFaults';
import { defaultCountryApis, type CountryApi } from './countryApis';
import { countryDbFile, openDatabase, type SandboxDb } from './database';
import { badRequest, type SandboxMode } from './handler';
import { answerFailures, answerHeaders, serverOptions } from './httpServer';
import { logoSvg } from './logos';
import type { OtpPolicy } from './otpLimits';
import { provider } from './provider/provider';
import { readProvider, type Provider } from './providerSettings';
import { keepRawBodies } from './requestBodies';
import { SESSION_LIFETIME, type SessionLifetime } from './sessions';
import { createAgreementKey } from './signedCalls';
import type { SignInThrottlePolicy } from './signInThrottle';
import { testerTools } from './testerTools';
import { hostedPayments } from './hostedPayments';
import { DEFAULT_COUNTRY } from '../pack/defaultCountry';
import { packPaths } from '../pack/countryPack';
import { readReferenceTables } from '../pack/referenceTables';

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
  /** New PIN key pairs, as a restart in a new process makes; otherwise the process's are kept (pinKey.ts). */
  newKeys?: boolean;
}

/** A running sandbox: the HTTP server and each country's database. */
export interface Sandbox {
  app: FastifyInstance;
  /** The database of `SandboxOptions.country`. */
  db: SandboxDb;
  /** Each country's database, by country code. */
  databases: Map<string, SandboxDb>;
}

/**
 * Each country's provider settings and database. What each country's provider plays besides its
 * data (time zone, currency, documents) is read once, before its database is seeded with it; a
 * bad file stops the start.
 */
function openCountries(countries: CountryApi[], dbFile: string) {
  // The country's reference data, from its pack (the folder above its openapi/<cc>/), for the document rules that read some.
  const providers = new Map(countries.map((c) => [c.code, readProvider(c.seedDir, readReferenceTables(packPaths(c.code, resolve(c.openapiDir, '..', '..'))))]));
  const databases = new Map(countries.map((c) => [c.code, openDatabase(countryDbFile(dbFile, c.code), c.seedDir, (providers.get(c.code) as Provider).settings)]));
  return { providers, databases };
}

/** What is not here: the provider's 404 (section 8), whatever the path. */
const notFound = (reply: FastifyReply) => reply.status(404).send(badRequest('No hay resultados', 'NOT_FOUND', 404).body);

/**
 * The sandbox: a real HTTP server implementing the provider's OpenAPI specs of every country at
 * once (`openapi/<cc>/`, each country's operations at its own paths), each country over its own
 * SQLite database seeded from its seed folder. Handlers are shared by operationId and told the
 * calling country. Every request is checked against its operation's spec; private operations
 * need the session cookie that the country's sign-in sets; its calls are signed when its spec
 * marks a key-publishing and a sign-in call; in test and dev mode a request can ask for a fault.
 * Its parts are Fastify plugins: the provider (provider/), the tester's tools and the app's host.
 *
 * @example
 * const { app } = await createSandbox({ db: ':memory:', mode: 'test' });
 * await app.listen({ port: 0 });
 */
export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const mode = options.mode ?? 'dev';
  const now = options.now ?? (() => new Date());
  const lifetime = { ...SESSION_LIFETIME, ...options.sessionLifetime };
  const countries = options.countries ?? defaultCountryApis();
  const { providers, databases } = openCountries(countries, options.db ?? '.data/sandbox.db');
  const mainCountry = options.country ?? process.env.COUNTRY?.toLowerCase() ?? DEFAULT_COUNTRY;
  const db = databases.get(mainCountry) ?? [...databases.values()][0];
  if (!db) throw new Error('the sandbox has no country to serve: no openapi/<cc>/ folder');
  const agreementKey = createAgreementKey();
  const app = Fastify(serverOptions(options.logger ?? false));
  await app.register(cookie);
  const rawBody = keepRawBodies(app);
  answerFailures(app);
  app.addHook('onClose', () => {
    for (const each of databases.values()) each.close();
  });
  app.addHook('onSend', answerHeaders(mode, now));
  const faults = armedFaults(mode);
  const { signInThrottle, otpLimits } = options;
  await app.register(provider, { mode, pathSegment: options.provider ?? 'telco', countries, providers, databases, now, lifetime, agreementKey, signInThrottle, otpLimits, faults, rawBody, newKeys: options.newKeys });
  if (mode !== 'production') await app.register(testerTools, { prefix: '/__sandbox', mode, databases, now, lifetime, faults });
  // The payment provider's hosted page (hostedPayments.ts), amounts in the country's currency as its locale writes them.
  const money = (cc: string, amount: number) => new Intl.NumberFormat(`es-${cc.toUpperCase()}`, { style: 'currency', currency: providers.get(cc)?.settings.currency.code ?? 'XXX' }).format(amount);
  await app.register(hostedPayments, { databases, money });
  // The offers' logos, as the provider's image host serves them (src/sandbox/logos.ts).
  app.get('/logos/:file', (request, reply) => {
    const svg = logoSvg((request.params as { file: string }).file);
    if (!svg) return notFound(reply);
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
  const page = options.staticDir ? appPage(options.staticDir) : undefined;
  if (options.staticDir && page) await app.register(appHost, { staticDir: options.staticDir, page });
  app.setNotFoundHandler((request, reply) => (page && isAppRoute(request) ? page.send(reply) : notFound(reply)));
  return { app, db, databases };
}
