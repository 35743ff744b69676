/**
 * Where the diagram's view looks: the whole journey fitted each time its layout changes (and on
 * "Whole journey"), a problem's, search's or path's states opened and brought into view, and the
 * live app's box kept in view as the app moves.
 */
import { useReactFlow, type Viewport } from '@xyflow/react';
import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import type { DiagramModel } from './diagramModel';
import { ancestorsOf, type DiagramView } from './diagramView';
import type { Layout } from './readingLayout';

export interface DiagramViewportOptions {
  model: DiagramModel;
  view: DiagramView;
  layout: (Layout & { scale: number }) | undefined;
  size: { width: number; height: number } | undefined;
  margin: number;
  focus: { ids: string[]; at: number } | undefined;
  /** The live app's innermost state. */
  live: string | undefined;
  follow: boolean;
  wholeAt: number | undefined;
  expand: Dispatch<SetStateAction<Set<string>>>;
}

export function useDiagramViewport({ model, view, layout, size, margin, focus, live, follow, wholeAt, expand }: DiagramViewportOptions) {
  const flow = useReactFlow();
  const fitted = useRef<Viewport | undefined>(undefined);
  // The whole journey in view, as large as it fits, each time its layout changes (not at a save
  // that leaves every box where it was: the view the product owner chose stays).
  const fitKey = layout && size ? `${layout.width}x${layout.height}:${layout.boxes.size}:${size.width}x${size.height}:${wholeAt ?? 0}` : '';
  useEffect(() => {
    if (!layout || !size) return;
    const scale = Math.min(layout.scale, 1.25);
    const viewport = { x: Math.round((size.width - layout.width * scale) / 2), y: margin, zoom: scale };
    fitted.current = viewport;
    void flow.setViewport(viewport, wholeAt ? { duration: 200 } : undefined);
  }, [fitKey]);

  // A problem, a search or a path chosen: its states' boxes opened and brought into view.
  useEffect(() => {
    if (!focus) return;
    expand((before) => {
      const next = new Set(before);
      for (const id of focus.ids) for (const outer of ancestorsOf(model, id)) next.add(outer);
      return next.size === before.size ? before : next;
    });
    const timer = requestAnimationFrame(() => void flow.fitView({ nodes: focus.ids.map((id) => ({ id: view.boxOf.get(id) ?? id })), maxZoom: 1.2, duration: 300 }));
    return () => cancelAnimationFrame(timer);
  }, [focus]);

  // The live app's box kept in view when it moves out of it (the view zoomed into another part).
  const liveBox = live ? (view.boxOf.get(live) ?? live) : undefined;
  useEffect(() => {
    if (!follow || !liveBox || !layout || !size) return;
    const box = layout.boxes.get(liveBox);
    if (!box) return;
    const { x, y, zoom: z } = flow.getViewport();
    const left = box.absX * z + x;
    const top = box.absY * z + y;
    if (left < 0 || top < 0 || left + box.width * z > size.width || top + box.height * z > size.height) {
      void flow.setCenter(box.absX + box.width / 2, box.absY + box.height / 2, { zoom: z, duration: 300 });
    }
  }, [liveBox, follow]);

  return { fitted, liveBox };
}
