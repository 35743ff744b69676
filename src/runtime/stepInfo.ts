import type { GraphNode } from '../pack/journeyGraph';
import type { BackPolicy } from '../pack/journeyTypes';
import type { stepSuccessors } from '../pack/stepLinks';
import type { Progress } from './progress';

export type StepSuccessors = ReturnType<typeof stepSuccessors>;

/** Everything the shell needs to know about a step, whatever journey it comes from. */
export interface StepInfo {
  stateId: string;
  route: string;
  aliases: string[];
  params: Record<string, string>;
  step: string | undefined;
  progress: Progress | undefined;
  back: BackPolicy;
  track: string | undefined;
  public: boolean;
  end: boolean;
  history: 'push' | 'reset';
  /** The step screens the agent may see next, the main line first: what the shell loads ahead. */
  next: string[];
  /** The states of those steps (`stateId` and step), the main line first: what the shell draws ahead. */
  nextStates: Array<{ stateId: string; step: string }>;
}

export function stepInfoOf(node: GraphNode, progress: Map<GraphNode, Progress>, successors: StepSuccessors): StepInfo {
  const meta = node.meta;
  const nextStates = [...(successors.get(node) ?? [])]
    .sort(([, a], [, b]) => a - b)
    .flatMap(([to]) => (to.meta.step === undefined ? [] : [{ stateId: to.id, step: to.meta.step }]));
  return {
    stateId: node.id,
    route: meta.route as string,
    aliases: meta.aliases ?? [],
    params: meta.params ?? {},
    step: meta.step,
    progress: progress.get(node),
    back: meta.back ?? 'allow',
    track: meta.track,
    public: meta.public === true,
    end: meta.end === true,
    history: meta.history ?? 'push',
    next: [...new Set(nextStates.map((to) => to.step))],
    nextStates,
  };
}
