/**
 * One box of the journey's diagram (JourneyDiagram.tsx): a state's name, progress and route, or
 * a frame with its legend around the states inside it; its fold button; its outline for the
 * checker's problems (red, with their words), the live app (green), the chosen state (blue), a
 * path (light blue; red where a replay left it), a search's match (yellow) and a diff's change
 * (dashed orange).
 */
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo, type CSSProperties } from 'react';
import type { LocatedProblem } from '../../checker/problem';
import type { StateBox } from './diagramModel';
import { boxText, FONT, ROUTE_FONT, SMALL_FONT, SMALL_LINE, TITLE_FONT, TITLE_LINE, type Box } from './readingLayout';

export type Live = 'current' | 'around' | undefined;

/** What a box shows: a box is drawn again only when one of these changed. */
export interface BoxFacts {
  state: StateBox;
  box: Box;
  problems: LocatedProblem[];
  live: Live;
  chosen: boolean;
  match: boolean;
  onPath: boolean;
  left: boolean;
  changed: boolean;
}

export interface StateNodeData extends BoxFacts, Record<string, unknown> {
  onFold: (id: string) => void;
}

export type StateNode = Node<StateNodeData, 'state'>;

const RED = '#c92a2a';
const GREEN = '#2b8a3e';
export const BLUE = '#1c7ed6';
const hidden: CSSProperties = { opacity: 0, pointerEvents: 'none' };

function boxStyle(data: StateNodeData): CSSProperties {
  const { state, box, problems, live, chosen, match, onPath, left, changed } = data;
  const rings = [live === 'current' ? `0 0 0 4px ${GREEN}` : live === 'around' && !box.frame ? `0 0 0 2px ${GREEN}` : '', chosen ? `0 0 0 3px ${BLUE}` : '', left ? `0 0 0 6px ${RED}` : onPath ? '0 0 0 3px #4dabf7' : ''].filter(Boolean);
  return {
    width: '100%',
    height: '100%',
    boxSizing: 'border-box',
    borderRadius: 6,
    border: `${state.final ? 3 : 1}px ${state.final ? 'double' : changed ? 'dashed' : 'solid'} ${changed ? '#e67700' : box.frame ? '#adb5bd' : '#495057'}`,
    background: live === 'current' ? '#d3f9d8' : match ? '#fff3bf' : box.frame ? 'rgba(241, 243, 245, 0.55)' : state.route !== undefined ? '#e7f5ff' : '#ffffff',
    padding: '5px 8px',
    color: '#212529',
    position: 'relative',
    cursor: 'pointer',
    fontFamily: FONT,
    ...(problems.length > 0 ? { outline: `3px solid ${RED}`, outlineOffset: 1 } : {}),
    ...(rings.length > 0 ? { boxShadow: rings.join(', ') } : {}),
  };
}

export const StateNodeView = memo(function StateNodeView({ data }: NodeProps<StateNode>) {
  const { state, box, problems, live, chosen, match, onPath, left, onFold } = data;
  const text = boxText(state, !box.frame);
  return (
    <div
      data-state-id={state.id}
      data-frame={box.frame ? 'true' : undefined}
      data-problems={problems.length > 0 ? problems.length : undefined}
      data-live={live === 'current' ? 'true' : undefined}
      data-live-around={live === 'around' ? 'true' : undefined}
      data-chosen={chosen ? 'true' : undefined}
      data-match={match ? 'true' : undefined}
      data-on-path={onPath ? 'true' : undefined}
      data-left-path={left ? 'true' : undefined}
      data-changed={data.changed ? 'true' : undefined}
      title={state.id}
      style={boxStyle(data)}
    >
      <Handle type="target" id="t" position={Position.Top} isConnectable={false} style={hidden} />
      <Handle type="target" id="l" position={Position.Left} isConnectable={false} style={hidden} />
      <div style={{ display: 'flex', alignItems: 'baseline', gap: 8, whiteSpace: 'nowrap' }}>
        <span data-box-label style={{ font: TITLE_FONT, lineHeight: `${TITLE_LINE}px` }}>
          {text.title}
        </span>
        {state.progress && <span style={{ font: SMALL_FONT, color: '#495057' }}>{state.progress}</span>}
        {state.childCount > 0 && (
          <button
            type="button"
            className="nodrag"
            aria-label={`${box.frame ? 'Fold' : 'Unfold'} ${state.key}`}
            aria-expanded={box.frame}
            onClick={(event) => {
              event.stopPropagation();
              onFold(state.id);
            }}
            style={{ font: SMALL_FONT, border: '1px solid #adb5bd', borderRadius: 4, background: '#fff', padding: '0 4px', cursor: 'pointer', color: '#343a40' }}
          >
            {box.frame ? '−' : `+${state.childCount}`}
          </button>
        )}
        {box.frame && text.detail && (
          <span data-box-detail style={{ font: text.detailIsRoute ? ROUTE_FONT : SMALL_FONT, color: '#1864ab' }}>
            {text.detail}
          </span>
        )}
      </div>
      {/* Each text in a span of its own: what the page measures is the text, not the line. */}
      {!box.frame && text.detail && (
        <div style={{ lineHeight: `${SMALL_LINE}px`, whiteSpace: 'nowrap' }}>
          <span data-box-detail style={{ font: text.detailIsRoute ? ROUTE_FONT : SMALL_FONT, color: text.detailIsRoute ? '#1864ab' : '#495057' }}>
            {text.detail}
          </span>
        </div>
      )}
      {box.legendLines.map((line) => (
        <div key={line} style={{ lineHeight: `${SMALL_LINE}px`, whiteSpace: 'nowrap' }}>
          <span data-legend style={{ font: SMALL_FONT, color: '#495057' }}>
            {line}
          </span>
        </div>
      ))}
      {problems.length > 0 && (
        <div
          data-problem-text
          style={{ position: 'absolute', left: 0, top: box.frame ? TITLE_LINE + 6 : '100%', marginTop: 4, width: 300, background: '#fff5f5', border: `1px solid ${RED}`, borderRadius: 4, color: RED, padding: '2px 6px', zIndex: 10, font: SMALL_FONT }}
        >
          {problems.map((p, i) => (
            <div key={i}>
              line {p.line}: {p.message}
            </div>
          ))}
        </div>
      )}
      <Handle type="source" id="r" position={Position.Right} isConnectable={false} style={hidden} />
      <Handle type="source" id="b" position={Position.Bottom} isConnectable={false} style={hidden} />
    </div>
  );
});

