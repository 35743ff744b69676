import type { GraphNode, JourneyGraph } from '../pack/journeyGraph';
import type { StepFile } from '../pack/stepFile';
import type { Problem } from './problem';

/** A step's own states: the node and those below it, but not a step nested in it (its submits are its own). */
const ownStates = (node: GraphNode): GraphNode[] => [node, ...node.children.filter((child) => child.meta.step === undefined).flatMap(ownStates)];

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A step's submit example (`meta.example.data` of a `step.submit`) holds every field its step's
 * form requires: the replay, in Node and in the browser, sends what the example holds, and a
 * screen does not submit without its required fields (the button stays disabled), so an example
 * short of one replays in Node and stops in Chromium. Only the form's own `required` is read:
 * a field a choice brings (`allOf`, `dependencies`) is the example's to give when it chooses so.
 */
export function lintSubmitExamples(graph: JourneyGraph, steps: ReadonlyMap<string, StepFile | undefined>): Problem[] {
  const problems: Problem[] = [];
  for (const node of graph.nodes) {
    const name = node.meta.step;
    const required = name === undefined ? undefined : steps.get(name)?.schema?.required;
    if (!Array.isArray(required) || required.length === 0) continue;
    for (const inner of ownStates(node)) {
      for (const edge of graph.outgoing.get(inner) ?? []) {
        if (edge.kind !== 'on' || edge.event !== 'step.submit') continue;
        const meta = edge.transition.meta;
        const examples: Array<[unknown, string]> = [[meta?.example, `${edge.pointer}/meta/example`]];
        if (Array.isArray(meta?.examples)) meta.examples.forEach((example, i) => examples.push([example, `${edge.pointer}/meta/examples/${i}`]));
        for (const [example, at] of examples) {
          if (!isObject(example) || !isObject(example.data)) continue;
          const data = example.data;
          const missing = required.filter((field): field is string => typeof field === 'string' && !(field in data));
          if (missing.length === 0) continue;
          problems.push({
            pointer: `${at}/data`,
            message: `the example's form lacks ${missing.map((m) => `"${m}"`).join(', ')}, which the step "${name}" requires: the screen does not submit without ${missing.length === 1 ? 'it' : 'them'}, so a replay of this example stops there in the browser`,
          });
        }
      }
    }
  }
  return problems;
}
