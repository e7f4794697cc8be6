import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { useModalFocus } from './useModalFocus';
import './PremiumAd.css';

/** Spec section 9: the ad waits 4.9 s before it can be closed. */
export const AD_WAIT_MS = 4900;

interface PremiumAdProps {
  onClose: () => void;
}

/**
 * The full-screen premium ad shown to non-premium users (spec: Event detail). While it waits,
 * the page behind it is inert, so neither focus nor clicks can slip past it.
 */
export function PremiumAd({ onClose }: PremiumAdProps) {
  const id = useId();
  const [ready, setReady] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), AD_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  useModalFocus(dialogRef);

  useEffect(() => {
    if (ready) closeRef.current?.focus();
  }, [ready]);

  return createPortal(
    <div ref={dialogRef} className="premium-ad" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`} tabIndex={-1}>
      <div className="premium-ad-card">
        <p className="premium-ad-badge">Reklama</p>
        <h2 id={`${id}-title`}>Graj Razem Premium</h2>
        <p id={`${id}-text`} className="premium-ad-text">
          Graj bez reklam i bez czekania. Premium kosztuje tylko <strong>9,99 zł + VAT</strong>.
        </p>
        <Link to="/dashboard/premium" className="btn btn-primary premium-ad-cta" onClick={onClose}>
          Sprawdź Premium
        </Link>
        <div className="premium-ad-footer">
          {ready ? (
            <button ref={closeRef} type="button" className="btn btn-secondary" onClick={onClose}>
              Zamknij reklamę
            </button>
          ) : (
            <p className="premium-ad-wait" role="status">
              <span className="premium-ad-spinner" aria-hidden="true" />
              Prośba w trakcie wysyłania...
            </p>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
