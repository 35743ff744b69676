import { subtree, type GraphEdge, type GraphNode, type JourneyGraph } from '../pack/journeyGraph';
import { isContext, type ActionSite } from './pointerSites';
import type { Problem } from './problem';
import type { StepFile } from '../pack/stepFile';

/** Where a step's submit saves what was submitted, with the `to` pointer in the file. */
interface Save {
  to: string;
  pointer: string;
}

const fieldsOf = (step: StepFile | undefined): string[] => Object.keys(((step?.schema as { properties?: object } | undefined)?.properties ?? {}) as object);

/** The actions of each transition. */
function sitesByEdge(sites: readonly ActionSite[]): Map<GraphEdge, ActionSite[]> {
  const sitesOf = new Map<GraphEdge, ActionSite[]>();
  for (const site of sites) if (site.edge) sitesOf.set(site.edge, [...(sitesOf.get(site.edge) ?? []), site]);
  return sitesOf;
}

/** Every `save` of the form as submitted (no `from`, or `/event/data`) on a submit of the step or a state in it. */
function submitSaves(graph: JourneyGraph, step: GraphNode, sitesOf: Map<GraphEdge, ActionSite[]>): Save[] {
  const saves: Save[] = [];
  for (const n of subtree(step)) {
    for (const edge of graph.outgoing.get(n) ?? []) {
      if (edge.event !== 'step.submit') continue;
      for (const site of sitesOf.get(edge) ?? []) {
        if (site.type !== 'save' || !isContext(site.params.to)) continue;
        const from = site.params.from;
        if (from === undefined || from === '/event/data') saves.push({ to: site.params.to, pointer: `${site.pointer}/to` });
      }
    }
  }
  return saves;
}

/** A step with fields, or whose submit saves its form, that does not say where its data lives. */
function missingDataPlace(step: GraphNode, fields: string[], saves: Save[]): Problem | undefined {
  if (step.meta.data !== undefined || (fields.length === 0 && saves.length === 0)) return undefined;
  const what = fields.length > 0 ? `has fields (${fields.slice(0, 4).join(', ')}${fields.length > 4 ? ', ...' : ''})` : `saves what is submitted at ${saves[0]?.to}`;
  return {
    pointer: `${step.pointer}/meta`,
    message: `step "${step.key}" ${what} but no meta.data: say where its data lives (a /context pointer), or false if what is typed there is not kept`,
  };
}

/** Saves that keep a step's form where its meta.data does not say (or when it says nothing is kept). */
function savesElsewhere(step: GraphNode, saves: Save[]): Problem[] {
  const data = step.meta.data;
  const problems: Problem[] = [];
  for (const save of saves) {
    if (data === false) problems.push({ pointer: save.pointer, message: `step "${step.key}" keeps no data (meta.data is false), but its submit saves it at ${save.to}` });
    else if (typeof data === 'string' && save.to !== data) {
      problems.push({ pointer: save.pointer, message: `the submit of step "${step.key}" saves its data at ${save.to}, but the step's meta.data is ${data}` });
    }
  }
  return problems;
}

/**
 * Steps: each one with fields says where its data lives (`meta.data`, or false when nothing
 * typed there is kept), and its submit keeps the form there.
 */
export function lintStepDataPlaces(graph: JourneyGraph, steps: Map<string, StepFile | undefined>, sites: readonly ActionSite[]): Problem[] {
  const sitesOf = sitesByEdge(sites);
  const problems: Problem[] = [];
  for (const node of graph.nodes) {
    if (node.meta.route === undefined) continue;
    const fields = fieldsOf(node.meta.step === undefined ? undefined : steps.get(node.meta.step));
    const saves = submitSaves(graph, node, sitesOf);
    const missing = missingDataPlace(node, fields, saves);
    if (missing) problems.push(missing);
    problems.push(...savesElsewhere(node, saves));
  }
  return problems;
}
