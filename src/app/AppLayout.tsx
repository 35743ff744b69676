import { Alert, AppShell, Burger, Group, Loader, NavLink, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { memo, useCallback, useEffect, useState, type ReactNode } from 'react';
import { appTitle, entry, sidebar } from 'virtual:country';
import { CUSTOMER_IDLE, IdleGuard } from './IdleGuard';
import { currentStep } from '../runtime/compileJourney';
import type { ShellEvent } from '../runtime/journeyEvents';
import { isBusy } from './journeyBusy';
import { useJourneyRuntime, useJourneyValue } from './journeyContext';

/**
 * The support team's public key that exported sessions are sealed with (a JWK, from the build:
 * src/build/sessionExportKey.ts); a build without one offers no export.
 */
const SESSION_EXPORT_KEY = String(import.meta.env.VITE_SESSION_EXPORT_KEY ?? '');

/**
 * Whose app this build is (the country file's `entry`): an agent's (`signIn`: the private steps
 * are a seller's session, with the agent's sidebar and the 15-minute idle wipe) or a customer's
 * (`public`: its private steps are the customer's own session, with no agent's sidebar and the
 * customer's idle timings, docs/spec-choices.md).
 */
const AGENTS_APP = entry !== 'public';

/**
 * The frame around every step: header with the country's app name and progress, the sidebar when
 * an agent is signed in (the country file's entries, spec 2.3: each an event of the journey; none
 * in a customer's app), the idle guard in a session of either, the step's message.
 * It reads only whether the agent is signed in; the progress, the busy spinner and the message
 * read their own values, so a step change draws them and not the frame (Mantine's AppShell
 * writes its layout's styles each time it is drawn).
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { actor, sessionRecord, keepAlive } = useJourneyRuntime();
  const inSession = useJourneyValue((snapshot, runtime) => {
    const step = currentStep(runtime.journey, snapshot);
    return step !== undefined && !step.public;
  });
  // The agent's sidebar only in an agent's session; a customer's has none.
  const signedIn = inSession && AGENTS_APP;
  const [opened, { toggle, close }] = useDisclosure(false);
  // Below the sidebar's breakpoint (Mantine's sm, 48em) a closed sidebar is only moved off the
  // screen: inert, so that a screen reader does not read it nor a tab reach its entries.
  const phone = useMediaQuery('(max-width: 47.99em)');
  const [exporting, setExporting] = useState<Exporting>('idle');
  // Stable, so that the sidebar is not drawn again on every step change (SidebarEntries is memo).
  const pick = useCallback((event: string) => {
    close();
    actor.send({ type: event });
  }, [actor, close]);
  // The session sealed and downloaded; the sealing code is loaded only now (not in the first screens' bundle).
  const exportSession = useCallback(async () => {
    setExporting('busy');
    try {
      const { exportSession: download } = await import('./sessionExport');
      await download(sessionRecord(), JSON.parse(SESSION_EXPORT_KEY) as JsonWebKey);
      setExporting('idle');
    } catch {
      // Nothing of the session is shown or logged: only that it did not work.
      setExporting('failed');
    }
  }, [sessionRecord]);
  const expire = useCallback(() => actor.send({ type: 'session.idle' } satisfies ShellEvent), [actor]);
  // Escape closes the open menu, as it closes a list or a calendar (a keyboard or switch user
  // would otherwise have to find the burger again).
  useEffect(() => {
    if (!opened) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened, close]);
  return (
    <AppShell header={{ height: 56 }} navbar={signedIn ? { width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            {signedIn && <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menú" aria-expanded={opened} />}
            <Text fw={700}>{appTitle}</Text>
          </Group>
          <HeaderStatus />
        </Group>
      </AppShell.Header>
      {signedIn && (
        // The sidebar: the country's menu (spec 2.3) as its own navigation, exactly its entries;
        // the session's export for testers and support below it, outside the menu.
        <AppShell.Navbar p="sm" aria-label="Barra lateral" inert={phone === true && !opened}>
          <SidebarEntries onPick={pick} exporting={exporting} onExport={exportSession} />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        {inSession && <SessionIdleGuard onExpire={expire} onActive={keepAlive} />}
        <UpdateNotice />
        <StepMessage />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * The session's idle guard, an agent's or a customer's, paused while the journey waits (its own
 * component: the frame is not drawn again each time a call starts or ends).
 */
function SessionIdleGuard({ onExpire, onActive }: { onExpire: () => void; onActive: () => void }) {
  const waiting = useJourneyValue(isBusy);
  return <IdleGuard onExpire={onExpire} onActive={onActive} waiting={waiting} {...(AGENTS_APP ? {} : CUSTOMER_IDLE)} />;
}

/** The header's right side: the spinner while the journey waits on a call, and the step's progress. */
function HeaderStatus() {
  const busy = useJourneyValue(isBusy);
  const progress = useJourneyValue((snapshot, runtime) => {
    const shown = currentStep(runtime.journey, snapshot)?.progress;
    return shown ? `${shown.n}/${shown.of}` : undefined;
  });
  return (
    <Group gap="sm">
      {busy && <Loader size="sm" role="status" aria-label="Cargando" />}
      {progress && <Text aria-label="Progreso">{progress}</Text>}
    </Group>
  );
}

/** The journey's message for the agent (a refusal, a lost connection), above the step. */
function StepMessage() {
  const message = useJourneyValue((snapshot) => (snapshot.context as { ui?: { message?: string | null } }).ui?.message);
  return message ? (
    <Alert color="red" role="alert" mb="md">
      {message}
    </Alert>
  ) : null;
}

/**
 * What the agent is told when the sale resumed from another version of the app (a build deployed
 * while selling: where it resumes, what typed data no longer fits), on the step it resumed at.
 * Not an error: a notice, gone once the agent moves on.
 */
function UpdateNotice() {
  const { notice } = useJourneyRuntime();
  const stateId = useJourneyValue((snapshot, runtime) => currentStep(runtime.journey, snapshot)?.stateId);
  const [shownOn] = useState(stateId);
  return notice && stateId === shownOn ? (
    <Alert color="blue" role="status" mb="md" title="Aplicación actualizada">
      {notice}
    </Alert>
  ) : null;
}

type Exporting = 'idle' | 'busy' | 'failed';

/**
 * The sidebar's entries: the country's menu (spec 2.3) as its own navigation, exactly its
 * entries; the session's export for testers and support below it, outside the menu. Memo: a step
 * change draws none of it again.
 */
const SidebarEntries = memo(function SidebarEntries({ onPick, exporting, onExport }: { onPick: (event: string) => void; exporting: Exporting; onExport: () => Promise<void> }) {
  return (
    <>
      <AppShell.Section grow component="nav" aria-label="Menú principal">
        {sidebar.map((item) => (
          <NavLink key={item.event} label={item.label} component="button" style={ENTRY} onClick={() => onPick(item.event)} />
        ))}
      </AppShell.Section>
      {SESSION_EXPORT_KEY && (
        // Discreet, at the bottom: for testers and support, not part of an agent's day.
        <AppShell.Section>
          <NavLink
            label={exporting === 'busy' ? 'Exportando sesión…' : 'Exportar sesión'}
            description={exporting === 'failed' ? 'No se pudo exportar la sesión' : undefined}
            component="button"
            style={ENTRY}
            disabled={exporting === 'busy'}
            onClick={() => void onExport()}
          />
        </AppShell.Section>
      )}
    </>
  );
});

const ENTRY = { minHeight: 48 };
