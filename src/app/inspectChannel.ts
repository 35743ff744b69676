import type { InspectionEvent, Observer, StateValue } from 'xstate';

/**
 * The tester's inspector (`?inspect`, src/app/inspectMode.ts) without any outside site: the
 * running journey's snapshots are posted on a BroadcastChannel of the page's origin, which the
 * journey studio (served on the same origin in development) listens to. Only where the journey
 * is and what moved it are posted: the state value and the event's type, never the journey's
 * data or an event's fields, which hold the customer's.
 */
export const INSPECT_CHANNEL = 'journey-inspect';

/** Where the journey is, after an event. */
export interface InspectSnapshot {
  kind: 'snapshot';
  /** The journey's id (its machine's). */
  journey: string;
  value: StateValue;
  /** The type of the event that led here (`xstate.init` for the first). */
  event: string;
  /** `active`, or `done` once the journey has ended. */
  status: string;
  /** When (ms since 1970). */
  at: number;
}

/** A listener that opened after the journey started asks for where it is now. */
export interface InspectHello {
  kind: 'hello';
}

export type InspectMessage = InspectSnapshot | InspectHello;

/** What the inspector needs of a BroadcastChannel. */
export interface InspectPort {
  postMessage: (message: InspectMessage) => void;
  addEventListener: (type: 'message', listener: (message: MessageEvent<InspectMessage>) => void) => void;
}

/** An inspection observer for the journey's actor, posting its own snapshots (not its calls'). */
export function channelInspector(channel: InspectPort = new BroadcastChannel(INSPECT_CHANNEL)): Observer<InspectionEvent> {
  let last: InspectSnapshot | undefined;
  channel.addEventListener('message', (message) => {
    if (message.data?.kind === 'hello' && last) channel.postMessage(last);
  });
  return {
    next(inspection) {
      if (inspection.type !== '@xstate.snapshot' || inspection.actorRef.sessionId !== inspection.rootId) return;
      const snapshot = inspection.snapshot as { value?: StateValue; status?: string; machine?: { id?: string } };
      if (snapshot.value === undefined) return;
      last = {
        kind: 'snapshot',
        journey: snapshot.machine?.id ?? '',
        value: snapshot.value,
        event: inspection.event.type,
        status: snapshot.status ?? 'active',
        at: Date.now(),
      };
      channel.postMessage(last);
    },
  };
}
