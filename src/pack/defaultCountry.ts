/**
 * The country a build, a command or the sandbox is for when `COUNTRY` says none: the one place
 * that names it (the country-neutral test lets this file, and no other shared one, name a country).
 */
export const DEFAULT_COUNTRY = 'sv';
