import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { armFault, at, click, createOrder, fromMenu, sellFrom, signIn } from '../support/sale';
import { useServedApp } from '../support/servedApp';

// A lead edited from its detail (spec section 3: lead update clicked, submitted, cancelled) in
// Chromium at a phone's viewport, on the production build served by the sandbox: the seed's
// lead L-1004 waits for the seller ("Accion necesaria"); its address is edited and the sale
// goes on from there to the order, which rewrites the lead. And every tracking record of spec
// sections 3 and 8 that the way there pushes, without personal data.
const app = useServedApp();

type Entry = Record<string, unknown> & { event: string };
const dataLayer = async (page: Page) => JSON.parse(await page.evaluate(() => JSON.stringify(window.dataLayer ?? []))) as Entry[];

/** Signed in, at the seed's lead waiting for the seller. */
async function atLeadToModify(page: Page) {
  await signIn(page, app.address);
  await fromMenu(page, 'Reporte de ventas');
  await at(page, '/ventas-reporte');
  await page.getByTestId('row').filter({ hasText: 'L-1004' }).getByRole('button', { name: 'Ver detalle' }).click();
  await at(page, '/ventas-detalle/L-1004');
}

/** The lead as the provider keeps it. */
function storedLead(id: string) {
  const row = app.sandbox.db.prepare('select status, data from leads where id = ?').get(id) as { status: string; data: string };
  return { status: row.status, ...(JSON.parse(row.data) as Record<string, unknown>) };
}

describe('a lead edited from its detail, in Chromium', () => {
  it('shows the lead in full, opens the address with its data, cancels back to it, then edits the street and the order rewrites the lead', async () => {
    const page = await app.newPage();
    await atLeadToModify(page);
    // The detail shows at once and fills in when the provider's answer comes (its call runs as the step opens).
    await expect.poll(() => page.locator('main').innerText(), { timeout: 10_000 }).toContain('Ana María Pérez López');
    // Spec section 3: birth date, gender in words, nationality, both phones, both references, the document, the address and the node.
    const detail = await page.locator('main').innerText();
    for (const shown of [
      'Ana María Pérez López',
      'Activación: Preactivada',
      'Documento: DUI 051293745',
      'Fecha de nacimiento: 01/01/1990',
      'Género: Femenino',
      'Nacionalidad: Salvadoreña',
      'Teléfono: 70001234',
      'Teléfono secundario: 22001234',
      'Referencia A: Luis Gómez · 70005678',
      'Referencia B: Marta Ruiz · 70009876',
      'Dirección: Calle Vieja 12, Centro Histórico, San Salvador, San Salvador',
      'Nodo: N-SS-CEN-01',
    ]) {
      expect(detail).toContain(shown);
    }
    expect(await page.getByText('Accion necesaria', { exact: true }).isVisible()).toBe(true);

    // "Editar dirección" opens the address form filled in with the lead's address (it opened empty).
    await click(page, 'Editar dirección');
    await at(page, '/ingresa-direccion');
    expect(await page.getByLabel('Calle').inputValue()).toBe('Calle Vieja');
    expect(await page.getByLabel('Número de casa').inputValue()).toBe('12');
    expect(await page.getByLabel('Información complementaria').inputValue()).toBe('Casa azul');
    // (The suburb shows by its name once the provider's list of the city's suburbs has come.)
    await expect.poll(() => page.getByLabel(/^Colonia/).first().inputValue()).toBe('Centro Histórico');
    // Given up, the edit goes back to the lead as it was.
    await click(page, 'Cancelar edición');
    await at(page, '/ventas-detalle/L-1004');
    expect(storedLead('L-1004')).toMatchObject({ status: 'TOMODIFY', actAddress: { street: 'Calle Vieja' } });

    await click(page, 'Editar dirección');
    await at(page, '/ingresa-direccion');
    await page.getByLabel('Calle').fill('Calle Nueva');
    await click(page, 'Continuar');
    await sellFrom(page, app.address, '/direccion-mapa');
    await createOrder(page);
    await at(page, '/orden-exito');
    expect(await page.locator('main').innerText()).toContain('L-1004');
    // The same lead, rewritten and waiting again: no new lead.
    expect(storedLead('L-1004')).toMatchObject({
      status: 'REQUESTED',
      activationStatus: 'submitted',
      actAddress: { street: 'Calle Nueva', house: '12', suburb: 'Centro Histórico', actAddressRef: 'Casa azul' },
    });

    const layer = await dataLayer(page);
    expect(layer.filter((e) => e.event === 'lead_update').map((e) => [e.outcome, e.part])).toEqual([
      ['clicked', 'address'],
      ['cancelled', 'address'],
      ['clicked', 'address'],
      ['submitted', 'address'],
    ]);
    expect(layer.find((e) => e.event === 'lead_update' && e.outcome === 'submitted')).toMatchObject({ lead_id: 'L-1004' });
  });

  it('pushes every tracking record of spec sections 3 and 8 with its fields, and none carries personal data', async () => {
    const page = await app.newPage();
    await signIn(page, app.address);
    // A failed call: the sales report answered 500, then shown when asked again.
    await armFault(app.address, 'sales', '500');
    await fromMenu(page, 'Reporte de ventas');
    await at(page, '/ventas-reporte');
    await page.getByRole('alert').filter({ hasText: 'Error de servidor interno' }).waitFor();
    await fromMenu(page, 'Nuevo cliente');
    await sellFrom(page, app.address, '/información-del-cliente');
    await createOrder(page);
    await at(page, '/orden-exito');
    const leadId = /L-\d+/.exec(await page.locator('main').innerText())?.[0];

    const layer = await dataLayer(page);
    // Every record says which tracking plan and which release it comes from (spec section 9).
    for (const entry of layer) expect(entry, entry.event).toMatchObject({ tracking_version: '3.11.4', deploy_version: '1.7.1' });
    // Spec section 1: the steps and events the agent's flow is tracked by.
    const steps = layer.filter((e) => e.event === 'journey_step').map((e) => e.step);
    expect(steps).toEqual(
      expect.arrayContaining(['login', 'sales_report', 'client_information', 'address_form', 'address_map', 'coverage', 'service_availability', 'product_list', 'id_front', 'id_back', 'id_information', 'otp_sms', 'otp_email', 'contract_signature', 'document_upload', 'schedule_installation', 'order_confirmation']),
    );
    const events = new Set(layer.map((e) => e.event));
    for (const name of ['login', 'add_ons', 'utility_information', 'activation', 'agent_tracking', 'error_tracking', 'message_displayed']) expect(events, name).toContain(name);
    // Section 3's agent tracking record, at the order.
    expect(layer.find((e) => e.event === 'agent_tracking')).toMatchObject({
      journey: 'sv',
      outcome: 'order_created',
      lead_id: leadId,
      contract_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      poa_sales_channel: 'D2D',
      product_id: expect.any(String),
      product_name: expect.any(String),
      price: expect.any(Number),
      visit_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      visit_time: expect.stringMatching(/^(AM|PM)$/),
      visit_type: 'install',
    });
    // Section 8's error tracking record, and the message-displayed record of what the agent saw.
    expect(layer.find((e) => e.event === 'error_tracking')).toMatchObject({
      journey: 'sv',
      screen_name: 'sales_report',
      endpoint: expect.stringMatching(/^POST \/(\w+\/)*sv\/sales$/),
      error_message: 'Error de servidor interno',
      error_id: expect.any(String),
      raw_response: expect.any(String),
    });
    expect(layer.find((e) => e.event === 'message_displayed')).toMatchObject({ journey: 'sv', message: 'Error de servidor interno', event_type: 'error', error_id: expect.any(String) });
    // The wrong OTP on the way is a message the agent saw too.
    expect(layer.filter((e) => e.event === 'message_displayed').map((e) => e.message)).toContain('Tu código es incorrecto, inténtalo de nuevo');

    // Nothing personal: the customer's document, phones, e-mail, names, street, place, and the seller's PIN and phone.
    const text = JSON.stringify(layer);
    for (const personal of ['05129374', '04644848', '70001234', '22001234', '70005678', 'ana.perez', 'PEREZ', 'Pérez', 'Gómez', 'Calle Arce', '13.69', '-89.1', '2580', '70000001']) {
      expect(text).not.toContain(personal);
    }
  });
});
