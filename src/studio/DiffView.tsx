// Placeholder: the studio's meaning-level diff (issue #15, point 4); filled in by the panels' work.
export function DiffView() {
  return <div data-testid="diff-view">Diff</div>;
}
