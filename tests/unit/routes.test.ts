import { describe, expect, it } from 'vitest';
import { fillRoute, routeMatches } from '../../src/pack/routes';

describe('routes', () => {
  it('matches a path to its route, accents and encoded accents alike', () => {
    expect(routeMatches('/información-del-cliente', '/información-del-cliente')).toBe(true);
    expect(routeMatches('/información-del-cliente', '/informaci%C3%B3n-del-cliente')).toBe(true);
    expect(routeMatches('/ventas-detalle/:id', '/ventas-detalle/L-1')).toBe(true);
    expect(routeMatches('/ventas-detalle/:id', '/ventas-detalle')).toBe(false);
    expect(routeMatches('/', '/')).toBe(true);
    expect(routeMatches('/inicio', '/inicio?x=1')).toBe(true);
    expect(routeMatches('/inicio', '/documentos')).toBe(false);
  });

  it('fills parameters, encoded for a URL', () => {
    expect(fillRoute('/ventas-detalle/:id', { id: 'L 1/2' })).toBe('/ventas-detalle/L%201%2F2');
  });
});
