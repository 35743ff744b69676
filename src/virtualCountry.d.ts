// The build-time modules of the country the app is built for (src/build/countryModules.ts, chosen
// by COUNTRY). Shared code reads its country only through them.
/* eslint-disable @typescript-eslint/consistent-type-imports -- an ambient module cannot import a relative module: import() types are how it names the project's types */

declare module 'virtual:country' {
  type CountryFile = import('./pack/countryFile').CountryFile;
  /** The country's code: `SV`. */
  export const country: CountryFile['country'];
  export const name: CountryFile['name'];
  export const locale: CountryFile['locale'];
  export const appTitle: CountryFile['appTitle'];
  export const currency: CountryFile['currency'];
  export const callingCode: CountryFile['callingCode'];
  export const phoneMasks: CountryFile['phoneMasks'];
  export const documents: CountryFile['documents'];
  export const images: CountryFile['images'];
  export const map: CountryFile['map'];
  export const sidebar: CountryFile['sidebar'];
  export const entry: CountryFile['entry'];
  export const signedCalls: CountryFile['signedCalls'];
  export const shellScripts: CountryFile['shellScripts'];
  export const offers: CountryFile['offers'];
}

declare module 'virtual:country/journey' {
  /** The country's journey, without descriptions and examples (journeyForBrowser). */
  const journey: import('./pack/journeyTypes').JourneyConfig;
  export default journey;
}

declare module 'virtual:country/firstScreen' {
  /** The journey's first screen for the page to draw before the app loads, or null: src/pack/firstScreen.ts. */
  export const firstScreen: import('./pack/firstScreen').FirstScreen | null;
  /** Draws it (the PIN's drawer or a form's, whichever it is), none when there is none. */
  export const drawFirstScreen: ((root: HTMLElement, handlers: import('./app/firstScreen').FirstScreenHandlers) => void) | undefined;
}

declare module 'virtual:country/steps' {
  /** Each step file of the country, loaded when its step opens. */
  export const stepFiles: Record<string, () => Promise<import('./pack/stepFile').StepFile>>;
  /** Each step's precompiled validators (npm run steps:compile), for the steps with data. */
  export const stepValidators: Record<string, () => Promise<{ default: import('@rjsf/validator-ajv8/lib/types.js').ValidatorFunctions; /** The rules its fields check while typing. */ typing?: Record<string, (value: string) => boolean> }>>;
}

declare module 'virtual:country/formats' {
  /** The message of each validation rule the country's steps name, by format name. */
  export const formatMessages: Record<string, string>;
}

declare module 'virtual:country/reference' {
  /** The reference data files the country file names, each loaded when asked. */
  export const referenceData: Record<string, () => Promise<unknown>>;
}

declare module 'virtual:country/operations' {
  /** The country's provider operations (src/api/generated/<cc>/operations.ts, from openapi/<cc>/). */
  export const operations: import('./api/operationTable').OperationTable;
}
