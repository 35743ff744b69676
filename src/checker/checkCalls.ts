import { answerShapeProblem } from './checkAnswerShape';
import { answerPointerProblem, checkInputMap, type CallContract } from './checkInputMap';
import { suggestion } from '../pack/didYouMean';
import { widgetCalls } from './journeyCalls';
import type { JourneyGraph } from '../pack/journeyGraph';
import { ownStep } from './declaredData';
import { getAt, toPointer } from '../pack/jsonPointer';
import type { JsonObject } from '../pack/journeyTypes';
import type { Problem } from './problem';
import type { StepFile } from '../pack/stepFile';
import { widgetAnswerOf } from '../pack/widgetAnswers';

const API = 'api.';
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every string under a transition (its guard, its actions' params) that reads the call's answer. */
function outputPointers(value: unknown, at: string, found: Array<{ pointer: string; at: string }>): void {
  if (typeof value === 'string') {
    if (value === '/event/output' || value.startsWith('/event/output/')) found.push({ pointer: value.slice('/event/output'.length), at });
  } else if (Array.isArray(value)) value.forEach((v, i) => outputPointers(v, `${at}/${i}`, found));
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) outputPointers(v, `${at}${toPointer([k])}`, found);
}

/**
 * A step that calls the operation ending the session (`x-session: sign-out`) blocks browser back:
 * back would leave the step and so stop its call (XState stops an invoke with its state), and the
 * agent would be back in the sale with the session still open, the logout never sent. The step
 * holding the call is the state itself or the nearest one above it with a route.
 */
function signOutBackProblems(graph: JourneyGraph, byId: ReadonlyMap<string, CallContract>): Problem[] {
  const problems: Problem[] = [];
  for (const { node, invoke } of graph.invokes) {
    if (!invoke.src.startsWith(API) || byId.get(invoke.src.slice(API.length))?.session !== 'sign-out') continue;
    const step = ownStep(node);
    if (!step || step.meta.back === 'block') continue;
    problems.push({
      pointer: `${step.pointer}/meta`,
      message: `this step calls "${invoke.src}", which ends the session: give it "back": "block", else browser back during the call stops it and the agent is back in the sale with the session open`,
    });
  }
  return problems;
}

/**
 * Checks a journey's provider calls against the country's operations: each `api.<operationId>`
 * the journey invokes exists, its input map fits the operation's request (see checkInputMap),
 * and each `/event/output/...` pointer in the guards and actions of its `onDone` is in the
 * operation's answer (200 and 201).
 */
export function checkJourneyCalls(graph: JourneyGraph, operations: readonly CallContract[]): Problem[] {
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const problems: Problem[] = [];
  for (const { invoke, pointer } of graph.invokes) {
    if (!invoke.src.startsWith(API)) continue;
    const operation = byId.get(invoke.src.slice(API.length));
    // An operation the country does not have is an unknown actor, reported once by lintJourney
    // (it is given the country's operations).
    if (!operation) continue;
    problems.push(...checkInputMap(invoke.input, operation, `${pointer}/input`, ['context', 'event']));
  }
  problems.push(...signOutBackProblems(graph, byId));
  for (const edge of graph.edges) {
    if (edge.kind !== 'done' || !edge.invoke?.src.startsWith(API)) continue;
    const operation = byId.get(edge.invoke.src.slice(API.length));
    if (!operation) continue;
    const found: Array<{ pointer: string; at: string }> = [];
    const { guard, actions } = edge.transition;
    outputPointers(guard, `${edge.pointer}/guard`, found);
    outputPointers(actions, `${edge.pointer}/actions`, found);
    for (const { pointer, at } of found) {
      const message = answerPointerProblem(operation, pointer);
      if (message) problems.push({ pointer: at, message });
    }
  }
  return problems;
}

/**
 * Checks the calls a step's widgets make (`ui:options.call`) as a journey's are checked: the
 * operation exists for the country, and the input fits its request; `/form/<field>` names a
 * field of the step; and the operation answers what the widget reads (src/pack/widgetAnswers.ts).
 */
export function checkWidgetCalls(step: StepFile, operations: readonly CallContract[], country: string): Problem[] {
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const fields = new Set(Object.keys((step.schema?.properties ?? {}) as JsonObject));
  const problems: Problem[] = [];
  for (const { call, pointer } of widgetCalls(step)) {
    const operation = byId.get(call.operation);
    if (!operation) {
      problems.push({ pointer: `${pointer}/operation`, message: `the provider of ${country} has no operation "${call.operation}"${suggestion(call.operation, byId.keys())}` });
      continue;
    }
    problems.push(...checkInputMap(call.input, operation, `${pointer}/input`, ['context', 'form']));
    const widget = getAt(step, pointer.replace(/\/ui:options\/call$/, '/ui:widget'));
    const options = getAt(step, pointer.replace(/\/call$/, ''));
    const shape = typeof widget === 'string' ? widgetAnswerOf(widget, isObject(options) ? options : undefined) : undefined;
    const unreadable = shape ? answerShapeProblem(shape.reader, shape.schema, operation) : undefined;
    if (unreadable) problems.push({ pointer: `${pointer}/operation`, message: unreadable });
    const reads: Array<{ pointer: string; at: string }> = [];
    const collect = (value: unknown, at: string) => {
      if (typeof value === 'string' && value.startsWith('/form/')) reads.push({ pointer: value, at });
      else if (isObject(value) && 'value' in value) return; // a constant is not read
      else if (isObject(value) && 'session' in value) {
        // The session's values (the sealed PIN) are filled in by the journey's calls only: a
        // widget's call would send the placeholder itself.
        problems.push({ pointer: `${at}/session`, message: `a widget's call cannot send the session's values ("session"); make this call from the journey (an invoke), where they are filled in`, atName: true });
      }
      else if (Array.isArray(value)) value.forEach((v, i) => collect(v, `${at}/${i}`));
      else if (isObject(value)) for (const [k, v] of Object.entries(value)) collect(v, `${at}${toPointer([k])}`);
    };
    collect(call.input, `${pointer}/input`);
    for (const read of reads) {
      const field = read.pointer.split('/')[2] ?? '';
      if (!fields.has(field)) problems.push({ pointer: read.at, message: `the step has no field "${field}"${suggestion(field, fields)}` });
    }
  }
  return problems;
}
