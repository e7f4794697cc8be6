import { useEffect, type RefObject } from 'react';

/**
 * For a modal rendered into document.body: everything else becomes inert (no focus, no clicks)
 * while it is open, the modal (or `initial`) takes the focus, and the focus returns afterwards.
 */
export function useModalFocus(modal: RefObject<HTMLElement | null>, initial?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = modal.current;
    if (!root) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const others = [...document.body.children].filter((el): el is HTMLElement => el !== root && el instanceof HTMLElement && !el.inert);
    others.forEach((el) => (el.inert = true));
    (initial?.current ?? root).focus();
    return () => {
      others.forEach((el) => (el.inert = false));
      previous?.focus();
    };
  }, [modal, initial]);
}
