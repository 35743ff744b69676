import { describe, expect, it, vi } from 'vitest';
import { leaveOnRequest, leaveTarget, type LeavingActor } from '../../src/app/leavePage';
import { actions } from '../../src/runtime/actions';
import type { ShellEvent } from '../../src/runtime/journeyEvents';

const page = { href: 'https://ventas.example.com/zz-resumen?inspect', origin: 'https://ventas.example.com' };
const env = { journey: 'zz', initialContext: {} };

describe('the leave action', () => {
  it('emits the URL read at its pointer for the shell, and an empty one for what is not text', () => {
    const scope = (context: Record<string, unknown>) => ({ context, event: { type: 'pago.abrir' } });
    expect(actions.leave?.emit?.(scope({ pago: { url: 'https://pagos.example/p/1' } }), { url: '/context/pago/url' }, env)).toEqual([
      { type: 'app.leave', journey: 'zz', url: 'https://pagos.example/p/1' },
    ]);
    expect(actions.leave?.emit?.(scope({ pago: { url: 42 } }), { url: '/context/pago/url' }, env)).toEqual([{ type: 'app.leave', journey: 'zz', url: '' }]);
    expect(actions.leave?.emit?.(scope({}), { url: '/context/pago/url' }, env)).toEqual([{ type: 'app.leave', journey: 'zz', url: '' }]);
    expect(actions.leave?.update).toBeUndefined();
  });
});

describe('leaveTarget', () => {
  it('opens https: anywhere and the page\'s own origin, relative URLs read against the page', () => {
    expect(leaveTarget('https://pagos.example/p?id=1', page)).toBe('https://pagos.example/p?id=1');
    expect(leaveTarget('/pago.html', page)).toBe('https://ventas.example.com/pago.html');
    expect(leaveTarget('http://127.0.0.1:8787/x', { href: 'http://127.0.0.1:8787/a', origin: 'http://127.0.0.1:8787' })).toBe('http://127.0.0.1:8787/x');
  });

  it('refuses plain http elsewhere, script and data URLs, and nothing', () => {
    for (const url of ['http://evil.example', 'http://ventas.example.com/x', 'javascript:alert(1)', 'data:text/html,hi', '', 'https://']) {
      expect(leaveTarget(url, page), url).toBeUndefined();
    }
  });
});

describe('leaveOnRequest', () => {
  function fakeActor() {
    let handler: ((emitted: { type: 'app.leave'; url: string }) => void) | undefined;
    const sent: ShellEvent[] = [];
    const actor: LeavingActor = {
      on: (_type, h) => (handler = h),
      send: (event) => sent.push(event),
    };
    return { actor, sent, leave: (url: string) => handler?.({ type: 'app.leave', url }) };
  }

  it('saves the journey, and only once it is saved sends the page to the URL', async () => {
    vi.useFakeTimers();
    try {
      const { actor, sent, leave } = fakeActor();
      const order: string[] = [];
      let saved!: () => void;
      const save = () => new Promise<void>((resolve) => (saved = () => (order.push('saved'), resolve())));
      leaveOnRequest(actor, save, { ...page, assign: (url) => order.push(`assign ${url}`) });
      leave('https://pagos.example/p');
      await vi.runAllTimersAsync();
      expect(order).toEqual([]);
      saved();
      await vi.runAllTimersAsync();
      expect(order).toEqual(['saved', 'assign https://pagos.example/p']);
      expect(sent).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells the journey it refused a URL, and stays', async () => {
    const { actor, sent, leave } = fakeActor();
    const assign = vi.fn();
    const save = vi.fn();
    leaveOnRequest(actor, save, { ...page, assign });
    leave('http://evil.example');
    await vi.waitFor(() => expect(sent).toEqual([{ type: 'app.leaveRefused' }]));
    expect(save).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });
});
