/**
 * The diagram's boxes and lines as React Flow takes them, from the view (what is drawn), its
 * layout (where) and what marks each box. React Flow redraws a node or line whose object
 * changed: each keeps its object while what it shows is the same, so a save or the live app's
 * move redraws only the boxes it touches (a whole redraw of a large journey takes the page most
 * of a second).
 */
import { MarkerType, type Edge } from '@xyflow/react';
import { useMemo, useRef } from 'react';
import type { LocatedProblem } from '../../checker/problem';
import type { DiagramView } from './diagramView';
import type { Layout } from './readingLayout';
import type { BoxFacts, StateNode } from './StateBoxView';

export interface DiagramMarks {
  view: DiagramView;
  layout: Layout | undefined;
  problems: Map<string, LocatedProblem[]>;
  /** The box the live app is in, and the states around it. */
  liveBox: string | undefined;
  around: string[];
  chosen: string | undefined;
  matches: ReadonlySet<string> | undefined;
  path: { ids: ReadonlySet<string>; left?: string | undefined } | undefined;
  changed: ReadonlySet<string> | undefined;
  onFold: (id: string) => void;
}

export function useDiagramElements({ view, layout, problems, liveBox, around, chosen, matches, path, changed, onFold }: DiagramMarks) {
  const kept = useRef({ nodes: new Map<string, [string, StateNode]>() });
  const nodes = useMemo(() => {
    if (!layout) return [];
    const before = kept.current.nodes;
    const after = new Map<string, [string, StateNode]>();
    const inside = new Map<string, string[]>();
    for (const [id, shown] of view.boxOf) inside.set(shown, [...(inside.get(shown) ?? []), id]);
    const list = view.shown.flatMap((state): StateNode[] => {
      const box = layout.boxes.get(state.id);
      if (!box) return [];
      const held = inside.get(state.id) ?? [state.id];
      const data: BoxFacts = {
        state,
        box,
        problems: held.flatMap((id) => problems.get(id) ?? []),
        live: liveBox === state.id ? 'current' : around.includes(state.id) ? 'around' : undefined,
        chosen: chosen === state.id,
        match: held.some((id) => matches?.has(id)),
        onPath: held.some((id) => path?.ids.has(id)),
        left: path?.left !== undefined && held.includes(path.left),
        changed: held.some((id) => changed?.has(id)),
      };
      const signature = JSON.stringify(data);
      const same = before.get(state.id);
      const node: StateNode =
        same && same[0] === signature
          ? same[1]
          : {
              id: state.id,
              type: 'state',
              position: { x: box.x, y: box.y },
              ...(state.parentId ? { parentId: state.parentId } : {}),
              data: { ...data, onFold },
              width: box.width,
              height: box.height,
              draggable: false,
              connectable: false,
              // Boxes over the faint lines (frames under them), and a state with problems above its
              // neighbours, so that its words are not hidden.
              zIndex: data.problems.length > 0 ? 1000 : box.frame ? 10 : 20,
            };
      after.set(state.id, [signature, node]);
      return [node];
    });
    kept.current.nodes = after;
    return list;
  }, [view, layout, problems, liveBox, around, chosen, matches, path, changed, onFold]);

  const edges = useDiagramEdges(view, layout, chosen);
  return { nodes, edges };
}

/** The lines between drawn boxes: faint, and the chosen state's dark. */
function useDiagramEdges(view: DiagramView, layout: Layout | undefined, chosen: string | undefined) {
  const kept = useRef(new Map<string, [string, Edge]>());
  const edges = useMemo(() => {
    if (!layout) return [];
    const before = kept.current;
    const after = new Map<string, [string, Edge]>();
    const list = view.lines.flatMap((line): Edge[] => {
      const from = layout.boxes.get(line.source);
      const to = layout.boxes.get(line.target);
      if (!from || !to) return [];
      const sameRow = Math.abs(from.absY - to.absY) < 4 && to.absX > from.absX;
      const lit = chosen !== undefined && (line.source === chosen || line.target === chosen);
      const signature = JSON.stringify([line.labels, line.guarded, sameRow, lit]);
      const same = before.get(line.id);
      if (same && same[0] === signature) {
        after.set(line.id, same);
        return [same[1]];
      }
      const edge: Edge = 
        {
          id: line.id,
          source: line.source,
          target: line.target,
          sourceHandle: sameRow ? 'r' : 'b',
          targetHandle: sameRow ? 'l' : 't',
          // Under the boxes while faint; a chosen state's lines over them. React Flow adds a
          // line's z-index to its boxes' (20): these come out at 5 and 35. No label is drawn on
          // the canvas, where it would lie over boxes: the chosen state's panel lists them.
          zIndex: lit ? 15 : -15,
          ...(lit ? { className: 'lit' } : {}),
          markerEnd: { type: MarkerType.ArrowClosed, width: 14, height: 14, color: lit ? '#343a40' : '#ced4da' },
          style: { stroke: lit ? (line.guarded ? '#e67700' : '#343a40') : '#ced4da', strokeWidth: lit ? 2 : 1 },
          focusable: false,
        };
      after.set(line.id, [signature, edge]);
      return [edge];
    });
    kept.current = after;
    return list;
  }, [view, layout, chosen]);

  return edges;
}
