import type { Page } from 'playwright-core';

/** WCAG 2.5.5: what a finger taps on a phone is at least 44 × 44 CSS pixels (issue 18). */
export const MIN_TOUCH_PX = 44;

export interface SmallTarget {
  target: string;
  width: number;
  height: number;
}

/**
 * The visible controls on the page smaller than MIN_TOUCH_PX in either direction. A checkbox or
 * radio counts with its label (tapping the label ticks it); a link inside a sentence is WCAG's
 * inline exception; what is visually hidden (a skip link until focused) is not a target.
 */
export function smallTouchTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="switch"], [role="tab"], [role="menuitem"], [role="link"], [tabindex="0"]';
    const describe = (el: Element) => {
      const name = (el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).name || '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const cls = el.getAttribute('class')?.split(/\s+/)[0];
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${name}"`;
    };
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A') return false;
      const parent = el.parentElement;
      if (!parent || getComputedStyle(el).display !== 'inline') return false;
      const text = parent.textContent?.replace(el.textContent ?? '', '').trim() ?? '';
      return text.length > 0;
    };
    const found: Array<{ target: string; width: number; height: number }> = [];
    const seen = new Set<Element>();
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (el.closest('.maplibregl-canvas-container, [aria-hidden="true"], [inert]')) continue;
      if ((el as HTMLElement).closest('.visually-hidden')) continue;
      if ((el as HTMLInputElement).disabled) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const type = (el as HTMLInputElement).type;
      if (el.tagName === 'INPUT' && (type === 'checkbox' || type === 'radio')) {
        const label = (el as HTMLInputElement).labels?.[0] ?? el.closest('label');
        if (label) {
          const l = label.getBoundingClientRect();
          const left = Math.min(l.left, box.left), top = Math.min(l.top, box.top);
          box = new DOMRect(left, top, Math.max(l.right, box.right) - left, Math.max(l.bottom, box.bottom) - top);
        }
      }
      if (inSentence(el)) continue;
      const target = el.closest('label') && el.tagName === 'INPUT' ? el.closest('label')! : el;
      if (seen.has(target)) continue;
      seen.add(target);
      if (box.width + 0.5 < min || box.height + 0.5 < min) found.push({ target: describe(el), width: Math.round(box.width), height: Math.round(box.height) });
    }
    return found;
  }, MIN_TOUCH_PX);
}
