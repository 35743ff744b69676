import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { STORAGE_KEY } from './journeyRuntime';
import { openSealedStore } from './sealedStorage';

/**
 * With `?inspect` in the URL (or VITE_INSPECT=1 at build time) the running journey is shown in the
 * Stately inspector, for testers; the inspector is loaded only then.
 */
async function inspector() {
  if (!new URLSearchParams(location.search).has('inspect') && import.meta.env.VITE_INSPECT !== '1') return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

const root = document.getElementById('root');
if (root) {
  // The journey resumes from its sealed snapshot, decrypted before the first screen.
  void Promise.all([openSealedStore(STORAGE_KEY), inspector()]).then(([store, inspect]) =>
    createRoot(root).render(
      <StrictMode>
        <App store={store} inspect={inspect} />
      </StrictMode>,
    ),
  );
}
