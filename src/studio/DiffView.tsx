/**
 * Placeholder mount point of the studio's meaning-level diff of two journey versions (issue #15
 * point 4): another engineer fills it in.
 */
export function DiffView() {
  return <p data-panel="diff">Diff of two journeys: not written yet.</p>;
}
