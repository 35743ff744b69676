// @vitest-environment jsdom
/**
 * The idle guard's two policies (issue 33): an agent's session warns at 13 minutes and ends at
 * 15 (as before); a customer's (a customer-facing build, `entry: "public"`) warns at 28 and ends
 * at 30, in step with the provider's idle end of a customer's session, and its warning names the
 * customer's request, not a sale (docs/spec-choices.md).
 */
import './jsdomShims';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_IDLE, IdleGuard } from '../../src/app/IdleGuard';
import IdleWarning from '../../src/app/IdleWarning';

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const minutes = async (n: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(n * 60_000);
  });
};

describe('the idle guard', () => {
  it("ends an agent's session at 15 minutes without a touch", async () => {
    const onExpire = vi.fn();
    render(<MantineProvider env="test"><IdleGuard onExpire={onExpire} /></MantineProvider>);
    await minutes(14.9);
    expect(onExpire).not.toHaveBeenCalled();
    await minutes(0.2);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('ends a customer\'s session at 30 minutes, not at 15', async () => {
    const onExpire = vi.fn();
    render(<MantineProvider env="test"><IdleGuard onExpire={onExpire} {...CUSTOMER_IDLE} /></MantineProvider>);
    await minutes(29.9);
    expect(onExpire).not.toHaveBeenCalled();
    await minutes(0.2);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('does not end the session of an agent waiting on the journey (an order asked about for 1000 s), and counts again from the end of the wait', async () => {
    const onExpire = vi.fn();
    const guard = (waiting: boolean) => <MantineProvider env="test"><IdleGuard onExpire={onExpire} waiting={waiting} /></MantineProvider>;
    const { rerender } = render(guard(false));
    await minutes(1);
    rerender(guard(true));
    await minutes(17);
    expect(onExpire).not.toHaveBeenCalled();
    rerender(guard(false));
    await minutes(14.9);
    expect(onExpire).not.toHaveBeenCalled();
    await minutes(0.2);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("warns a customer about their request, an agent about the sale", () => {
    vi.useRealTimers();
    render(<MantineProvider env="test"><IdleWarning onStay={() => undefined} subject={CUSTOMER_IDLE.subject} /></MantineProvider>);
    expect(screen.getByText(/se borrarán los datos de tu solicitud/)).toBeTruthy();
    cleanup();
    render(<MantineProvider env="test"><IdleWarning onStay={() => undefined} /></MantineProvider>);
    expect(screen.getByText(/se borrarán los datos de la venta/)).toBeTruthy();
  });
});
