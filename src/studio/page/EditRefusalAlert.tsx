import { Alert, Text } from '@mantine/core';
import { formatProblem } from '../../checker/problem';
import type { EditRefusal } from '../editApi';

/** An edit's refusal in words: each problem as journeys:check prints it, else the server's sentence. */
export function EditRefusalAlert({ refusal }: { refusal: EditRefusal }) {
  const lines = refusal.problems?.map(formatProblem);
  return (
    <Alert color="red" title="Not written" role="alert" data-testid="edit-refusal">
      <Text size="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {lines ? `${refusal.error.split('\n')[0] ?? ''}\n${lines.join('\n')}` : refusal.error}
      </Text>
    </Alert>
  );
}
