import countrySchema from '../../schemas/country.schema.json' with { type: 'json' };
import type { CountryFile } from '../pack/countryFile';
import { suggestion } from '../pack/didYouMean';
import { country as validate } from './generated/validators.js';
import { locateProblems, type LocatedProblem, type Problem } from './problem';
import { knownProperties, schemaProblems, type SchemaWords } from './schemaProblems';
import { parseSourceText, type SourceText } from './sourceText';

const vocabulary: SchemaWords = {
  propertyNames: knownProperties(countrySchema),
  patterns: [
    [/\/country\/pattern/, 'a country is its two-letter ISO 3166 code in capitals (the name of its country file, in capitals)'],
    [/\/locale\/pattern/, 'a locale is a language and a country code joined by "-": "es-" and the two capitals of the country'],
    [/currency\/properties\/code/, 'a currency is its three-letter ISO code, like "USD"'],
    [/\/format\/pattern/, 'a price format must hold {amount}, like "{symbol}{amount}"'],
    [/callingCode/, 'a calling code is digits only, like "503"'],
    [/\/mask\/pattern/, 'a mask has # for each digit, like "#### ####"'],
    [/event\/pattern/, 'a sidebar entry sends a menu event, like "menu.newClient"'],
    [/documents/, 'a document code is in capitals, like "PASAPORTE"'],
    [/referenceData/, 'reference data is a .json file named from the pack\'s root, like "reference/<cc>/departments.json"'],
  ],
};

export interface CountryCheck {
  file: string;
  country: CountryFile | undefined;
  source: SourceText;
  problems: LocatedProblem[];
}

/** What the schema cannot see: the default document among the types, the file named after its country. */
function lintCountry(country: CountryFile, code: string | undefined, events: ReadonlySet<string> | undefined): Problem[] {
  const problems: Problem[] = [];
  const documents = country.documents.types.map((t) => t.code);
  if (!documents.includes(country.documents.default)) {
    problems.push({ pointer: '/documents/default', message: `"${country.documents.default}" is not one of the document types (${documents.join(', ')})${suggestion(country.documents.default, documents)}` });
  }
  if (code !== undefined && country.country !== code.toUpperCase()) {
    problems.push({ pointer: '/country', message: `the file is countries/${code}.json but says country "${country.country}"; they must agree ("${code.toUpperCase()}")` });
  }
  if (events) {
    country.sidebar.forEach((entry, i) => {
      if (!events.has(entry.event)) problems.push({ pointer: `/sidebar/${i}/event`, message: `the journey does not handle "${entry.event}": the entry would do nothing${suggestion(entry.event, events)}` });
    });
  }
  return problems;
}

/**
 * Checks one country file's text: JSON syntax, `schemas/country.schema.json`, then what the
 * schema cannot see. `code` is the country from the file's name (its two-letter code); `events`, when the
 * country's journey is known, the events it handles, so that every sidebar entry leads somewhere.
 */
export function checkCountryFile(file: string, text: string, code?: string, events?: ReadonlySet<string>): CountryCheck {
  const source = parseSourceText(text);
  if (source.syntaxErrors.length > 0) {
    return { file, country: undefined, source, problems: source.syntaxErrors.map((e) => ({ file, ...e.position, pointer: e.pointer ?? '', message: e.message })) };
  }
  if (!validate(source.value)) {
    return { file, country: undefined, source, problems: locateProblems(file, source, schemaProblems(validate.errors ?? [], vocabulary)) };
  }
  const country = source.value as CountryFile;
  return { file, country, source, problems: locateProblems(file, source, lintCountry(country, code, events)) };
}
