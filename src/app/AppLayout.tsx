import { Alert, AppShell, Burger, Group, Loader, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { appTitle, sidebar } from 'virtual:country';
import { IdleGuard } from './IdleGuard';
import { useJourney } from './journeyContext';

/**
 * The support team's public key that exported sessions are sealed with (a JWK, from the build:
 * scripts/sessionExportKey.ts); a build without one offers no export.
 */
const SESSION_EXPORT_KEY = String(import.meta.env.VITE_SESSION_EXPORT_KEY ?? '');

/**
 * The frame around every step: header with the country's app name and progress, the sidebar when
 * signed in (the country file's entries, spec 2.3: each an event of the journey), the step's message.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { step, context, busy, send, sessionRecord } = useJourney();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [exporting, setExporting] = useState<'idle' | 'busy' | 'failed'>('idle');
  // The session sealed and downloaded; the sealing code is loaded only now (not in the first screens' bundle).
  const exportSession = async () => {
    setExporting('busy');
    try {
      const { exportSession: download } = await import('./sessionExport');
      await download(sessionRecord(), JSON.parse(SESSION_EXPORT_KEY) as JsonWebKey);
      setExporting('idle');
    } catch {
      // Nothing of the session is shown or logged: only that it did not work.
      setExporting('failed');
    }
  };
  const signedIn = step !== undefined && !step.public;
  const message = context.ui?.message;
  return (
    <AppShell header={{ height: 56 }} navbar={signedIn ? { width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            {signedIn && <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menú" />}
            <Text fw={700}>{appTitle}</Text>
          </Group>
          <Group gap="sm">
            {busy && <Loader size="sm" role="status" aria-label="Cargando" />}
            {step?.progress && <Text aria-label="Progreso">{`${step.progress.n}/${step.progress.of}`}</Text>}
          </Group>
        </Group>
      </AppShell.Header>
      {signedIn && (
        // The sidebar: the country's menu (spec 2.3) as its own navigation, exactly its entries;
        // the session's export for testers and support below it, outside the menu.
        <AppShell.Navbar p="sm" aria-label="Barra lateral">
          <AppShell.Section grow component="nav" aria-label="Menú principal">
            {sidebar.map((item) => (
              <NavLink
                key={item.event}
                label={item.label}
                component="button"
                style={{ minHeight: 48 }}
                onClick={() => {
                  close();
                  send({ type: item.event });
                }}
              />
            ))}
          </AppShell.Section>
          {SESSION_EXPORT_KEY && (
            // Discreet, at the bottom: for testers and support, not part of an agent's day.
            <AppShell.Section>
              <NavLink
                label={exporting === 'busy' ? 'Exportando sesión…' : 'Exportar sesión'}
                description={exporting === 'failed' ? 'No se pudo exportar la sesión' : undefined}
                component="button"
                style={{ minHeight: 48 }}
                disabled={exporting === 'busy'}
                onClick={() => void exportSession()}
              />
            </AppShell.Section>
          )}
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        {signedIn && <IdleGuard onExpire={() => send({ type: 'session.idle' })} />}
        {message && (
          <Alert color="red" role="alert" mb="md">
            {message}
          </Alert>
        )}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
