import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appTitle, currency, locale, map, offers, sidebar } from 'virtual:country';
import countryJourney from 'virtual:country/journey';
import { formatMessages } from 'virtual:country/formats';
import { stepFiles, stepValidators } from 'virtual:country/steps';
import { countryModules } from '../../src/build/countryModules';
import { packCountry, packPaths, packRoot } from '../../src/pack/countryPack';
import { formatMoney } from '../../src/pack/countryFile';

// The build-time modules the app reads its country from (src/build/countryModules.ts), here as
// the tests' Vite config gives them (El Salvador by default), and for another pack.

type Hook = { handler: (this: { addWatchFile: (file: string) => void }, id: string) => string | undefined };
const moduleText = (plugin: ReturnType<typeof countryModules>, id: string) => (plugin.load as unknown as Hook).handler.call({ addWatchFile: () => undefined }, `\0${id}`);

describe('the country modules of the default build', () => {
  it("are El Salvador's: its country file, its journey, its step files", () => {
    expect(appTitle).toBe('Venta D2D');
    expect(sidebar.map((entry) => entry.label)).toEqual(['Nuevo cliente', 'Reporte de ventas', 'Boletín de ofertas', 'Cerrar sesión']);
    expect(map).toEqual({ center: { latitude: 13.697366, longitude: -89.192282 }, zoom: 12.5 });
    expect(offers.tabs.map((tab) => tab.label)).toEqual(['PAQUETE', 'TV', 'INTERNET']);
    expect(countryJourney.id).toBe('sv');
    expect(Object.keys(stepFiles).sort()).toEqual(readdirSync('schemas/steps/sv').map((f) => f.replace(/\.json$/, '')).sort());
    // Only steps with data have a validator.
    expect(Object.keys(stepValidators)).toContain('landing');
    expect(Object.keys(stepValidators)).not.toContain('home');
  });

  it('give the journey without descriptions and examples (as the browser gets it)', () => {
    expect(JSON.stringify(countryJourney)).not.toMatch(/"description"|"example"/);
  });

  it("give the messages of the validation rules El Salvador's steps name, and no other country's", () => {
    expect(formatMessages.dui).toBe('El DUI ingresado no es válido');
    expect(formatMessages['phone-sv']).toBe('El número de teléfono debe tener 8 dígitos');
    expect(formatMessages['adult-birth-date']).toBe('El cliente debe ser mayor de 18 años');
    expect(Object.keys(formatMessages)).not.toContain('nit');
    expect(Object.keys(formatMessages)).not.toContain('phone-hn');
  });

  it("load a step's file when asked", async () => {
    const load = stepFiles.landing;
    expect((await load?.())?.title).toBe('Iniciar sesión');
  });
});

describe('formatMoney', () => {
  it("writes an amount as the country file's currency says", () => {
    expect(formatMoney({ locale, currency }, 25)).toBe('$25.00');
    expect(formatMoney({ locale: 'es-GT', currency: { code: 'GTQ', symbol: 'Q', format: '{symbol} {amount}' } }, 149.5)).toBe('Q 149.50');
    expect(formatMoney({ locale: 'es-PY', currency: { code: 'PYG', symbol: 'Gs.', format: '{amount} {symbol}', decimals: 0 } }, 150000)).toBe('150.000 Gs.');
  });
});

describe('the country modules for another pack', () => {
  const zz = packPaths('zz', resolve('tests/fixtures/packs/zz'));

  it('are read from COUNTRY and COUNTRY_PACKS', () => {
    expect(packCountry({})).toBe('sv');
    expect(packCountry({ COUNTRY: 'ZZ' })).toBe('zz');
    expect(() => packCountry({ COUNTRY: 'salvador' })).toThrow('COUNTRY=salvador: a country is its two-letter code, like COUNTRY=sv');
    expect(packRoot({ COUNTRY_PACKS: 'tests/fixtures/packs/zz' })).toBe(zz.root);
    expect(() => packRoot({ COUNTRY_PACKS: 'tests/fixtures/packs/nowhere' })).toThrow('COUNTRY_PACKS=tests/fixtures/packs/nowhere: no such folder');
  });

  it("hold that pack's country file, journey, steps and reference data", () => {
    const plugin = countryModules(zz);
    expect(moduleText(plugin, 'virtual:country')).toContain('export const appTitle = "Visitas Zedlandia";');
    expect(moduleText(plugin, 'virtual:country/journey')).toContain('"id":"zz"');
    const steps = moduleText(plugin, 'virtual:country/steps') ?? '';
    expect(steps).toContain(`${zz.steps}/zzCliente.json`);
    expect(steps).not.toContain('schemas/steps/sv');
    expect(moduleText(plugin, 'virtual:country/reference')).toContain(`${zz.root}/reference/zz/nationalities.json`);
  });

  it("give the messages of the test country's own rules only (its steps name digits alone)", () => {
    expect(moduleText(countryModules(zz), 'virtual:country/formats')).toBe('export const formatMessages = {"digits":"Solo se permiten números"};\n');
  });

  it("give the country's own operation table (generated from its openapi/zz/)", () => {
    expect(moduleText(countryModules(zz), 'virtual:country/operations')).toContain('src/api/generated/zz/operations.ts');
  });

  it('stop a build for a country without a country file, saying why', () => {
    const plugin = countryModules(packPaths('qq', zz.root));
    expect(() => (plugin.buildStart as unknown as () => void)()).toThrow(/no country file .*countries\/qq\.json: the app is built for one country \(COUNTRY=qq\)/);
  });

  it("stop a build whose journey is another country's", () => {
    const plugin = countryModules({ ...zz, journey: resolve('journeys/sv.json') });
    expect(() => moduleText(plugin, 'virtual:country/journey')).toThrow(/journeys\/sv\.json is the journey of SV, not of COUNTRY=zz/);
  });
});
