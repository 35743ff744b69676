/**
 * Where each drawn box goes: the sale read like a page. A container's children flow left to right
 * in the order the sale meets them (diagramView.ts saleOrder), wrapping into rows; an open state
 * takes a row of its own, its children inside it. The width is chosen so that the whole journey
 * fits the diagram's area at the largest scale: a layered layout stretched the sale into one
 * long column that fitted only at a quarter of its size, where nothing could be read.
 */
import type { DiagramView } from './diagramView';
import type { StateBox } from './diagramModel';

export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif';
export const MONO = 'ui-monospace, "DejaVu Sans Mono", Menlo, monospace';
/** The fonts of a box's lines: its name, its small texts (progress, legend), its route. */
export const TITLE_FONT = `700 14px ${FONT}`;
export const SMALL_FONT = `12px ${FONT}`;
export const ROUTE_FONT = `12px ${MONO}`;

/** Line heights and spacing, in the diagram's own pixels. */
export const TITLE_LINE = 18;
export const SMALL_LINE = 16;
const PAD_X = 8;
const PAD_Y = 5;
const GAP_X = 14;
const GAP_Y = 16;
const FRAME_PAD = 10;
const BADGE_GAP = 8;
const LEGEND_SEPARATOR = '   ·   ';

/** The width a text takes in a font (the page measures with a canvas; tests estimate). */
export type Measure = (text: string, font: string) => number;

/** An estimate for where no canvas measures: generous, so that boxes are never too narrow. */
export const estimateWidth: Measure = (text, font) => text.length * (font.startsWith('700 14px') ? 8.6 : font === ROUTE_FONT ? 7.3 : 6.9);

/** What a box says: its name and badge on the first line, its route (or calls) on the second. */
export interface BoxText {
  title: string;
  /** Its progress (`7/23`) and, folded, how many states it holds (`+3`). */
  badge: string;
  detail: string;
  detailIsRoute: boolean;
}

export function boxText(state: StateBox, folded: boolean): BoxText {
  const badge = [state.progress, folded && state.childCount > 0 ? `+${state.childCount}` : undefined].filter(Boolean).join('  ');
  const detail = state.route ?? (state.calls.length > 0 ? `calls ${state.calls.join(', ')}` : state.final ? 'end' : '');
  return { title: `${state.initial ? '→ ' : ''}${state.key}`, badge, detail, detailIsRoute: state.route !== undefined };
}

export interface Box {
  /** Relative to the parent's box, as React Flow places a child node. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** On the whole canvas. */
  absX: number;
  absY: number;
  /** An open state, drawn as a frame around its children. */
  frame: boolean;
  /** A frame's legend, as wrapped into lines. */
  legendLines: string[];
}

export interface Layout {
  boxes: Map<string, Box>;
  width: number;
  height: number;
}

const LEAF_HEIGHT = PAD_Y * 2 + TITLE_LINE + SMALL_LINE;

function leafWidth(text: BoxText, measure: Measure): number {
  const first = measure(text.title, TITLE_FONT) + (text.badge ? BADGE_GAP + measure(text.badge, SMALL_FONT) : 0);
  const second = text.detail ? measure(text.detail, text.detailIsRoute ? ROUTE_FONT : SMALL_FONT) : 0;
  return Math.ceil(Math.max(first, second, 60) + PAD_X * 2 + 2);
}

/** Words joined by a separator, broken into lines no wider than `width`. */
function wrap(items: string[], width: number, measure: Measure): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const candidate = line ? `${line}${LEGEND_SEPARATOR}${item}` : item;
    if (line && measure(candidate, SMALL_FONT) > width) {
      lines.push(line);
      line = item;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** The legend of a container, one entry per transition it takes from anywhere inside it. */
export function legendItems(view: DiagramView, id: string): string[] {
  return (view.legends.get(id) ?? []).map((entry) => `${entry.label} → ${entry.targetKey}`);
}

/** Lays the journey out `width` wide: every box's place and the height it takes. */
export function layoutAt(view: DiagramView, width: number, measure: Measure = estimateWidth, widths = leafWidths(view, measure)): Layout {
  const byId = new Map(view.shown.map((s) => [s.id, s]));
  const boxes = new Map<string, Box>();

  const place = (state: StateBox, x: number, y: number, absX: number, absY: number, available: number): { width: number; height: number } => {
    const open = view.expanded.has(state.id) && state.childCount > 0;
    const text = boxText(state, !open);
    if (!open) {
      const size = { width: widths.get(state.id) ?? leafWidth(text, measure), height: LEAF_HEIGHT };
      boxes.set(state.id, { x, y, ...size, absX, absY, frame: false, legendLines: [] });
      return size;
    }
    const inner = available - FRAME_PAD * 2;
    const legendLines = wrap(legendItems(view, state.id), inner, measure);
    const header = PAD_Y + TITLE_LINE + legendLines.length * SMALL_LINE + PAD_Y;
    const frame: Box = { x, y, width: available, height: 0, absX, absY, frame: true, legendLines };
    boxes.set(state.id, frame);
    let cx = FRAME_PAD;
    let cy = header;
    let row = 0;
    const newRow = () => {
      if (cx > FRAME_PAD) cy += row + GAP_Y;
      cx = FRAME_PAD;
      row = 0;
    };
    for (const id of view.order.get(state.id) ?? []) {
      const child = byId.get(id);
      if (!child) continue;
      if (view.expanded.has(id) && child.childCount > 0) {
        newRow();
        const size = place(child, FRAME_PAD, cy, absX + FRAME_PAD, absY + cy, inner);
        cy += size.height + GAP_Y;
        continue;
      }
      const w = widths.get(id) ?? 0;
      if (cx > FRAME_PAD && cx + w > FRAME_PAD + inner) newRow();
      const size = place(child, cx, cy, absX + cx, absY + cy, inner);
      cx += size.width + GAP_X;
      row = Math.max(row, size.height);
    }
    const height = (cx > FRAME_PAD ? cy + row : cy - GAP_Y) + FRAME_PAD;
    frame.height = Math.max(height, header + FRAME_PAD);
    return { width: available, height: frame.height };
  };

  const root = view.shown.find((s) => s.parentId === undefined);
  if (!root) return { boxes, width: 0, height: 0 };
  const size = place(root, 0, 0, 0, 0, width);
  return { boxes, width, height: size.height };
}

/** The width of each box drawn closed: the same at every width of the layout. */
function leafWidths(view: DiagramView, measure: Measure): Map<string, number> {
  return new Map(view.shown.map((s) => [s.id, leafWidth(boxText(s, true), measure)]));
}

/** How deep open frames nest: each takes its padding off the width its children have. */
function openDepth(view: DiagramView): number {
  const parent = new Map(view.shown.map((s) => [s.id, s.parentId]));
  let deepest = 0;
  for (const state of view.shown) {
    let depth = 0;
    for (let p = parent.get(state.id); p; p = parent.get(p)) depth++;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/**
 * The layout that fits `area` at the largest scale: widths from the widest box's up to three
 * times the area's are tried (a layout takes a fraction of a millisecond).
 */
export function fitLayout(view: DiagramView, area: { width: number; height: number }, measure: Measure = estimateWidth): Layout & { scale: number } {
  const widths = leafWidths(view, measure);
  const widest = Math.max(0, ...view.shown.filter((s) => !(view.expanded.has(s.id) && s.childCount > 0)).map((s) => widths.get(s.id) ?? 0));
  const least = widest + openDepth(view) * FRAME_PAD * 2;
  let best: (Layout & { scale: number }) | undefined;
  for (let width = least; width <= Math.max(least, area.width * 3); width += 24) {
    const laid = layoutAt(view, width, measure, widths);
    const scale = Math.min(area.width / laid.width, area.height / Math.max(1, laid.height));
    if (!best || scale > best.scale) best = { ...laid, scale };
  }
  return best ?? { ...layoutAt(view, least, measure, widths), scale: 1 };
}
