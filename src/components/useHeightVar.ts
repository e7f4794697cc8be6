import { useLayoutEffect, type RefObject } from 'react';

/**
 * Publishes an element's current height as a CSS variable on <html> while it is mounted, so
 * layout elsewhere can keep clear of it (the cookie popup's space at the page bottom, the notices
 * below the navbar). Removed again on unmount.
 */
export function useHeightVar(ref: RefObject<HTMLElement | null>, name: string): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement.style;
    const publish = () => root.setProperty(name, `${Math.ceil(el.getBoundingClientRect().height)}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.removeProperty(name);
    };
  }, [ref, name]);
}
