import { createActor, fromPromise, type ActorOptions, type AnyActorLogic } from 'xstate';
import { country, shellScripts } from 'virtual:country';
import countryJourney from 'virtual:country/journey';
import { createApiActors } from '../api/apiActors';
import type { ApiSession } from '../api/apiSession';
import { createApiClients, type ApiConfig, type CallFailure } from '../api/apiClients';
import { callOperation, type CallInput } from '../api/callOperation';
// The build's country's provider operations (the COUNTRY= build chooses them).
import { operations } from 'virtual:country/operations';
import { operationWithRole } from '../api/operationTable';
import { compileJourney } from '../runtime/compileJourney';
import type { CallLogic } from '../runtime/machineSetup';
import type { ShellEvent } from '../runtime/journeyEvents';
import { persistJourney, readPersisted, restoreRecord, type DraftFit, type PersistedJourney } from '../runtime/persistence';
import { stepNodeOf } from '../pack/journeyGraph';
import { activeNodes } from '../pack/activeNodes';
import { loadStep } from '../screens/stepLoader';
import { connectAnalytics, loadTagManager } from './analytics';
import { isBusy } from './journeyBusy';
import { leaveOnRequest } from './leavePage';
import { scheduleSaves } from './saveSchedule';
import type { SealedStore } from './sealedStorage';
import { indexedDbKeyring } from './callKeyring';
import { createSessionRecorder, placeOf, recordSession, type SessionRecord } from './sessionRecorder';
import { DEPLOY_VERSION } from './trackingRecords';
import { KEEP_ALIVE_EVERY_MS } from './keepAliveTiming';

/** A tester's inspector (inspectChannel.ts: where the journey is, for the studio), when the page is opened with `?inspect`. */
export type Inspect = ActorOptions<AnyActorLogic>['inspect'];

/**
 * The device's position, asked when a sale starts (spec 2.3: a new client needs it). A call as
 * the journey invokes one (CallLogic): the journey reads its answer through its pointers.
 */
const deviceLocation: CallLogic = fromPromise<unknown, Record<string, unknown>>(
  () =>
    new Promise<{ latitude: number; longitude: number }>((resolve, reject) => {
      if (!navigator.geolocation) {
        reject({ code: 'UNAVAILABLE', message: 'no geolocation' });
        return;
      }
      navigator.geolocation.getCurrentPosition(
        (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
        (error) => reject({ code: error.code, message: error.message }),
        { timeout: 10_000, maximumAge: 60_000 },
      );
    }),
);

/** What the sealed store keeps: the journey's snapshot, the sealed PIN and the agent's recorded session. */
interface Saved {
  journey: string | null;
  sealedPin?: string;
  session?: SessionRecord;
}

/** What the sealed store kept, read back: the journey's record parsed (it is text within the text). */
export interface SavedSale {
  journey: PersistedJourney | undefined;
  sealedPin?: string;
  session?: SessionRecord;
}

/**
 * The sealed store's text read once at start-up, for `loadStepToResume` and `createJourneyRuntime`
 * both: a long sale's snapshot and recorded session are worth parsing once on a slow phone.
 */
export function readSavedSale(store: SealedStore): SavedSale {
  const text = store.restored;
  if (!text) return { journey: undefined };
  try {
    const saved = JSON.parse(text) as Partial<Saved>;
    return {
      journey: typeof saved.journey === 'string' ? readPersisted(saved.journey) : undefined,
      ...(typeof saved.sealedPin === 'string' ? { sealedPin: saved.sealedPin } : {}),
      ...(saved.session && typeof saved.session === 'object' ? { session: saved.session } : {}),
    };
  } catch {
    return { journey: undefined };
  }
}


/** This build's journey, compiled once. */
let compiled: ReturnType<typeof compileJourney> | undefined;
const buildJourney = () => (compiled ??= compileJourney(countryJourney));

/**
 * A sale saved by another version of this journey (a build deployed while the agent sold) resumes
 * at a step of this one (src/runtime/versionResume.ts) with what was typed on it, trimmed to what
 * its screen still has: that step's file and validator are loaded first, so that the trimming can
 * read them as the journey is restored. Nothing to load when the saved sale is this version's.
 */
export async function loadStepToResume(saved: SavedSale): Promise<void> {
  const journey = buildJourney();
  // This version's sale (the common start) resumes as it was: no resume to work out here, only once in the runtime.
  if (!saved.journey || saved.journey.hash === journey.hash) return;
  const restored = restoreRecord(journey, saved.journey);
  const to = restored.ok && restored.resumed ? journey.graph.byId.get(restored.resumed.to) : undefined;
  const step = to && stepNodeOf(to)?.meta.step;
  if (step) await loadStep(step).catch(() => undefined);
}

/**
 * The running journey of this build: compiled from its country's journey file (COUNTRY at build
 * time: src/build/countryModules.ts), its provider
 * calls made through the api layer (same origin: the sandbox or the provider's proxy), resumed
 * from the session's sealed snapshot when there is one (`store`, opened before, and `saved`, what
 * it held: see startApp.tsx).
 */
export function createJourneyRuntime(store: SealedStore, saved: SavedSale, inspect?: Inspect, fit?: DraftFit) {
  const journey = buildJourney();
  // The call the country's spec marks `x-session: sign-out`, and how many of it are in flight.
  const signOut = operationWithRole(operations, 'sign-out')?.[0];
  let signingOut = 0;
  let reportFailure: ((failure: CallFailure) => void) | undefined;
  const config: ApiConfig = {
    baseUrl: window.location.origin,
    // Not while the session is being ended: the provider has usually ended an idle one already,
    // so the idle logout is answered 401 (and a keep-alive sent just before may be too), and that
    // 401 said "No autorizado" over the journey's own end of it ("Tu sesión terminó por
    // inactividad"). The sign-out's answer, 401 or not, takes the journey where it goes.
    onUnauthorized: () => {
      if (signingOut === 0) actor.send({ type: 'session.unauthorized' } satisfies ShellEvent);
    },
    // An answer that is not this session's (spec section 4): wiped, back to `/`. The provider is
    // asked to end the session too, so that its cookie dies with it: the logout is signed with
    // the keys in hand as it starts, before the wipe forgets them (once: its own answer may
    // mismatch as well).
    onIntegrityMismatch: () => {
      // The sign-out, sent the country's code.
      if (signOut && signingOut === 0) void call(signOut, { country });
      actor.send({ type: 'session.mismatch' } satisfies ShellEvent);
    },
    // The provider in maintenance: the journey takes the agent to its maintenance step.
    onMaintenance: () => actor.send({ type: 'app.maintenance' } satisfies ShellEvent),
    keyring: indexedDbKeyring(),
    // Error tracking (spec section 8), when the country's shell tracks.
    onCallFailed: (failure) => reportFailure?.(failure),
  };
  const clients = createApiClients(config, operations);
  // Any country's table: inputs are the journey's and the step files' maps, answers read through
  // checked pointers (the journey) or a widget's declared answer shape (src/pack/widgetAnswers.ts).
  const call = (operationId: string, input?: CallInput) => {
    if (operationId !== signOut) return callOperation(clients, config, operationId, input);
    signingOut += 1;
    return callOperation(clients, config, operationId, input).finally(() => (signingOut -= 1));
  };
  // The sealed PIN (RSA-encrypted for the provider, never the PIN) is kept with the journey, so
  // that the calls that carry it still can after a reload.
  const session: ApiSession = saved.sealedPin ? { sealedPin: saved.sealedPin } : {};
  const actors = { ...createApiActors(operations, call, session, { pinKey: async () => (await clients.publicKeys()).key }), 'device.location': deviceLocation };
  const restored = restoreRecord(journey, saved.journey, fit);
  // What the agent is told when the saved sale was another version's (where it resumes, what was dropped).
  const notice = restored.ok ? restored.resumed?.notice : restored.notice;
  const machine = journey.machine.provide({ actors });
  const actor = createActor(machine, { ...(restored.ok ? { snapshot: restored.snapshot } : {}), ...(inspect ? { inspect } : {}) });
  // The agent's events, for a tester to export and replay (src/app/sessionRecorder.ts): kept in
  // the same sealed text as the snapshot, and resumed only with it (a record that does not lead
  // to the restored snapshot would not replay to it).
  const recorder = createSessionRecorder({ country, journey: journey.id, journeyHash: journey.hash, appVersion: DEPLOY_VERSION });
  // Not across versions: the record's states would be the other version's.
  if (restored.ok && !restored.resumed) recorder.resume(saved.session);
  // The tag manager's data layer, for the countries whose shell loads one (the country file).
  if (shellScripts.includes('tagManager')) {
    reportFailure = connectAnalytics(actor, countryJourney.id);
    loadTagManager();
  }
  // What the journey keeps survives a reload of the tab, sealed (AES-GCM, see sealedStorage).
  // Written in idle time once the journey has settled, not during a step change or its call
  // (saveSchedule.ts); a tab hidden or closed writes at once.
  const save = () => {
    if (actor.getSnapshot().status !== 'active') return;
    const text: Saved = {
      journey: persistJourney(journey, actor.getPersistedSnapshot()),
      ...(session.sealedPin ? { sealedPin: session.sealedPin } : {}),
      ...(recorder.size > 0 ? { session: recorder.take() } : {}),
    };
    return store.save(JSON.stringify(text));
  };
  const saving = scheduleSaves({ save, busy: () => isBusy(actor.getSnapshot()) });
  actor.subscribe(saving.changed);
  // Where the journey is, on the page's root (a state id: no personal data): what a tester reads
  // in the browser's tools, and what the browser replay waits for before it moves the page's
  // clock past one of the journey's long timers (src/tools/replay/journeyTimers.ts). And whether
  // it waits (isBusy: a call in flight), which the replay waits out before it reads a screen
  // (src/tools/replay/browserPlace.ts), rather than a guessed quiet time: between two chained
  // calls no request is in flight, yet the journey is not done.
  // Written when they change: this runs on every snapshot.
  const root = document.documentElement;
  actor.subscribe((snapshot) => {
    const at = activeNodes(journey.graph, snapshot.value).at(-1)?.id ?? '';
    if (root.dataset.journeyState !== at) root.dataset.journeyState = at;
    const busy = String(isBusy(snapshot));
    if (root.dataset.journeyBusy !== busy) root.dataset.journeyBusy = busy;
  });
  // Recorded before the journey handles each event; the session's end (`session.wiped`) clears it.
  recordSession(actor, journey, recorder, saving.changed);
  window.addEventListener('pagehide', saving.flush);
  // The journey's `leave`: saved at once (a save waiting for idle time first, so none overtakes it), then the outside page (leavePage.ts).
  leaveOnRequest(actor, () => { saving.flush(); return save(); });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saving.flush();
  });
  actor.on('session.wiped', () => {
    delete session.sealedPin;
    sessionStorage.clear();
    localStorage.clear();
    void store.wipe();
    void clients.forgetKeys();
  });
  actor.start();
  /** The recorded session as it stands, ending where the journey is now (what an export seals). */
  const sessionRecord = () => {
    const { stateId, route } = placeOf(journey, actor.getSnapshot());
    return recorder.take({ stateId, ...(route !== undefined ? { route } : {}) });
  };
  // The provider ends a session after 15 minutes without a call, as the app does after 15 without
  // a touch; an agent typing a long form touches but does not call, so while the agent is active
  // the call its spec marks `x-session: keep-alive` goes at most every KEEP_ALIVE_EVERY_MS. A 401
  // to it wipes and lands on `/`, as any call's does.
  const keepAliveCall = operationWithRole(operations, 'keep-alive');
  let keptAliveAt = Date.now();
  const keepAlive = () => {
    if (!keepAliveCall || Date.now() - keptAliveAt < KEEP_ALIVE_EVERY_MS) return;
    keptAliveAt = Date.now();
    void call(keepAliveCall[0]);
  };
  return { journey, actor, call, sessionRecord, keepAlive, notice };
}

export type JourneyRuntime = ReturnType<typeof createJourneyRuntime>;
