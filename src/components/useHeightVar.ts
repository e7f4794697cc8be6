import { useLayoutEffect, type RefObject } from 'react';

/**
 * Publishes an element's current height as a CSS variable on <html> while it is mounted, so
 * layout elsewhere can keep clear of it (the cookie popup's space at the page bottom, the notices
 * below the navbar). Removed again on unmount.
 *
 * The height comes from a ResizeObserver, whose first report arrives after the browser's layout
 * and before its paint: reading it during React's commit instead would force a layout of the whole
 * page in the middle of starting it (issue 15's Lighthouse runs). Without ResizeObserver it is
 * read at once.
 */
export function useHeightVar(ref: RefObject<HTMLElement | null>, name: string): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement.style;
    const publish = (height: number) => root.setProperty(name, `${Math.ceil(height)}px`);
    let observer: ResizeObserver | null = null;
    if (typeof ResizeObserver === 'undefined') publish(el.getBoundingClientRect().height);
    else {
      observer = new ResizeObserver((entries) => {
        const box = entries[entries.length - 1].borderBoxSize?.[0];
        publish(box ? box.blockSize : el.getBoundingClientRect().height);
      });
      observer.observe(el);
    }
    return () => {
      observer?.disconnect();
      root.removeProperty(name);
    };
  }, [ref, name]);
}
