import '@mantine/core/styles.css';
import './tapTargets.css';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { STORAGE_KEY } from './journeyRuntime';
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

/** The nonce the page's Content Security Policy admits style elements with (sandbox server). */
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
// Mantine's modals lock scrolling with a style element written by react-style-singleton, which
// takes its nonce from get-nonce; Mantine's own style elements get it from the provider.
if (styleNonce) setNonce(styleNonce);

const root = document.getElementById('root');
if (root) {
  // The journey resumes from its sealed snapshot, decrypted before the first screen.
  void Promise.all([openSealedStore(STORAGE_KEY), inspector()]).then(([store, inspect]) =>
    createRoot(root).render(
      <StrictMode>
        <App store={store} inspect={inspect} styleNonce={styleNonce} />
      </StrictMode>,
    ),
  );
}
