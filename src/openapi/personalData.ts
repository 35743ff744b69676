import type { Json } from './specFiles';

/**
 * The property names that carry a person's data in a provider's answers: names, documents,
 * phones, e-mails, addresses, birth dates and where a person is (the spec's `cli*` fields
 * included; not a bare `name`, which a plan, a town or a document type has too). Written once: the static check of public calls (`x-signing: public`) reads it, so
 * that a call anyone can make without a session never answers a person's data. Compared without
 * case.
 */
export const PERSONAL_DATA_PROPERTIES: readonly string[] = [
  'firstName',
  'lastName',
  'secondName',
  'secondLastName',
  'firstLastName',
  'names',
  'fullName',
  'documentNumber',
  'document',
  'documentNum',
  'identificationID',
  'dui',
  'nit',
  'phone',
  'phones',
  'telephone',
  'mobile',
  'msisdn',
  'poa_msisdn',
  'email',
  'emails',
  'address',
  'street',
  'house',
  'birthDate',
  'birthDay',
  'birthMonth',
  'birthYear',
  'dob',
  'dobParts',
  'gender',
  'profession',
  'latitude',
  'longitude',
  'cliFirstName',
  'cliSecondName',
  'cliLastName',
  'cliFirstLastName',
  'cliSecondLastName',
  'cliDocument',
  'cliDocumentNum',
  'cliDocumentType',
  'cliDocExpiry',
  'cliTelephone',
  'cliTelephoneSecondary',
  'cliContactPhoneList',
  'cliEmail',
  'cliDob',
  'cliBirthDate',
  'cliBirthMonth',
  'cliBirthYear',
  'cliGender',
  'cliNationality',
  'cliProfession',
  'cliReference',
];

const PERSONAL = new Set(PERSONAL_DATA_PROPERTIES.map((name) => name.toLowerCase()));

/** Whether a property's name is one of a person's data (any case). */
export const isPersonalProperty = (name: string): boolean => PERSONAL.has(name.toLowerCase());

/** The parts of a schema that describe values of the same answer: its combinations, its items, its open properties. */
function innerSchemas(schema: Json): Array<[string, Json]> {
  const inner: Array<[string, Json]> = [];
  for (const key of ['allOf', 'oneOf', 'anyOf', 'prefixItems'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((each, i) => inner.push([`${key}/${i}`, each as Json]));
  }
  for (const key of ['items', 'additionalProperties', 'not', 'then', 'else'] as const) {
    const each = schema[key];
    if (each && typeof each === 'object' && !Array.isArray(each)) inner.push([key, each as Json]);
  }
  return inner;
}

/**
 * The first property of a resolved schema (at any depth) whose name is a person's data, with
 * the JSON Pointer of it within the schema, or undefined when it has none. `seen` stops at a
 * schema met before (a resolved `$ref` may point back at itself).
 */
export function personalProperty(schema: unknown, at = '', seen = new Set<unknown>()): { name: string; pointer: string } | undefined {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return undefined;
  seen.add(schema);
  const json = schema as Json;
  for (const [name, inner] of Object.entries((json.properties as Json | undefined) ?? {})) {
    if (isPersonalProperty(name)) return { name, pointer: `${at}/properties/${name}` };
    const found = personalProperty(inner, `${at}/properties/${name}`, seen);
    if (found) return found;
  }
  for (const name of (json.required as string[] | undefined) ?? []) if (typeof name === 'string' && isPersonalProperty(name)) return { name, pointer: `${at}/required` };
  for (const [key, inner] of innerSchemas(json)) {
    const found = personalProperty(inner, `${at}/${key}`, seen);
    if (found) return found;
  }
  return undefined;
}
