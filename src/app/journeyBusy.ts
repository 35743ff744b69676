/** What of a journey snapshot tells whether it waits. */
interface BusySnapshot {
  hasTag(tag: string): boolean;
  children: Record<string, { getSnapshot(): { status: string } } | undefined>;
}

/**
 * Whether the journey is waiting on something the agent cannot hurry: a provider call (or the
 * device's position) in flight, an invoked child still running, or a state the journey tags
 * `busy` (the pause between two checks of an order's status). The step's buttons wait meanwhile.
 */
export const isBusy = (snapshot: BusySnapshot) => snapshot.hasTag('busy') || Object.values(snapshot.children).some((child) => child?.getSnapshot().status === 'active');
