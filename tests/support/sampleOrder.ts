/** An activation order as the api layer sends it (spec section 7), for the sandbox's tests. */
export function sampleOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ifMultichannel: 'S',
    vendPass: '2580',
    poaSellerCode: 'SV-POA-001',
    cliFirstName: 'Ana',
    cliFirstLastName: 'Pérez',
    cliEmail: 'ana.perez@example.com',
    cliContactPhoneList: ['70001234'],
    cliDocument: [{ cliDocumentType: 'DUI', cliDocumentNum: '046448482' }],
    actAddress: { department: 'San Salvador', city: 'San Salvador', suburb: 'Centro Histórico', street: 'Calle Arce', house: '12' },
    actNode: { id: 'N-SS-CEN-01' },
    productList: [{ product: 'PLAN-TRIPLE-100' }],
    monthsContract: 12,
    cliInstallationDate: '2026-12-01',
    installationTime: 'AM',
    ...overrides,
  };
}
