/**
 * What the state panel's editor (src/studio/page/StepEditor.tsx) shows of one state, read from the
 * files as they are now: its step's title and other texts (stepTexts.ts), fields and their rules,
 * buttons and their events, its transitions' targets and the states they may name, and where it
 * sits among its siblings.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { EditorField, EditorState } from '../../editApi';
import { buildJourneyGraph, type GraphNode } from '../../../pack/journeyGraph';
import type { StepFile } from '../../../pack/stepFile';
import { journeyConfigOf, PanelError, paths } from '../panels/packJourney';
import { editHistory } from './editHistory';
import { stepTexts } from './stepTexts';

type Property = { type?: unknown; title?: unknown; minLength?: unknown; maxLength?: unknown; minimum?: unknown; maximum?: unknown };

const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

function fieldsOf(step: StepFile): EditorField[] {
  const schema = (step.schema ?? {}) as { properties?: Record<string, Property>; required?: unknown };
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(schema.properties ?? {}).map(([name, p]) => ({
    name,
    title: typeof p.title === 'string' ? p.title : undefined,
    type: typeof p.type === 'string' ? p.type : undefined,
    required: required.has(name),
    minLength: num(p.minLength),
    maxLength: num(p.maxLength),
    minimum: num(p.minimum),
    maximum: num(p.maximum),
  }));
}

/** How a transition of `source` names `target` in the file: a sibling by its key, a child as `.key`, any other by `#id`. */
function targetText(source: GraphNode, target: GraphNode): string {
  if (target.parent && target.parent === source.parent) return target.key;
  if (target.parent === source) return `.${target.key}`;
  return `#${target.id}`;
}

/** `GET /__studio/api/edit/state?country=<cc>&state=<full id>`. */
export function editorState(country: string, stateId: string): EditorState {
  const graph = buildJourneyGraph(journeyConfigOf(country));
  const node = graph.byId.get(stateId);
  if (!node) throw new PanelError(`no state ${stateId} in ${country}'s journey`, 404);
  const transitions = (graph.outgoing.get(node) ?? []).flatMap((edge) => {
    const guard = edge.guard === undefined ? '' : ` [${typeof edge.guard === 'string' ? edge.guard : edge.guard.type}]`;
    return edge.targets.map((t) => ({ pointer: t.pointer, label: `${edge.label}${guard}`, target: t.text, targetId: t.node?.id }));
  });
  const events = new Set<string>();
  for (let n: GraphNode | undefined = node; n; n = n.parent) for (const event of Object.keys(n.config.on ?? {})) events.add(event);
  const siblings = node.parent?.children ?? [node];
  let step: EditorState['step'];
  const name = node.meta.step;
  const file = name ? join(paths(country).steps, `${name}.json`) : undefined;
  if (name && file && existsSync(file)) {
    const stepFile = JSON.parse(readFileSync(file, 'utf8')) as StepFile;
    for (const button of stepFile.buttons ?? []) events.add(button.event);
    // The title, the fields' titles and the buttons' labels have controls of their own.
    const texts = stepTexts(stepFile).flatMap(({ pointer, value, label, field, optional, ownControl }) => (ownControl ? [] : [{ pointer, value, label, field, optional }]));
    step = { name, file: relative(process.cwd(), file), title: stepFile.title, fields: fieldsOf(stepFile), buttons: (stepFile.buttons ?? []).map((b, index) => ({ index, label: b.label, event: b.event })), texts };
  }
  return {
    country,
    stateId,
    step,
    transitions,
    targets: graph.nodes.filter((n) => n.parent).map((n) => ({ id: n.id, text: targetText(node, n) })),
    events: [...events].sort(),
    position: { index: siblings.indexOf(node), of: siblings.length },
    history: editHistory(),
  };
}
