import { useEffect } from 'react';
import { changedStates } from '../../tools/diff/changeLines';
import type { LastCommitDiffAnswer } from '../panelApi';
import { useCountryAnswer } from './useCountryAnswer';

/**
 * The states the journey's file changes since the last commit (the Diff tab's first answer,
 * asked again at each save), for the diagram to mark: reported to `onMarks`, undefined while
 * unknown or when the file has no last commit.
 */
export function useDiffMarks(country: string, onMarks: (ids: ReadonlySet<string> | undefined) => void): string | undefined {
  const { answer, error } = useCountryAnswer<LastCommitDiffAnswer>('/diff/last-commit', country);
  useEffect(() => {
    const diff = answer?.diff;
    onMarks(diff && 'changes' in diff ? new Set(changedStates(diff.changes).keys()) : undefined);
  }, [answer]); // (onMarks is the studio's state setter)
  useEffect(() => () => onMarks(undefined), []); // (cleared when the marks are turned off)
  return error ?? answer?.unavailable;
}
