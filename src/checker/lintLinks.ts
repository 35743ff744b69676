import { didYouMean, suggestion } from '../pack/didYouMean';
import { enteredLeaf, stepNodeOf, type GraphEdge, type GraphNode, type JourneyGraph } from '../pack/journeyGraph';
import { pointerSegments, toPointer } from '../pack/jsonPointer';
import type { JsonObject } from '../pack/journeyTypes';
import { linkValueNames, routeForms, routeShape, type JourneyLink } from '../pack/links';
import { actionReads, actionSites, guardReads, guardSites, isEvent } from './pointerSites';
import type { Problem } from './problem';

/** The namespace of link events: one there that no link declares is a slip (no page sends it). */
const LINK_NAMESPACE = 'link.';

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The steps a link's event shows: where each of its transitions on the journey's own `on` lands. */
function stepsShown(graph: JourneyGraph, event: string): Set<GraphNode> {
  const shown = new Set<GraphNode>();
  for (const edge of graph.edges) {
    if (edge.kind !== 'on' || edge.event !== event || edge.source !== graph.root) continue;
    for (const { node } of edge.targets) {
      const step = node && stepNodeOf(enteredLeaf(node) ?? node);
      if (step) shown.add(step);
    }
  }
  return shown;
}

/** A link's route: a path from `/`, used by no other link, and no step's but the one it shows. */
function routeProblems(graph: JourneyGraph, links: JourneyLink[]): Problem[] {
  const problems: Problem[] = [];
  const shapes = new Map<string, number>();
  links.forEach((link, i) => {
    const pointer = `/links/${i}/route`;
    if (!link.route.startsWith('/')) {
      problems.push({ pointer, message: `the link's route "${link.route}" does not start with "/": a link is a path of the app's own site` });
      return;
    }
    if (link.route.split('/').some((segment) => segment.includes('?') && !/^:\w+\?$/.test(segment))) {
      problems.push({ pointer, message: `the link's route "${link.route}" has a "?" that marks no optional value (":name?"): the query values it takes are named in "query"` });
      return;
    }
    const before = shapes.get(routeShape(link.route));
    if (before !== undefined) problems.push({ pointer, message: `the route "${link.route}" is already link ${before}'s ("${links[before]?.route}"): the page could not tell them apart` });
    else shapes.set(routeShape(link.route), i);
    const forms = new Set(routeForms(link.route));
    const first = enteredLeaf(graph.root);
    const firstRoute = first && stepNodeOf(first)?.meta.route;
    if (firstRoute !== undefined && routeForms(firstRoute).some((form) => forms.has(form))) {
      problems.push({ pointer, message: `the route "${link.route}" is the journey's first step's ("${firstRoute}"), which the page draws by itself before the app loads, so no link event would be sent: give the link a route of its own` });
      return;
    }
    const shown = stepsShown(graph, link.event);
    for (const node of graph.nodes) {
      const routes = [node.meta.route, ...(node.meta.aliases ?? [])].filter((r): r is string => r !== undefined);
      const taken = routes.find((route) => routeForms(route).some((form) => forms.has(form)));
      if (taken !== undefined && !shown.has(node)) {
        problems.push({ pointer, message: `the route "${link.route}" is the route of step "${node.key}" ("${taken}"), which the link's event does not show: give the link a route of its own` });
      }
    }
  });
  return problems;
}

/** Each link's event handled on the journey's own `on`, and no event in `link.*` that no link sends. */
function eventProblems(graph: JourneyGraph, links: JourneyLink[]): Problem[] {
  const problems: Problem[] = [];
  const rootOn = graph.config.on ?? {};
  links.forEach((link, i) => {
    if (!(link.event in rootOn)) {
      problems.push({ pointer: `/links/${i}/event`, message: `the link's event "${link.event}" is not handled on the journey's own "on": add it there (a link can be opened at any moment)` });
    }
  });
  const declared = [...new Set(links.map((l) => l.event))];
  const named = new Set<string>();
  for (const edge of graph.edges) {
    if (edge.kind !== 'on' || !edge.event.startsWith(LINK_NAMESPACE) || declared.includes(edge.event)) continue;
    const pointer = `${edge.source.pointer}/on${toPointer([edge.event])}`;
    if (named.has(pointer)) continue;
    named.add(pointer);
    problems.push({ pointer, atName: true, message: `no link sends "${edge.event}" (the journey's "links")${suggestion(edge.event, declared)}` });
  }
  return problems;
}

/** The problem with a pointer that reads `/event/values/<name>` where the link has no such value. */
function valueProblem(text: string, pointer: string, event: string, names: string[]): Problem | undefined {
  const [, root, name, ...rest] = pointerSegments(text);
  if (root !== 'values' || name === undefined || names.includes(name)) return undefined;
  const best = didYouMean(name, names);
  const has = names.length === 0 ? 'none' : names.map((n) => `"${n}"`).join(', ');
  const meant = best === undefined ? '' : `; did you mean "${toPointer(['event', 'values', best, ...rest])}"?`;
  return { pointer, message: `the link event "${event}" has no value "${name}": its link's values are ${has}${meant}` };
}

/** What each link event's transitions read at `/event/values/...`, and its examples' values, against the link's values. */
function valueProblems(graph: JourneyGraph, links: JourneyLink[]): Problem[] {
  const problems: Problem[] = [];
  const namesOf = new Map<string, string[]>();
  for (const link of links) namesOf.set(link.event, [...new Set([...(namesOf.get(link.event) ?? []), ...linkValueNames(link)])]);
  const check = (edge: GraphEdge, reads: Array<{ text: string; pointer: string }>) => {
    const names = namesOf.get(edge.event);
    if (edge.kind !== 'on' || !names) return;
    for (const read of reads) {
      const problem = valueProblem(read.text, read.pointer, edge.event, names);
      if (problem) problems.push(problem);
    }
  };
  for (const { params, pointer, edge } of guardSites(graph)) check(edge, guardReads(params, pointer, isEvent));
  for (const site of actionSites(graph)) if (site.edge) check(site.edge, actionReads(site, isEvent));
  for (const edge of graph.edges) {
    const values = edge.transition.meta?.example?.values;
    if (isObject(values)) check(edge, Object.keys(values).map((name) => ({ text: toPointer(['event', 'values', name]), pointer: `${edge.pointer}/meta/example/values${toPointer([name])}` })));
  }
  return problems;
}

/**
 * The journey's deep links (`links`, src/pack/links.ts): each route a path from `/` that no
 * other link and no other step has; each event handled on the journey's own `on`; no `link.*`
 * event that no link sends; and what the links' events are read for at `/event/values/<name>`
 * among the values their link gives (with did-you-mean).
 */
export function lintLinks(graph: JourneyGraph): Problem[] {
  const links = graph.config.links ?? [];
  return [...routeProblems(graph, links), ...eventProblems(graph, links), ...valueProblems(graph, links)];
}
