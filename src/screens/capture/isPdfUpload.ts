/** Whether a kept upload is a PDF: by the type it was sent as, else by its names (kept before the type was). */
export function isPdfUpload(kept: { type?: unknown; names: Array<unknown> }): boolean {
  if (typeof kept.type === 'string') return kept.type === 'application/pdf';
  return kept.names.some((name) => typeof name === 'string' && /\.pdf$/i.test(name));
}
