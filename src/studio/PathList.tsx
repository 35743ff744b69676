/**
 * Placeholder mount point of the studio's path list with replay (issue #15 point 4): another
 * engineer fills it in; the studio passes the chosen country through props only.
 */
export function PathList({ country }: { country: string }) {
  return <p data-panel="path-list">Paths of {country}: not written yet.</p>;
}
