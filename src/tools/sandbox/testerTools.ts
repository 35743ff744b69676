/** The sandbox's tester tools as a test or a replay calls them over HTTP (the outbox, the faults). */

/** The 6-digit codes the sandbox sent to `to` (phone or e-mail), oldest first. */
export async function outboxCodes(address: string, to: string): Promise<string[]> {
  const { messages } = (await (await fetch(`${address}/__sandbox/outbox?to=${encodeURIComponent(to)}`)).json()) as { messages: Array<{ message: string }> };
  return messages.map((m) => /\d{6}/.exec(m.message)?.[0] ?? '');
}

/** Arms a sandbox fault for the next call (or `times` calls) of an operation (the app in a browser cannot send the header). */
export async function armFault(address: string, operationId: string, fault: string, country?: string, times = 1): Promise<void> {
  const response = await fetch(`${address}/__sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ operationId, fault, times, ...(country ? { country } : {}) }) });
  if (response.status !== 200) throw new Error(`the sandbox refused the fault ${fault} for ${operationId}: ${response.status}`);
}
