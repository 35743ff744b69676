import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJourney } from '../support/journeyFiles';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { driveOverSandbox } from '../support/sandboxJourney';

// The El Salvador journey with its real provider calls: the api layer's actors against a
// running sandbox, from the PIN to an order the sales report then lists. Only the device's
// location is given by the test (there is no GPS in Node).
const journey = loadJourney('journeys/sv.json');
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox();
});
afterAll(() => sandbox.close());

describe('the El Salvador journey against the sandbox', () => {
  it('sells a triple play from the PIN to the sales report, its order sent again after lost answers but created once', async () => {
    // Short pauses between retries: the test is about what is sent, not how long it waits.
    const { actor, context, step, act, walkTo, upload, outboxCode } = driveOverSandbox(journey, sandbox, [50, 100, 200]);

    await step({ type: 'step.submit', data: { pin: '2580' } }, '/inicio');
    expect(context().seller.poaSellerCode).toBe('SV-POA-001');
    await step({ type: 'menu.newClient' }, '/información-del-cliente');
    // What the agent does on each screen, by route, in whatever order the journey shows them
    // (the spec's order is pinned by sv.test.ts's 'walks the sale in the order of spec 2.2' only).
    await walkTo('/confirmar-orden', {
      '/información-del-cliente': () => act({ type: 'step.submit', data: { documentType: 'DUI', documentNumber: '051293745' } }),
      '/ingresa-direccion': () => act({ type: 'step.submit', data: { department: 'San Salvador', city: 'San Salvador', suburb: 'Centro Histórico', street: 'Calle Arce', house: '12' } }),
      '/direccion-mapa': () => act({ type: 'step.submit', data: { latitude: 13.697366, longitude: -89.192282 } }),
      '/cobertura-exito': async () => {
        expect(context().sale.coverage).toMatchObject({ node: 'N-SS-CEN-01', nodeClass: '10' });
        await act({ type: 'step.submit' });
      },
      '/menu-principal': async () => {
        const catalog = context().sale.catalog as Array<Record<string, unknown>>;
        const offer = catalog.find((o) => o.planId === 'PLAN-TRIPLE-100');
        expect(offer).toBeDefined();
        actor.send({ type: 'offer.toggle', planId: 'PLAN-TRIPLE-100', offer } as never);
        await act({ type: 'step.submit' });
      },
      '/confirmar-seleccion-paquete': () => act({ type: 'step.submit' }),
      '/proceder-pago': async () => {
        expect(context().sale.checkout.activationCost).toEqual(expect.any(Number));
        await act({ type: 'step.submit' });
      },
      '/ingresos-del-cliente': () => act({ type: 'step.submit', data: { customerIncome: 2500 } }),
      '/id-escaneo-frontal': async () => act({ type: 'step.submit', data: (await upload('frontIdUpload', 'ana-perez-front.png')).Payload }),
      '/id-escaneo-posterior': async () => {
        expect(context().sale.id.front.id_number).toBe('04644848-2');
        const rear = await upload('rearIdRecognition', 'ana-perez-rear.png');
        await act({ type: 'step.submit', data: { fileName: 'rear.png', imageUrl: rear.imageUrl, reading: rear } });
      },
      '/id-revisar': () =>
        act({
          type: 'step.submit',
          data: { documentType: 'DUI', cliDUINumber: '046448482', cliFirstName: 'Ana', cliLastName: 'Pérez', cliDob: '14/03/1991', cliDocExpiry: '14/03/2031', cliGender: 'F', cliProfession: 'Contadora' },
        }),
      '/contrato-formulario': () =>
        act({ type: 'step.submit', data: { email: 'ana.perez@example.com', phone: '70001234', refNameA: 'Luis Gómez', refPhoneA: '70005678', refNameB: 'Marta Ruiz', refPhoneB: '70009876' } }),
      '/verificar-telefono': async () => act({ type: 'step.submit', data: { code: await outboxCode('70001234') } }),
      '/verificar-correo': async () => act({ type: 'step.submit', data: { code: await outboxCode('ana.perez@example.com') } }),
      '/terminos-y-condiciones': () =>
        act({ type: 'step.submit', data: { creditConsultation: true, creditAgency: true, contractTerms: true, privacyNotice: true, disputeResolution: true, contractValidity: true } }),
      '/autorizaciones-y-firma': () => act({ type: 'step.submit' }),
      '/firma-de-autorizaciones': () => act({ type: 'step.submit', data: { accepted: true } }),
      '/firma-del-cliente': () => act({ type: 'step.submit', data: { fileName: 'firma-cliente.png', imageUrl: '/uploads/firma-cliente.png' } }),
      '/firma-del-vendedor': () => act({ type: 'step.submit', data: { fileName: 'firma-vendedor.png', imageUrl: '/uploads/firma-vendedor.png' } }),
      '/documentos': () =>
        act({ type: 'step.submit', data: { utilityBill: [{ fileName: 'recibo.jpg', imageUrl: '/uploads/recibo.jpg' }], incomeProof: [{ fileName: 'c.jpg', imageUrl: '/uploads/c.jpg' }] } }),
      '/agendar-visita': () =>
        act({ type: 'step.submit', data: { time: 'AM', installationDate: context().sale.schedule.suggestedDates[0] as string, cliTelephone: '70001234', email: 'ana.perez@example.com' } }),
    });
    // The order reaches the provider but the answer is lost, twice (a phone losing signal): the
    // order is sent again with the sale's id as its key, and the provider creates it once.
    const leads = () => (sandbox.db.prepare('select count(*) as n from leads').get() as { n: number }).n;
    const before = leads();
    const armed = await fetch(`${sandbox.address}/__sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ operationId: 'activation', fault: 'lost-answer', times: 2 }) });
    expect(armed.status).toBe(200);
    expect(context().sale.saleId).toMatch(/^[0-9a-f-]{36}$/);
    await step({ type: 'step.submit', data: { generalConditions: true, privacyNotice: true } }, '/orden-exito');
    const leadId = context().sale.order.leadId as string;
    expect(leadId).toMatch(/^L-\d+$/);
    expect(leads()).toBe(before + 1);

    await step({ type: 'step.home' }, '/inicio');
    await step({ type: 'menu.salesReport' }, '/ventas-reporte');
    expect((context().report.leads as Array<{ id: string }>).map((l) => l.id)).toContain(leadId);
    actor.stop();
  }, 60_000);
});
