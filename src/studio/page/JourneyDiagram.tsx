/**
 * The journey as a diagram a product owner reads at full view: the sale's steps in the order an
 * agent meets them, laid out like a page (readingLayout.ts) and fitted to the area at the largest
 * scale; steps with inner states folded until opened; the transitions a container takes from
 * anywhere inside it (menu, session) in its legend, not as arrows across the canvas. Lines are
 * faint until a box is chosen: its lines are then drawn dark, their events and guards listed in
 * its panel (on the canvas they would lie over boxes). A click on a box chooses it (the studio opens its panel); problems outline their box in
 * red with their words, the live app's state is green, a path's states blue.
 */
import { MiniMap, ReactFlow } from '@xyflow/react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { LocatedProblem } from '../../checker/problem';
import { useDiagramElements } from './diagramElements';
import type { DiagramModel } from './diagramModel';
import { defaultExpanded, diagramView } from './diagramView';
import { fitLayout, type Measure } from './readingLayout';
import { BLUE, StateNodeView, type StateNode } from './StateBoxView';
import { useDiagramViewport } from './useDiagramViewport';

const nodeTypes = { state: StateNodeView };

export interface JourneyDiagramProps {
  model: DiagramModel;
  problems: Map<string, LocatedProblem[]>;
  live: { current: string | undefined; around: string[] };
  /** States to bring into view (a problem chosen in the list, a search, a path): their boxes are unfolded. */
  focus?: { ids: string[]; at: number } | undefined;
  /** The state whose panel is open: its lines are drawn with their labels. */
  chosen?: string | undefined;
  onChoose?: (id: string) => void;
  /** States whose box is marked as a search's match. */
  matches?: ReadonlySet<string>;
  /** A path's states, and where a replay left it. */
  path?: { ids: ReadonlySet<string>; left?: string | undefined } | undefined;
  /** States a diff changes. */
  changed?: ReadonlySet<string>;
  /** Whether the view follows the live app's state when it leaves the view. */
  follow?: boolean;
  /** Changed to show the whole journey again. */
  wholeAt?: number;
}

/** Room kept free around the diagram. No zoom buttons lie over it (they covered boxes): the studio's header has "Whole journey". */
const MARGIN = 8;

/** Text widths as the page draws them, measured once each on a canvas. */
function canvasMeasure(): Measure {
  const context = document.createElement('canvas').getContext('2d');
  const known = new Map<string, number>();
  return (text, font) => {
    const key = `${font}|${text}`;
    let width = known.get(key);
    if (width === undefined) {
      if (context) context.font = font;
      width = context ? context.measureText(text).width : text.length * 8;
      known.set(key, width);
    }
    return width;
  };
}

/** The size of the element, as it changes. */
function useAreaSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number }>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      if (width > 0 && height > 0) setSize((before) => (before && before.width === Math.round(width) && before.height === Math.round(height) ? before : { width: Math.round(width), height: Math.round(height) }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}

export function JourneyDiagram({ model, problems, live, focus, chosen, onChoose, matches, path, changed, follow = true, wholeAt }: JourneyDiagramProps) {
  const { ref, size } = useAreaSize();
  const measure = useMemo(canvasMeasure, []);
  const [expanded, setExpanded] = useState(() => defaultExpanded(model));
  const view = useMemo(() => diagramView(model, expanded), [model, expanded]);
  const area = size && { width: size.width - MARGIN * 2, height: size.height - MARGIN * 2 };
  const layout = useMemo(() => (area ? fitLayout(view, area, measure) : undefined), [view, area?.width, area?.height, measure]);
  const [zoom, setZoom] = useState(1);

  const fold = useMemo(
    () => (id: string) =>
      setExpanded((before) => {
        const next = new Set(before);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  const { fitted, liveBox } = useDiagramViewport({ model, view, layout, size, margin: MARGIN, focus, live: live.current, follow, wholeAt, expand: setExpanded });

  const { nodes, edges } = useDiagramElements({ view, layout, problems, liveBox, around: live.around, chosen, matches, path, changed, onFold: fold });

  return (
    <div ref={ref} style={{ width: '100%', height: '100%', position: 'relative' }}>
      {!layout ? (
        <div style={{ padding: 16 }}>Laying out the journey…</div>
      ) : (
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          nodesDraggable={false}
          nodesConnectable={false}
          onNodeClick={(_event, node) => onChoose?.(node.id)}
          onMove={(_event, viewport) => setZoom(viewport.zoom)}
          minZoom={0.05}
          maxZoom={2.5}
          proOptions={{ hideAttribution: true }}
        >
          {/* The minimap only once the view is zoomed into a part: at full view it would cover boxes. */}
          {fitted.current && zoom > fitted.current.zoom * 1.1 && <MiniMap pannable zoomable ariaLabel="Minimap of the journey" nodeColor={(node: StateNode) => (node.data.box.frame ? 'rgba(233, 236, 239, 0.6)' : node.data.chosen ? BLUE : '#a5d8ff')} nodeStrokeColor="#868e96" nodeStrokeWidth={2} maskColor="rgba(240, 240, 240, 0.5)" />}
        </ReactFlow>
      )}
    </div>
  );
}
