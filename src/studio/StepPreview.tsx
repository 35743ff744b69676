/**
 * Placeholder mount point of the studio's step preview panel (issue #15 point 4): another
 * engineer fills it in; the studio passes the chosen country through props only.
 */
export function StepPreview({ country }: { country: string }) {
  return <p data-panel="step-preview">Step preview for {country}: not written yet.</p>;
}
