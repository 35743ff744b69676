import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ajvFormats } from '../../src/validation/formats';
import { escapeSegment, unescapeSegment } from '../../src/pack/jsonPointer';

/**
 * The OpenAPI specs of the El Salvador provider calls (`openapi/sv/*.yaml`): the typed client and the
 * sandbox are built on them, so each call of the spec's table (section 7) must be there once, with
 * its method and path, a documented answer whose examples fit its schema, the shared error
 * answers and the session cookie.
 */

const DIR = fileURLToPath(new URL('../../openapi/sv/', import.meta.url));
/** A made-up base so that relative refs between the files resolve inside ajv. */
const BASE = 'https://openapi.test/sv/';

const FAMILIES = [
  'auth',
  'sales',
  'fieldServices',
  'locations',
  'coverage',
  'catalog',
  'customers',
  'activator',
  'registration',
  'content',
] as const;
const FILES = [...FAMILIES.map((family) => `${family}.yaml`), 'common.yaml'];

/** The call table (spec section 7 and NOTES.md), and the calls designed here: operationId, method, path under the server. */
const OPERATIONS: ReadonlyArray<readonly [string, 'get' | 'post', string]> = [
  ['accessToken', 'post', '/sv/accesstoken'],
  ['logout', 'post', '/sv/logout'],
  ['salesPersonDetails', 'post', '/sv/salesperson/details/{timestamp}'],
  ['sessionKeepAlive', 'post', '/sv/session/keep-alive'],
  ['agentCredentials', 'get', '/sv/agent/credentials'],
  ['promotionDetails', 'get', '/sv/promotion/{salesPersonCode}'],
  ['sales', 'post', '/sv/sales'],
  ['salesDetail', 'post', '/sv/leadInfo/{msisdn}/{id}'],
  ['scheduleDates', 'post', '/sv/field-services/dates'],
  ['getTimeSlots', 'post', '/sv/field-services/timeslots/{timestamp}'],
  ['fieldServicesCosts', 'get', '/sv/field-services/costs'],
  ['departments', 'get', '/sv/departments'],
  ['city', 'get', '/sv/city'],
  ['suburb', 'post', '/sv/suburb'],
  ['coverage', 'post', '/sv/services/coverage'],
  ['checkCoverage', 'get', '/sv/get-coverage'],
  // Not in the spec's table: the map's coverage areas (designed, openapi/README.md).
  ['coverageAreas', 'get', '/sv/coverage-areas'],
  // Not in the spec's table: the public key the PIN is encrypted with (designed, openapi/README.md).
  ['publicKey', 'get', '/sv/public-key'],
  ['customerContact', 'post', '/sv/customer-contact'],
  ['products', 'post', '/sv/products'],
  ['activationCost', 'post', '/sv/activation-cost'],
  ['clientDetail', 'get', '/sv/customers/DUI/{id}/accounts'],
  ['clientSubscription', 'get', '/sv/portfolio/contracts/{id}/products'],
  ['clientSubscriptionBalance', 'get', '/sv/billing/contracts/{id}/balance'],
  ['clientInfoValidateV2', 'get', '/sv/individualsv2'],
  ['incomeValidate', 'get', '/sv/creditscore/nonclient'],
  ['activation', 'post', '/home/sv/activator/services/activation'],
  ['frontIdUpload', 'post', '/home/sv/activator/upload'],
  ['rearIdRecognition', 'post', '/home/sv/activator/uploadAndRecognize'],
  ['idRecognition', 'post', '/home/sv/activator/recognize'],
  ['validateDUI', 'post', '/home/sv/activator/eligibility/{dui}'],
  ['getOTP', 'post', '/sv/otp'],
  ['validateOTP', 'post', '/sv/otp/validate'],
  ['users', 'post', '/sv/users'],
  ['getUser', 'get', '/sv/users/{id}'],
  ['contactMediumsPhones', 'post', '/sv/users/{id}/contact-mediums/phones'],
  ['contactMediumsEmails', 'post', '/sv/users/{id}/contact-mediums/emails'],
  ['emailChecker', 'get', '/sv/bulkemailchecker'],
  ['termsAndConditions', 'get', '/sv/users/terms-and-conditions'],
  ['getConfigParams', 'get', '/sv/content/{module}/{id}'],
];

/** Where spec 7.1 gives a 404 its own meaning. */
const NOT_FOUND: Record<string, string> = {
  coverage: 'EmptyResult',
  checkCoverage: 'EmptyResult',
  activationCost: 'EmptyResult',
  clientInfoValidateV2: 'EmptyResult',
  scheduleDates: 'NoAvailability',
};

// Asked without a session: sign-in, and the key the PIN is encrypted with before it.
const PUBLIC = new Set(['accessToken', 'publicKey']);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const docs: Record<string, Node> = Object.fromEntries(
  FILES.map((file) => [file, parse(readFileSync(`${DIR}${file}`, 'utf8')) as Node]),
);

/** The node a `$ref` written in `file` points at, and the file it is in (undefined if none). */
function resolveRef(file: string, ref: string): { file: string; node: unknown } | undefined {
  const target = ref.split('#')[0] ?? '';
  const targetFile = target === '' ? file : target.replace(/^\.\//, '');
  let node: unknown = docs[targetFile];
  for (const token of refTokens(ref)) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isNode(node)) node = node[token];
    else return undefined;
  }
  return node === undefined ? undefined : { file: targetFile, node };
}

/** Follows `$ref`s (responses, parameters, security schemes) to the object they name. */
function deref(file: string, value: unknown): { file: string; node: Node } {
  let at = { file, node: value };
  for (let hops = 0; isNode(at.node) && typeof at.node.$ref === 'string'; hops += 1) {
    if (hops > 10) throw new Error(`$ref loop from ${file}`);
    const next = resolveRef(at.file, at.node.$ref);
    if (!next) throw new Error(`${at.file}: unresolved $ref ${at.node.$ref}`);
    at = next;
  }
  if (!isNode(at.node)) throw new Error(`${file}: not an object`);
  return { file: at.file, node: at.node };
}

const escapeToken = (token: string) => encodeURIComponent(escapeSegment(token));
const pointerOf = (tokens: string[]) => tokens.map((token) => `/${escapeToken(token)}`).join('');

const commonSchemas = ((docs['common.yaml'] as Node).components as Node).schemas as Node;

type Operation = { file: string; path: string; method: string; op: Node };

const operations: Operation[] = FILES.flatMap((file) =>
  Object.entries((docs[file]?.paths ?? {}) as Record<string, Node>).flatMap(([path, item]) =>
    METHODS.filter((method) => isNode(item[method])).map((method) => ({
      file,
      path,
      method,
      op: item[method] as Node,
    })),
  ),
);

/** A media type object with a schema and its examples, and where its schema is. */
type Media = { where: string; file: string; schemaPointer: string; examples: Array<[string, unknown]> };

/** Every JSON media type of every request body and response, with its examples. */
function mediaOf({ file, path, method, op }: Operation): Media[] {
  const found: Media[] = [];
  const collect = (owner: { file: string; node: Node }, tokens: string[], where: string) => {
    const content = owner.node.content;
    if (!isNode(content)) return;
    for (const [type, media] of Object.entries(content)) {
      if (!isNode(media) || !type.includes('json')) continue;
      const examples = Object.entries(isNode(media.examples) ? media.examples : {}).map(
        ([name, example]) => [name, deref(owner.file, example).node.value] as [string, unknown],
      );
      found.push({
        where: `${where} ${type}`,
        file: owner.file,
        schemaPointer: pointerOf([...tokens, 'content', type, 'schema']),
        examples,
      });
    }
  };
  const opTokens = ['paths', path, method];
  if (op.requestBody) {
    const body = op.requestBody as Node;
    collect(deref(file, body), body.$ref ? refTokens(body.$ref as string) : [...opTokens, 'requestBody'], 'request');
  }
  for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, Node>)) {
    const target = deref(file, response);
    const tokens = response.$ref ? refTokens(response.$ref as string) : [...opTokens, 'responses', status];
    collect(target, tokens, status);
  }
  return found;
}

/** The JSON Pointer tokens of a `$ref`'s fragment. */
function refTokens(ref: string): string[] {
  return (ref.split('#')[1] ?? '')
    .split('/')
    .slice(1)
    .map((raw) => unescapeSegment(decodeURIComponent(raw)));
}

/** Every `$ref` in a document, with where it is. */
function refsIn(value: unknown, at: string, out: Array<[string, string]> = []): Array<[string, string]> {
  if (Array.isArray(value)) value.forEach((item, i) => refsIn(item, `${at}/${i}`, out));
  else if (isNode(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') out.push([at, child]);
      else refsIn(child, `${at}/${key}`, out);
    }
  }
  return out;
}

function makeAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // The formats the specs use; date and e-mail are the product's own rules (src/validation).
  ajv.addFormat('date', ajvFormats.date ?? (() => false));
  ajv.addFormat('email', ajvFormats['email-address'] ?? (() => false));
  ajv.addFormat('date-time', (value: string) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)),
  );
  ajv.addFormat('binary', true);
  ajv.addFormat('int64', true);
  for (const file of FILES) ajv.addSchema({ ...docs[file], $id: `${BASE}${file}` });
  return ajv;
}

describe('openapi/sv/*.yaml', () => {
  it.each(FILES)('%s parses as OpenAPI 3.1 with info and the provider server', (file) => {
    const doc = docs[file] as Node;
    expect(doc.openapi).toBe('3.1.0');
    const info = doc.info as Node;
    expect(typeof info.title).toBe('string');
    expect(info.version).toBe('1.0.0');
    expect(String(info.description).length).toBeGreaterThan(40);
    expect(doc.servers).toEqual([
      {
        url: '{origin}/v1/{provider}',
        variables: {
          origin: { default: 'http://localhost:8787' },
          provider: { default: 'telco', description: expect.stringContaining('API_PROVIDER') },
        },
      },
    ]);
  });

  it('has every call of the table exactly once, with its method and path', () => {
    const byId = new Map<string, Operation[]>();
    for (const operation of operations) {
      const id = String(operation.op.operationId);
      byId.set(id, [...(byId.get(id) ?? []), operation]);
    }
    for (const [id, method, path] of OPERATIONS) {
      const found = byId.get(id) ?? [];
      expect(found.map((o) => `${o.method} ${o.path}`), id).toEqual([`${method} ${path}`]);
    }
    expect([...byId.keys()].sort()).toEqual(OPERATIONS.map(([id]) => id).sort());
  });

  it.each(operations.map((o) => [String(o.op.operationId), o] as const))(
    '%s: summary, family tag, path parameters, security and error answers',
    (id, { file, path, op }) => {
      const family = file.replace(/\.yaml$/, '');
      expect(typeof op.summary).toBe('string');
      expect(op.tags).toEqual([family]);

      const parameters = ((op.parameters ?? []) as unknown[]).map((p) => deref(file, p).node);
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        expect(parameters.find((p) => p.in === 'path' && p.name === name), `${id} {${name}}`).toMatchObject({
          required: true,
        });
      }

      const doc = docs[file] as Node;
      if (PUBLIC.has(id)) {
        expect(op.security ?? []).toEqual([]);
      } else {
        expect(op.security).toEqual([{ sessionCookie: [] }]);
        const scheme = deref(file, ((doc.components as Node).securitySchemes as Node).sessionCookie).node;
        expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'session' });
      }

      const responses = op.responses as Node;
      const badRequest = deref(file, responses['400']);
      const badSchema = ((badRequest.node.content as Node)['application/json'] as Node).schema;
      expect(deref(badRequest.file, badSchema).node, `${id} 400`).toBe(commonSchemas.ErrorBody);
      expect((responses['401'] as Node).$ref).toBe('./common.yaml#/components/responses/Unauthorized');
      const notFound = NOT_FOUND[id];
      if (notFound) {
        expect((responses['404'] as Node).$ref).toBe(`./common.yaml#/components/responses/${notFound}`);
      }
    },
  );

  it.each(operations.map((o) => [String(o.op.operationId), o] as const))(
    '%s answers 200 with a JSON schema and at least one example',
    (_id, operation) => {
      const ok = mediaOf(operation).find((m) => m.where === '200 application/json');
      expect(ok).toBeDefined();
      expect(ok?.examples.length).toBeGreaterThan(0);
    },
  );

  it('every example fits its schema (requests, answers, errors and named schemas)', () => {
    const ajv = makeAjv();
    const failures: string[] = [];
    const check = (label: string, file: string, pointer: string, value: unknown) => {
      const validate = ajv.getSchema(`${BASE}${file}#${pointer}`);
      if (!validate) return failures.push(`${label}: no schema at ${file}#${pointer}`);
      if (!validate(value)) failures.push(`${label}: ${ajv.errorsText(validate.errors)}`);
      return undefined;
    };
    let checked = 0;
    for (const operation of operations) {
      for (const media of mediaOf(operation)) {
        for (const [name, value] of media.examples) {
          check(`${String(operation.op.operationId)} ${media.where} ${name}`, media.file, media.schemaPointer, value);
          checked += 1;
        }
      }
      for (const [i, p] of ((operation.op.parameters ?? []) as unknown[]).entries()) {
        const { file, node } = deref(operation.file, p);
        if (node.example === undefined) continue;
        const tokens = isNode(p) && typeof p.$ref === 'string'
          ? refTokens(p.$ref)
          : ['paths', operation.path, operation.method, 'parameters', String(i)];
        check(`${String(operation.op.operationId)} parameter ${String(node.name)}`, file, pointerOf([...tokens, 'schema']), node.example);
        checked += 1;
      }
    }
    for (const file of FILES) {
      const schemas = ((docs[file]?.components as Node | undefined)?.schemas ?? {}) as Record<string, Node>;
      for (const [name, schema] of Object.entries(schemas)) {
        for (const example of (schema.examples ?? []) as unknown[]) {
          check(`${file} ${name}`, file, pointerOf(['components', 'schemas', name]), example);
          checked += 1;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(OPERATIONS.length * 2);
  });

  it('a wrong answer fails its schema (the examples check has teeth)', () => {
    const ajv = makeAjv();
    const answer = pointerOf(['paths', '/sv/get-coverage', 'get', 'responses', '200', 'content', 'application/json', 'schema']);
    const validate = ajv.getSchema(`${BASE}coverage.yaml#${answer}`);
    expect(validate?.({ node: 'N-SS-0101', nodeClass: '10' })).toBe(true);
    expect(validate?.({ nodeClass: '10' })).toBe(false);
    const errorBody = ajv.getSchema(`${BASE}common.yaml#/components/schemas/ErrorBody`);
    expect(errorBody?.({ code: 'E-102', message: 'Sesión inválida' })).toBe(true);
    expect(errorBody?.({ error: { errors: [{ message: 'x' }] } })).toBe(true);
    expect(errorBody?.({ message: 'sin forma conocida' })).toBe(false);
  });

  // The journey reads these answers by field name (`/event/output/...`): its sample answers must
  // fit the 200 schemas, or the typed client and the sandbox would answer what it cannot read.
  it("the SV journey's sample answers fit the 200 schemas of the calls it invokes", () => {
    const ajv = makeAjv();
    const journey = JSON.parse(readFileSync(new URL('../../journeys/sv.json', import.meta.url), 'utf8')) as unknown;
    const byId = new Map(operations.map((o) => [String(o.op.operationId), o]));
    const failures: string[] = [];
    let checked = 0;
    const visit = (value: unknown) => {
      if (Array.isArray(value)) return value.forEach(visit);
      if (!isNode(value)) return undefined;
      const invoke = value.invoke;
      if (isNode(invoke) && typeof invoke.src === 'string' && invoke.src.startsWith('api.')) {
        // The journey reads both ID sides through one actor; the front is read by idRecognition.
        const side = isNode(invoke.input) && isNode(invoke.input.side) ? invoke.input.side.value : undefined;
        const id = side === 'front' ? 'idRecognition' : invoke.src.slice('api.'.length);
        const operation = byId.get(id);
        if (!operation) failures.push(`${invoke.src}: no operation ${id}`);
        for (const done of [invoke.onDone].flat()) {
          const output = isNode(done) && isNode(done.meta) && isNode(done.meta.example) ? done.meta.example.output : undefined;
          // A null output is the quiet 404 of spec 7.1, which the api layer turns into null.
          if (!operation || output === undefined || output === null) continue;
          const tokens = ['paths', operation.path, operation.method, 'responses', '200', 'content', 'application/json', 'schema'];
          const validate = ajv.getSchema(`${BASE}${operation.file}#${pointerOf(tokens)}`);
          if (!validate?.(output)) failures.push(`${id}: ${ajv.errorsText(validate?.errors)} in ${JSON.stringify(output)}`);
          checked += 1;
        }
      }
      Object.values(value).forEach(visit);
      return undefined;
    };
    visit(journey);
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });

  it.each(FILES)('%s: every $ref resolves', (file) => {
    const unresolved = refsIn(docs[file], '').filter(([, ref]) => resolveRef(file, ref) === undefined);
    expect(unresolved).toEqual([]);
  });

  it('common.yaml defines the session cookie and every error shape of spec section 8', () => {
    const components = (docs['common.yaml'] as Node).components as Node;
    expect((components.securitySchemes as Node).sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'session',
    });
    const schemas = components.schemas as Node;
    expect(((schemas.ErrorBody as Node).anyOf as Node[]).map((s) => s.$ref)).toEqual(
      ['ErrorsList', 'NestedErrors', 'ErrorMessage', 'StatusErrors', 'CodeError'].map((n) => `#/components/schemas/${n}`),
    );
  });
});
