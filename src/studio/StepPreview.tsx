// Placeholder: the studio's step preview (issue #15, point 4); filled in by the panels' work.
export function StepPreview({ country }: { country: string }) {
  return <div data-testid="step-preview">Step preview ({country})</div>;
}
