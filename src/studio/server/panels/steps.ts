import { journeySamples, type SampleOptions } from '../../sampleData';
import type { StepsAnswer } from '../../panelApi';
import { formatRules } from '../../../validation/formats';
import type { ReferenceTables } from '../../../validation/formatRule';
import { packPaths } from '../../../pack/countryPack';
import { readReferenceTables } from '../../../pack/referenceTables';
import { journeyConfigOf, stepFilesOf } from './packJourney';

/**
 * A field's sample passes its format's rule (the registry the validators use), with the country's
 * reference data for a rule that reads some; an unknown format takes the first candidate.
 */
export function formatOkFor(country: string): NonNullable<SampleOptions['formatOk']> {
  let tables: ReferenceTables | undefined;
  return (format, value) => {
    const rule = formatRules[format];
    if (!rule) return true;
    if (rule.reads) tables ??= readReferenceTables(packPaths(country));
    return rule.test(value, undefined, tables);
  };
}

/** The journey's steps, each with sample data from its schema and the journey's examples (the step preview's list). */
export function stepsAnswer(country: string): StepsAnswer {
  const { steps, journeyData } = journeySamples(journeyConfigOf(country), stepFilesOf(country), { formatOk: formatOkFor(country), formatExample: (format) => formatRules[format]?.example });
  return { country, steps, journeyData };
}
