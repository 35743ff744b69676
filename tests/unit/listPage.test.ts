import { describe, expect, it } from 'vitest';
import { listPage } from '../../src/screens/listPage';

describe('listPage: where a list is among the provider\'s pages', () => {
  it('counts the pages from the total and writes where the list is', () => {
    expect(listPage({ page: 2, pageSize: 20, total: 5000 })).toEqual({ page: 2, pages: 250, total: 5000, text: 'Página 2 de 250' });
    expect(listPage({ page: 3, pageSize: 20, total: 41 }, 'Página {page} de {pages} · {total} solicitudes')).toMatchObject({ pages: 3, text: 'Página 3 de 3 · 41 solicitudes' });
  });

  it('shows nothing for a single page, and nothing it cannot read (a failed call, a provider that does not page)', () => {
    expect(listPage({ page: 1, pageSize: 20, total: 20 })).toBeUndefined();
    expect(listPage({ page: 1, pageSize: 20, total: 0 })).toBeUndefined();
    expect(listPage(undefined)).toBeUndefined();
    expect(listPage({})).toBeUndefined();
    expect(listPage({ page: 0, pageSize: 20, total: 50 })).toBeUndefined();
    expect(listPage({ page: 1, pageSize: '20', total: 50 })).toBeUndefined();
  });

  it('still shows a page past the last, so the agent can go back from it', () => {
    expect(listPage({ page: 4, pageSize: 20, total: 41 })).toMatchObject({ page: 4, pages: 3, text: 'Página 4 de 3' });
    expect(listPage({ page: 2, pageSize: 20, total: 0 })).toMatchObject({ page: 2, pages: 1 });
  });
});
