import { Alert, AppShell, Burger, Group, Loader, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { appTitle, sidebar } from 'virtual:country';
import { IdleGuard } from './IdleGuard';
import { useJourney } from './journeyContext';

/**
 * The frame around every step: header with the country's app name and progress, the sidebar when
 * signed in (the country file's entries, spec 2.3: each an event of the journey), the step's message.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { step, context, busy, send } = useJourney();
  const [opened, { toggle, close }] = useDisclosure(false);
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
        <AppShell.Navbar p="sm" aria-label="Menú principal">
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
