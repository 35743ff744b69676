// Placeholder: the studio's path list with replay (issue #15, point 4); filled in by the panels' work.
export function PathList({ country }: { country: string }) {
  return <div data-testid="path-list">Paths ({country})</div>;
}
