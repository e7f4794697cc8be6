import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first, Shift+Tab from the first to the last: the focus stays in. */
function keepTabInside(root: HTMLElement, e: KeyboardEvent): void {
  if (e.key !== 'Tab') return;
  const controls = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    const style = getComputedStyle(el);
    return !el.closest('[hidden]') && style.display !== 'none' && style.visibility !== 'hidden';
  });
  if (controls.length === 0) return e.preventDefault();
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !root.contains(active) || active === root)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !root.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * For a modal rendered into document.body: everything else becomes inert (no focus, no clicks)
 * while it is open, the modal (or `initial`) takes the focus, Tab cycles inside it, and the focus
 * returns afterwards.
 */
export function useModalFocus(modal: RefObject<HTMLElement | null>, initial?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = modal.current;
    if (!root) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const others = [...document.body.children].filter((el): el is HTMLElement => el !== root && el instanceof HTMLElement && !el.inert);
    others.forEach((el) => (el.inert = true));
    (initial?.current ?? root).focus();
    const onKey = (e: KeyboardEvent) => keepTabInside(root, e);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      others.forEach((el) => (el.inert = false));
      previous?.focus();
    };
  }, [modal, initial]);
}
