import type { Page } from 'playwright-core';
import { buyUntilPayment, payOnHostedPage, SOFIA } from './crSale';
import { ANA, sellGt } from './gtSale';
import { activate, MARIA, scheduleVisit, sellUntilActivation } from './hnSale';
import { newClient, sellNi } from './niSale';
import { sellNewClient } from './pySale';
import { at, createOrder, sellUntilConfirmation } from './sale';

/**
 * A whole sale of each country's build, from its landing to its order's success, as the app
 * benchmark drives it (`COUNTRY=<cc> npm run bench:app`): the longest way each journey has.
 */
export const countrySales: Record<string, (page: Page, address: string) => Promise<void>> = {
  sv: async (page, address) => {
    await sellUntilConfirmation(page, address);
    await createOrder(page);
    await at(page, '/orden-exito', 30_000);
  },
  // Paying the installer: the visit is booked after the activation, the screens of both ways.
  hn: async (page, address) => {
    // A client the provider does not know yet, each sale its own.
    const documentNumber = `0801199${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    await sellUntilActivation(page, address, { ...MARIA, documentNumber });
    await activate(page, /^Pagar al instalador/);
    await at(page, '/agendar-visita');
    await scheduleVisit(page);
    await at(page, '/orden-exito', 30_000);
  },
  // The customer's own purchase, paid on the hosted payment page; each its own phone and e-mail.
  cr: async (page, address) => {
    const n = String(Math.floor(Math.random() * 1e4)).padStart(4, '0');
    await buyUntilPayment(page, address, { ...SOFIA, phone: `8700${n}`, email: `bench${n}@example.com` });
    await payOnHostedPage(page, 'Aprobar el pago');
    await at(page, '/orden-exito', 30_000);
  },
  // An individual's whole sale: a found address, both sides of the DPI, the bill, an offer with an
  // add-on, the contract, the phone's code (the e-mail's skipped), the signature, the receipt, the visit.
  gt: async (page, address) => {
    const end = await sellGt(page, address, ANA, { secondRow: true });
    if (end !== '/orden-exito') throw new Error(`the Guatemala sale ended at ${end}`);
  },
  // A new client's whole sale (its own cédula, phone and e-mail): Managua's address, the triple play,
  // both sides of the cédula, the contract, both codes, the proof of address, the activation, the visit.
  ni: async (page, address) => {
    const end = await sellNi(page, address, newClient(Math.floor(Math.random() * 280_000)));
    if (end !== '/venta-exitosa') throw new Error(`the Nicaragua sale ended at ${end}`);
  },
  // A new client's whole HFC sale (its own CI, phone and e-mail): Asunción's address, the triple play
  // with HBO Max, 12 months, both sides of the CI, the contract, both codes, confirmed, activated.
  py: async (page, address) => {
    const end = await sellNewClient(page, address);
    if (end !== '/orden-exito') throw new Error(`the Paraguay sale ended at ${end}`);
  },
};
