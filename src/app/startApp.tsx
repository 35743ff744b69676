import './mantineStyles.css';
import './tapTargets.css';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import type { JourneyEvent } from '../runtime/journeyEvents';
import { createJourneyRuntime, loadStepToResume, readSavedSale } from './journeyRuntime';
import { fitDraft } from '../screens/draftFit';
import { STORAGE_KEY } from './journeyStorageKey';
import { openingEvents } from './openingEvents';
import { openSealedStore } from './sealedStorage';
import { inspecting } from './inspectMode';

/**
 * With `?inspect` in the URL of a dev or test build (or every page of a VITE_INSPECT=1 build:
 * src/app/inspectMode.ts) the running journey posts where it is on the page's inspection
 * channel, which the journey studio shows; the inspector's code is loaded only then.
 */
async function inspector() {
  // Written out (not INSPECT_ALLOWED) so that the build folds it: an agents' build drops the inspector's code.
  if (!(import.meta.env.DEV || import.meta.env.VITE_INSPECT === '1') || !inspecting()) return undefined;
  const { channelInspector } = await import('./inspectChannel');
  return channelInspector();
}

/**
 * Starts the app in `root` (main.ts loads this module when the app is needed): the journey resumes
 * from its sealed snapshot, decrypted before the first screen; `firstEvents` are what the agent
 * already did on the page's own first screen (the PIN sent), handed to the journey as it starts.
 * Resolves once the app has drawn its first screen.
 */
export async function startApp(root: HTMLElement, firstEvents: readonly JourneyEvent[] = []): Promise<void> {
  /** The nonce the page's Content Security Policy admits style elements with (sandbox server). */
  const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  // Mantine's modals lock scrolling with a style element written by react-style-singleton, which
  // takes its nonce from get-nonce; Mantine's own style elements get it from the provider.
  if (styleNonce) setNonce(styleNonce);
  const [store, inspect] = await Promise.all([openSealedStore(STORAGE_KEY), inspector()]);
  const saved = readSavedSale(store);
  await loadStepToResume(saved);
  const runtime = createJourneyRuntime(store, saved, inspect, fitDraft);
  // A page opened at /redirect (the provider sending the agent back) or at one of the journey's
  // deep links tells the journey so, after it started (afresh or from the tab's snapshot); then
  // what the agent did before the app was here. Sent once: a journey's calls must not be made twice.
  for (const event of [...openingEvents(window.location, runtime.journey.config.links), ...firstEvents]) runtime.actor.send(event);
  await new Promise<void>((drawn) =>
    createRoot(root).render(
      <StrictMode>
        <App runtime={runtime} styleNonce={styleNonce} onDrawn={drawn} />
      </StrictMode>,
    ),
  );
}
