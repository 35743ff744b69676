/**
 * A document's icon with "PDF" on it, 56 px square: what a PDF shows where a photo shows its
 * thumbnail (a PDF is not drawn here: its name says which it is). Decorative: the name beside it
 * is what is read out.
 */
export function PdfFileIcon({ size = 56 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 56 56" aria-hidden="true" focusable="false" data-file-icon="pdf" style={{ flex: 'none' }}>
      <path d="M14 4h20l12 12v34a2 2 0 0 1-2 2H14a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" fill="var(--mantine-color-gray-0)" stroke="var(--mantine-color-gray-6)" strokeWidth="2" />
      <path d="M34 4v12h12" fill="none" stroke="var(--mantine-color-gray-6)" strokeWidth="2" />
      <rect x="8" y="28" width="30" height="14" rx="2" fill="var(--mantine-color-red-8)" />
      <text x="23" y="39" textAnchor="middle" fontSize="10" fontWeight="700" fontFamily="sans-serif" fill="#fff">
        PDF
      </text>
    </svg>
  );
}
