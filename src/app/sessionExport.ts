/**
 * The sidebar's "Exportar sesión": the recorded session sealed for the support team
 * (src/app/sessionSeal.ts) and downloaded as a file. Loaded only when the agent exports
 * (AppLayout imports it dynamically), so the sealing code is not in the first screens' bundle.
 */

import { sealSession } from './sessionSeal';
import type { SessionRecord } from './sessionRecorder';

/** `20250314-093005`: the export's time in UTC, for a file name that holds nothing personal. */
const stamp = (date: Date) => date.toISOString().replace(/\.\d+Z$/, '').replace(/[-:]/g, '').replace('T', '-');

/** The file's name: the country and the time, nothing of the customer or the agent. */
export const sessionFileName = (country: string, date: Date) => `sesion-${country.toLowerCase()}-${stamp(date)}.json`;

/** Seals `record` for the holder of the support team's private key (`recipient` is its public half) and has the browser download it. */
export async function exportSession(record: SessionRecord, recipient: JsonWebKey, now = new Date()): Promise<void> {
  const sealed = await sealSession(JSON.stringify(record), recipient, { country: record.country, exportedAt: now.toISOString() });
  const url = URL.createObjectURL(new Blob([JSON.stringify(sealed, null, 2)], { type: 'application/json' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = sessionFileName(record.country, now);
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Revoked once the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
