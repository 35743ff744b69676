import { journeySamples, type SampleOptions } from '../../sampleData';
import type { StepsAnswer } from '../../panelApi';
import { formatRules } from '../../../validation/formats';
import { journeyConfigOf, stepFilesOf } from './packJourney';

/** A field's sample passes its format's rule (the registry the validators use); an unknown format takes the first candidate. */
export const formatOk: SampleOptions['formatOk'] = (format, value) => formatRules[format]?.test(value) ?? true;

/** The journey's steps, each with sample data from its schema and the journey's examples (the step preview's list). */
export function stepsAnswer(country: string): StepsAnswer {
  const { steps, journeyData } = journeySamples(journeyConfigOf(country), stepFilesOf(country), { formatOk });
  return { country, steps, journeyData };
}
