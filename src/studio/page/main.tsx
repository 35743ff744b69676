import '@mantine/core/styles.css';
import '@xyflow/react/dist/style.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Studio } from './Studio';

// The app's page plugins name the tab after the app; the studio is a tool of its own.
document.title = 'Journey studio';

const root = document.getElementById('studio');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider>
        <Studio />
      </MantineProvider>
    </StrictMode>,
  );
}
