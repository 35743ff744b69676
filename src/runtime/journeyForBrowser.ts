import { asList } from '../pack/journeyGraph';
import type { InvokeConfig, JourneyConfig, StateConfig, TransitionConfig, TransitionObject } from '../pack/journeyTypes';

/** A transition without what only people and tools read: its description and its examples. */
function stripTransition(transition: string | TransitionObject): string | TransitionObject {
  if (typeof transition === 'string') return transition;
  const kept = { ...transition };
  delete kept.description;
  delete kept.meta;
  return kept;
}

function stripTransitions(config: TransitionConfig): TransitionConfig {
  return Array.isArray(config) ? config.map(stripTransition) : stripTransition(config);
}

function stripInvoke(invoke: InvokeConfig): InvokeConfig {
  return {
    ...invoke,
    ...(invoke.onDone ? { onDone: stripTransitions(invoke.onDone) } : {}),
    ...(invoke.onError ? { onError: stripTransitions(invoke.onError) } : {}),
  };
}

function stripState(state: StateConfig): StateConfig {
  const out: StateConfig = { ...state };
  delete out.description;
  if (state.on) out.on = Object.fromEntries(Object.entries(state.on).map(([event, t]) => [event, stripTransitions(t)]));
  if (state.always) out.always = stripTransitions(state.always);
  if (state.after) out.after = Object.fromEntries(Object.entries(state.after).map(([delay, t]) => [delay, stripTransitions(t)]));
  if (state.invoke) out.invoke = Array.isArray(state.invoke) ? asList(state.invoke).map(stripInvoke) : stripInvoke(state.invoke);
  if (state.states) out.states = Object.fromEntries(Object.entries(state.states).map(([key, child]) => [key, stripState(child)]));
  return out;
}

/**
 * A journey as the browser needs it: the same machine without the descriptions and transition
 * examples written for product owners, testers and `journeys:paths` (a sixth of the file's
 * gzipped size), nor the declared shape of its data (`meta.context`, read by journeys:check
 * only). The build applies it to `journeys/*.json` (vite.config.ts).
 */
export function journeyForBrowser(config: JourneyConfig): JourneyConfig {
  const out = stripState(config) as JourneyConfig;
  // The shell reads a link's route, event and query only.
  if (config.links) out.links = config.links.map(({ route, event, query }) => ({ route, event, ...(query ? { query } : {}) }));
  if (out.meta?.context) {
    const { context: _declared, ...meta } = out.meta;
    void _declared;
    out.meta = meta;
  }
  return out;
}
