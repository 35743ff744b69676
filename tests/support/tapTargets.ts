import type { Page } from 'playwright-core';

/**
 * Tap targets, measured in the page (issue 14: "every tappable control at least 44 x 44 px at a
 * 390 x 844 viewport"; WCAG 2.2 2.5.5 AAA is the aim, 2.5.8 AA the floor).
 *
 * What is a tappable control: `button`, `a[href]`, `input` (not hidden), `select`, `textarea`,
 * `summary`, and anything with the role button, checkbox, radio, switch, tab, option, link,
 * menuitem(checkbox|radio), combobox or slider; visible (a box, not `visibility: hidden`, not
 * `inert`; `aria-hidden` ones count, a finger still taps them) and enabled (a disabled control
 * is no target, WCAG 2.5.8).
 *
 * What is measured, its target:
 * - a checkbox, radio or switch: the box around the control and the labels that toggle it (a
 *   `<label>` around it or `for` it) that touch it, as WCAG counts an associated, clickable label
 *   as part of the target: the whole row. A visually hidden one (a segmented control's radio,
 *   opacity 0 or 1 px) is measured by its labels alone (that is what is tapped).
 * - a text field, select or textarea: its own box (its label above only focuses it; the box is
 *   where one taps to type).
 * - anything else: its own box.
 *
 * Left out, as WCAG 2.5.8 leaves them out: a link inline in a sentence (an `a` displayed inline
 * with text of its own paragraph around it: its size is the line's), and targets the page lists
 * in `except` (each documented where it is excepted).
 */
export interface SmallTarget {
  /** The control's role (its `role`, else its tag and type). */
  role: string;
  /** What it says: its accessible name as far as the page gives it (aria-label, labels, text, placeholder). */
  name: string;
  width: number;
  height: number;
}

/** The viewport issue 14 measures at: a 390 x 844 phone. */
export const TAP_VIEWPORT = { width: 390, height: 844 };

/** The smallest target, CSS px each way (WCAG 2.5.5). */
export const MIN_TARGET = 44;

/**
 * The visible, enabled tappable controls on the page smaller than `min` x `min` px (see above),
 * measured at `viewport` (the page is resized for the measure and put back after).
 */
export async function smallTapTargets(page: Page, { viewport = TAP_VIEWPORT, min = MIN_TARGET }: { viewport?: { width: number; height: number }; min?: number } = {}): Promise<SmallTarget[]> {
  const before = page.viewportSize();
  const resize = before !== null && (before.width !== viewport.width || before.height !== viewport.height);
  if (resize) await page.setViewportSize(viewport);
  try {
    // Two frames, so that layout and any resize observer have settled.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return await page.evaluate(measure, min);
  } finally {
    if (resize && before) await page.setViewportSize(before);
  }
}

/** The small targets as lines, one a control: `route: role "name" W x H`. */
export const describeSmall = (route: string, small: SmallTarget[]) => small.map((t) => `${route}: ${t.role} "${t.name}" ${t.width} x ${t.height}`);

/** Runs in the page: see {@link smallTapTargets}. */
function measure(min: number): SmallTarget[] {
  const SELECTOR = [
    'button',
    'a[href]',
    'input:not([type=hidden])',
    'select',
    'textarea',
    'summary',
    ...['button', 'checkbox', 'radio', 'switch', 'tab', 'option', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'combobox', 'slider'].map((r) => `[role=${r}]`),
  ].join(',');
  const TOGGLES = new Set(['checkbox', 'radio', 'switch']);
  const round = (n: number) => Math.round(n * 10) / 10;

  // (aria-hidden hides from screen readers only: a finger still taps it, as NumberInput's arrows.)
  const hidden = (el: Element) => el.closest('[inert]') !== null || getComputedStyle(el).visibility === 'hidden';
  const disabled = (el: Element) => (el as HTMLInputElement).disabled === true || el.closest('[aria-disabled="true"], fieldset:disabled') !== null;
  const rectOf = (el: Element) => el.getBoundingClientRect();
  const shows = (r: DOMRect) => r.width > 0 && r.height > 0;
  /** Visually hidden: the thing tapped is something else (its label). */
  const invisible = (el: Element) => {
    const r = rectOf(el);
    const style = getComputedStyle(el);
    return Number(style.opacity) === 0 || r.width <= 1 || r.height <= 1 || style.clipPath.startsWith('inset(50%') || (style.clip !== 'auto' && style.clip !== '');
  };
  const roleOf = (el: Element) => {
    const role = el.getAttribute('role');
    if (role) return role;
    const tag = el.tagName.toLowerCase();
    if (tag === 'input') return `input[${(el as HTMLInputElement).type}]`;
    if (tag === 'a') return 'link';
    return tag;
  };
  const labelsOf = (el: Element): HTMLLabelElement[] => Array.from((el as HTMLInputElement).labels ?? []).filter((l) => shows(rectOf(l)) && !hidden(l));
  const nameOf = (el: Element) => {
    const text = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
    const labelledBy = el
      .getAttribute('aria-labelledby')
      ?.split(/\s+/)
      .map((id) => text(document.getElementById(id)?.textContent))
      .join(' ');
    return (
      text(el.getAttribute('aria-label')) ||
      text(labelledBy) ||
      labelsOf(el)
        .map((l) => text(l.textContent))
        .join(' ') ||
      text((el as HTMLElement).innerText) ||
      text(el.getAttribute('placeholder')) ||
      text(el.getAttribute('title')) ||
      text(el.getAttribute('name')) ||
      text((el as HTMLInputElement).id)
    ).slice(0, 60);
  };
  /** A link in a sentence: inline, with text of its own around it in its block. */
  const inlineLink = (el: Element) => {
    if (roleOf(el) !== 'link' || !getComputedStyle(el).display.startsWith('inline')) return false;
    const parent = el.parentElement;
    if (!parent) return false;
    const around = Array.from(parent.childNodes).filter((n) => n !== el).map((n) => n.textContent ?? '').join('');
    return around.trim().length > 0;
  };
  const union = (rects: DOMRect[]) => {
    const left = Math.min(...rects.map((r) => r.left));
    const top = Math.min(...rects.map((r) => r.top));
    const right = Math.max(...rects.map((r) => r.right));
    const bottom = Math.max(...rects.map((r) => r.bottom));
    return { width: right - left, height: bottom - top };
  };
  /** Whether two boxes touch or overlap (a pixel apart at most): one region to tap. */
  const touch = (a: DOMRect, b: DOMRect) => a.left <= b.right + 1 && b.left <= a.right + 1 && a.top <= b.bottom + 1 && b.top <= a.bottom + 1;

  const small: SmallTarget[] = [];
  const seen = new Set<Element>();
  for (const el of Array.from(document.querySelectorAll(SELECTOR))) {
    if (seen.has(el) || hidden(el) || disabled(el)) continue;
    seen.add(el);
    const own = rectOf(el);
    const type = el.tagName === 'INPUT' ? (el as HTMLInputElement).type : '';
    const role = roleOf(el);
    const toggle = TOGGLES.has(role) || TOGGLES.has(type);
    let size: { width: number; height: number };
    if (toggle) {
      const labels = labelsOf(el);
      if (invisible(el) || !shows(own)) {
        if (labels.length === 0) continue; // not what is tapped, and nothing to tap for it here
        size = union(labels.map(rectOf));
      } else {
        size = union([own, ...labels.map(rectOf).filter((r) => touch(r, own))]);
      }
    } else {
      if (!shows(own) || (el.tagName === 'INPUT' && (type === 'file' || invisible(el)))) continue; // a file input is opened by its button
      if (inlineLink(el)) continue;
      size = own;
    }
    if (size.width + 0.5 < min || size.height + 0.5 < min) small.push({ role, name: nameOf(el), width: round(size.width), height: round(size.height) });
  }
  return small;
}
