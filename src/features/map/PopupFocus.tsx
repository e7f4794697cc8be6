import { useEffect, useRef, type ReactNode } from 'react';

interface PopupFocusProps {
  onClose: () => void;
  children: ReactNode;
}

/**
 * Keyboard manners of the map's popup (issue 18): it takes the focus when it opens, Escape closes
 * it, and the focus goes back to the marker or list entry that opened it.
 */
export function PopupFocus({ onClose, children }: PopupFocusProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = box.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    root?.querySelector<HTMLElement>('a[href], button')?.focus({ preventScroll: true });
    return () => {
      // Only when the focus was in the popup (now gone): a click elsewhere keeps its own focus.
      const now = document.activeElement;
      if (opener?.isConnected && (!now || now === document.body || root?.contains(now))) opener.focus({ preventScroll: true });
    };
  }, []);
  return (
    <div
      ref={box}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      {children}
    </div>
  );
}
