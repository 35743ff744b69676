import { journeySamples } from '../../../src/studio/panels/sampleData';
import type { StepsAnswer } from '../../../src/studio/panels/panelApi';
import { journeyConfigOf, stepFilesOf } from './packJourney';

/** The journey's steps, each with sample data from its schema and the journey's examples (the step preview's list). */
export function stepsAnswer(country: string): StepsAnswer {
  const { steps, journeyData } = journeySamples(journeyConfigOf(country), stepFilesOf(country));
  return { country, steps, journeyData };
}
