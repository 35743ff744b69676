import { describe, expect, it } from 'vitest';
import { documentProblem, readProvider } from '../../src/sandbox/providerSettings';

const honduras = readProvider('src/sandbox/seed/hn').settings;
const elSalvador = readProvider('src/sandbox/seed/sv').settings;

describe("a provider's document rules", () => {
  // Issue 31: Honduras's provider took any letters and digits as an identity card (CC), where the
  // card has 13 digits at least: a registration, an agreement or an order with "12345" went on.
  it("refuses a Honduran identity card of fewer than 13 digits, typed with or without its hyphens, in the screen's words", () => {
    expect(documentProblem(honduras, 'CC', '12345')).toEqual({ message: 'La tarjeta de identidad tiene al menos 13 dígitos', code: 'INVALID_DOCUMENT' });
    expect(documentProblem(honduras, 'CC', 'ABCDEFGHIJKLM')).toBeDefined();
    expect(documentProblem(honduras, 'CC', '0801199012345')).toBeUndefined();
    expect(documentProblem(honduras, 'CC', '0801-1990-12345')).toBeUndefined();
    // A passport is free text (up to the spec's 30 characters).
    expect(documentProblem(honduras, 'PA', 'A1234567')).toBeUndefined();
  });

  it("still checks a DUI by its check digit", () => {
    expect(documentProblem(elSalvador, 'DUI', '02345678-1')?.code).toBeDefined();
    expect(documentProblem(elSalvador, 'DUI', '02345678-3')).toBeUndefined();
  });
});
