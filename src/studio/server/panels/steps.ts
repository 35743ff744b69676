import { existsSync, readFileSync } from 'node:fs';
import { exampleJourneyData, journeySamples, type SampleOptions } from '../../sampleData';
import type { StepsAnswer } from '../../panelApi';
import { formatRules } from '../../../validation/formats';
import type { ReferenceTables } from '../../../validation/formatRule';
import { packPaths } from '../../../pack/countryPack';
import { readReferenceTables } from '../../../pack/referenceTables';
import type { JourneyConfig } from '../../../pack/journeyTypes';
import { answeredJourneyData } from './answeredJourneyData';
import { journeyConfigOf, stepFilesOf } from './packJourney';
import { previewCaller } from './previewSandbox';

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

// The answers of each country's journey, asked again only when the journey changes (a few dozen calls).
const answered = new Map<string, { text: string; answer: ReturnType<typeof answeredJourneyData> }>();
function answersFor(country: string, config: JourneyConfig): ReturnType<typeof answeredJourneyData> {
  const text = JSON.stringify(config);
  const kept = answered.get(country);
  if (kept?.text === text) return kept.answer;
  const answer = answeredJourneyData(config, exampleJourneyData(config), previewCaller(country));
  answered.set(country, { text, answer });
  answer.catch(() => answered.delete(country));
  return answer;
}

/** The app's name in its header: the country file's `appTitle`. */
function appTitleOf(country: string): string | undefined {
  const file = packPaths(country).countryFile;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { appTitle?: string }).appTitle : undefined;
}

/**
 * The journey's steps, each with sample data from its schema and the journey's examples, over
 * the journey's data with the seed's answers to its calls (the step preview's list).
 */
export async function stepsAnswer(country: string): Promise<StepsAnswer> {
  const config = journeyConfigOf(country);
  const { journeyData: given, answers } = await answersFor(country, config);
  const { steps, journeyData } = journeySamples(config, stepFilesOf(country), { formatOk: formatOkFor(country), formatExample: (format) => formatRules[format]?.example }, given);
  return { country, appTitle: appTitleOf(country), steps, journeyData, answers };
}
