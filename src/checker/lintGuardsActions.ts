import * as precompiled from './generated/validators.js';
import { actions } from '../runtime/actions';
import { suggestion } from '../pack/didYouMean';
import { guards, nestedGuards } from '../runtime/guards';
import type { NamedRef } from '../pack/journeyTypes';
import type { Problem } from './problem';

/** Checks a guard's or action's params with its validator, precompiled from its params schema. */
function paramProblem(kind: 'guard' | 'action', name: string, params: unknown, pointer: string): Problem | undefined {
  const validate = (precompiled as Record<string, precompiled.PrecompiledValidator>)[`${kind}_${name}`];
  if (!validate) return { pointer, message: `${kind} "${name}" has no params validator: run npm run validators:build` };
  if (validate(params ?? {})) return undefined;
  const error = validate.errors?.[0];
  const p = (error?.params ?? {}) as Record<string, unknown>;
  const where = `${pointer}/params${error?.instancePath ?? ''}`;
  if (error?.keyword === 'required') return { pointer: where, message: `${kind} "${name}" needs the param "${String(p.missingProperty)}"` };
  if (error?.keyword === 'additionalProperties') return { pointer: where, message: `${kind} "${name}" has no param "${String(p.additionalProperty)}"` };
  if (error?.keyword === 'pattern') return { pointer: where, message: `${kind} "${name}": a pointer here starts with ${String(p.pattern).includes('event') ? '"/context" or "/event"' : '"/context"'}` };
  return { pointer: where, message: `${kind} "${name}": params ${error?.message ?? 'are not valid'}` };
}

export function refParts(ref: NamedRef): { type: string; params: Record<string, unknown> | undefined } {
  return typeof ref === 'string' ? { type: ref, params: undefined } : { type: ref.type, params: ref.params };
}

/** Whether a guard, or one nested in it, reads the event being handled (`/event/...`). */
export function readsEvent(ref: NamedRef): boolean {
  if (typeof ref === 'string' || !ref.params) return false;
  return Object.values(ref.params).some((v) => typeof v === 'string' && v.startsWith('/event')) || nestedGuards(ref.params).some(readsEvent);
}

/** A guard the engine knows, with params its validator takes (a `matches` pattern that compiles), and so each guard nested in it. */
export function guardProblems(ref: NamedRef, pointer: string, problems: Problem[] = []): Problem[] {
  const { type, params } = refParts(ref);
  if (!guards[type]) {
    problems.push({ pointer: typeof ref === 'string' ? pointer : `${pointer}/type`, message: `unknown guard "${type}"${suggestion(type, Object.keys(guards))}` });
    return problems;
  }
  const bad = paramProblem('guard', type, params, pointer);
  if (bad) {
    problems.push(bad);
    return problems;
  }
  if (type === 'matches') {
    try {
      new RegExp(String(params?.pattern), 'u');
    } catch {
      problems.push({ pointer: `${pointer}/params/pattern`, message: 'guard "matches": the pattern is not a valid regular expression' });
    }
  }
  nestedGuards(params).forEach((g, i) => guardProblems(g, Array.isArray(params?.of) ? `${pointer}/params/of/${i}` : `${pointer}/params/guard`, problems));
  return problems;
}

/** Actions the engine knows, each with params its validator takes; `isList`: written as a list (each at its index). */
export function actionProblems(refs: NamedRef[], pointer: string, isList: boolean): Problem[] {
  const problems: Problem[] = [];
  refs.forEach((ref, i) => {
    const at = isList ? `${pointer}/${i}` : pointer;
    const { type, params } = refParts(ref);
    if (!actions[type]) {
      problems.push({ pointer: typeof ref === 'string' ? at : `${at}/type`, message: `unknown action "${type}"${suggestion(type, Object.keys(actions))}` });
      return;
    }
    const bad = paramProblem('action', type, params, at);
    if (bad) problems.push(bad);
  });
  return problems;
}
