/**
 * The journey as a diagram: React Flow draws the boxes elkjs placed (src/studio/page/diagramLayout.ts),
 * a box per state with its step's route, progress and back policy, a line per transition with
 * its event and guard; the checker's problems outline their state in red with their words
 * beside it, and the live app's current state is outlined in green.
 */
import { Background, Controls, Handle, MarkerType, Position, ReactFlow, useReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';
import { memo, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { LocatedProblem } from '../../checker/problem';
import { layoutDiagram, leafSize, metaLine, type Box } from './diagramLayout';
import type { DiagramModel, StateBox } from './diagramModel';

type Live = 'current' | 'around' | undefined;

interface StateNodeData extends Record<string, unknown> {
  state: StateBox;
  problems: LocatedProblem[];
  live: Live;
}

type StateNode = Node<StateNodeData, 'state'>;

const RED = '#c92a2a';
const GREEN = '#2b8a3e';

const StateNodeView = memo(function StateNodeView({ data }: NodeProps<StateNode>) {
  const { state, problems, live } = data;
  const style: CSSProperties = {
    width: '100%',
    height: '100%',
    boxSizing: 'border-box',
    borderRadius: 6,
    border: `1px solid ${state.compound ? '#868e96' : '#495057'}`,
    borderStyle: state.final ? 'double' : 'solid',
    borderWidth: state.final ? 3 : 1,
    background: live === 'current' ? '#d3f9d8' : state.compound ? 'rgba(233, 236, 239, 0.35)' : state.route !== undefined ? '#e7f5ff' : '#ffffff',
    padding: '4px 8px',
    fontSize: 12,
    lineHeight: '17px',
    color: '#212529',
    position: 'relative',
    ...(problems.length > 0 ? { outline: `3px solid ${RED}`, outlineOffset: 1 } : {}),
    ...(live === 'current' ? { boxShadow: `0 0 0 4px ${GREEN}` } : live === 'around' ? { boxShadow: `0 0 0 2px ${GREEN}` } : {}),
  };
  const meta = metaLine(state);
  return (
    <div
      data-state-id={state.id}
      data-problems={problems.length > 0 ? problems.length : undefined}
      data-live={live === 'current' ? 'true' : undefined}
      data-live-around={live === 'around' ? 'true' : undefined}
      title={state.id}
      style={style}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} style={{ opacity: 0 }} />
      <div style={{ fontWeight: 700 }}>
        {state.initial ? '→ ' : ''}
        {state.key}
        {state.step && state.step !== state.key ? <span style={{ fontWeight: 400, color: '#495057' }}> ({state.step})</span> : null}
      </div>
      {state.route !== undefined && <div style={{ fontFamily: 'monospace', color: '#1864ab' }}>{state.route}</div>}
      {meta && <div style={{ color: '#495057' }}>{meta}</div>}
      {problems.length > 0 && (
        <div
          data-problem-text
          style={{
            position: 'absolute',
            left: state.compound ? 'auto' : 0,
            right: state.compound ? 8 : 'auto',
            top: state.compound ? 4 : '100%',
            marginTop: state.compound ? 0 : 4,
            width: 300,
            background: '#fff5f5',
            border: `1px solid ${RED}`,
            borderRadius: 4,
            color: RED,
            padding: '2px 6px',
            zIndex: 10,
            fontWeight: 400,
          }}
        >
          {problems.map((p, i) => (
            <div key={i}>
              line {p.line}: {p.message}
            </div>
          ))}
        </div>
      )}
      <Handle type="source" position={Position.Bottom} isConnectable={false} style={{ opacity: 0 }} />
    </div>
  );
});

const nodeTypes = { state: StateNodeView };

export interface JourneyDiagramProps {
  model: DiagramModel;
  problems: Map<string, LocatedProblem[]>;
  live: { current: string | undefined; around: string[] };
  /** A state to bring into view (a problem chosen in the list). */
  focus?: { id: string; at: number } | undefined;
}

/** What decides the layout: the states, their sizes and the lines between them (not problems, nor the live state). */
const layoutKey = (model: DiagramModel) =>
  JSON.stringify([model.states.map((s) => [s.id, s.parentId, s.compound || leafSize(s)]), model.transitions.map((t) => [t.source, t.target])]);

export function JourneyDiagram({ model, problems, live, focus }: JourneyDiagramProps) {
  const [boxes, setBoxes] = useState<Map<string, Box>>(new Map());
  const [layoutError, setLayoutError] = useState<string>();
  const key = layoutKey(model);
  const latest = useRef(model);
  latest.current = model;
  const flow = useReactFlow();

  // Laid out again only when the structure changed: a problem or the live state shows at once.
  useEffect(() => {
    let current = true;
    layoutDiagram(latest.current).then(
      (laid) => {
        if (!current) return;
        setBoxes(laid);
        setLayoutError(undefined);
      },
      (error: unknown) => current && setLayoutError(String(error)),
    );
    return () => {
      current = false;
    };
  }, [key]);

  useEffect(() => {
    if (focus) void flow.fitView({ nodes: [{ id: focus.id }], maxZoom: 1.2, duration: 300 });
  }, [focus, flow]);

  // React Flow redraws a node or line whose object changed: each keeps its object while what it
  // shows is the same, so a save redraws only the states it touches (a whole redraw of a large
  // journey takes the page most of a second).
  const kept = useRef({ nodes: new Map<string, [string, StateNode]>(), edges: new Map<string, [string, Edge]>() });
  const nodes = useMemo(() => {
    const before = kept.current.nodes;
    const after = new Map<string, [string, StateNode]>();
    const list = model.states.map((state): StateNode => {
      const box = boxes.get(state.id) ?? { x: 0, y: 0, ...(state.compound ? { width: 200, height: 80 } : leafSize(state)) };
      const stateProblems = problems.get(state.id) ?? [];
      const liveHere: Live = live.current === state.id ? 'current' : live.around.includes(state.id) ? 'around' : undefined;
      const signature = JSON.stringify([state, box, stateProblems, liveHere]);
      const same = before.get(state.id);
      const node: StateNode =
        same && same[0] === signature
          ? same[1]
          : {
              id: state.id,
              type: 'state',
              position: { x: box.x, y: box.y },
              ...(state.parentId ? { parentId: state.parentId } : {}),
              data: { state, problems: stateProblems, live: liveHere },
              style: { width: box.width, height: box.height },
              draggable: false,
              connectable: false,
              // A state with problems above its neighbours, so that its words are not hidden.
              ...(stateProblems.length > 0 ? { zIndex: 1000 } : {}),
            };
      after.set(state.id, [signature, node]);
      return node;
    });
    kept.current.nodes = after;
    return list;
  }, [model, boxes, problems, live]);

  const edges = useMemo(() => {
    const before = kept.current.edges;
    const after = new Map<string, [string, Edge]>();
    const list = model.transitions.map((t): Edge => {
      const signature = JSON.stringify(t);
      const same = before.get(t.id);
      const edge: Edge =
        same && same[0] === signature
          ? same[1]
          : {
              id: t.id,
              source: t.source,
              target: t.target,
              label: t.label,
              markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
              labelStyle: { fontSize: 10 },
              labelBgPadding: [2, 1],
              style: { stroke: t.guard ? '#e67700' : '#868e96' },
              focusable: false,
            };
      after.set(t.id, [signature, edge]);
      return edge;
    });
    kept.current.edges = after;
    return list;
  }, [model]);

  return (
    <div style={{ width: '100%', height: '100%', position: 'relative' }}>
      {layoutError && <div style={{ position: 'absolute', zIndex: 20, color: RED, padding: 8 }}>Layout failed: {layoutError}</div>}
      {/* Drawn once laid out, so that the whole journey is fitted into view as it first shows. */}
      {boxes.size === 0 ? (
        <div style={{ padding: 16 }}>Laying out the journey…</div>
      ) : (
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          nodesDraggable={false}
          nodesConnectable={false}
          fitView
          fitViewOptions={{ padding: 0.03 }}
          minZoom={0.05}
          maxZoom={2}
          proOptions={{ hideAttribution: true }}
        >
          <Background />
          <Controls showInteractive={false} />
        </ReactFlow>
      )}
    </div>
  );
}
