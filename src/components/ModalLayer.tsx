import { useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from './useModalFocus';

interface ModalLayerProps {
  /** The backdrop's class: the layer is the backdrop, the dialog goes inside. */
  className: string;
  /** What takes the focus on opening (the safe answer, the dialog itself). */
  initial?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A modal dialog's backdrop, rendered into document.body with useModalFocus: the rest of the page
 * is inert while it shows (the focus cannot leave it), and the focus goes back where it was.
 */
export function ModalLayer({ className, initial, children }: ModalLayerProps) {
  const layer = useRef<HTMLDivElement>(null);
  useModalFocus(layer, initial);
  return createPortal(
    <div ref={layer} className={className}>
      {children}
    </div>,
    document.body,
  );
}
