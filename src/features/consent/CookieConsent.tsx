import { useRef, useState } from 'react';
import { CONSENT_CATEGORIES } from '@contract/plain/consent';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useHeightVar } from '../../components/useHeightVar';
import { CONSENT_LABELS } from './consentLabels';
import { allAccepted, optionalRejected, preferenceSet, selectedAccepted } from './consentSlice';
import './CookieConsent.css';

function ConsentSettings() {
  const dispatch = useAppDispatch();
  const preferences = useAppSelector((state) => state.consent.preferences);
  return (
    <fieldset className="consent-settings">
      <legend>Kategorie plików cookies</legend>
      <label className="consent-option">
        <input type="checkbox" checked disabled />
        <span>
          <strong>Niezbędne</strong> Potrzebne do logowania i bezpieczeństwa; zawsze włączone.
        </span>
      </label>
      {CONSENT_CATEGORIES.map((category) => (
        <label key={category} className="consent-option">
          <input
            type="checkbox"
            checked={preferences[category]}
            onChange={(e) => dispatch(preferenceSet({ category, value: e.target.checked }))}
          />
          <span>
            <strong>{CONSENT_LABELS[category].label}</strong> {CONSENT_LABELS[category].description}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Spec's cookie popup: shown on every page until a choice has been made. */
export function CookieConsent() {
  return useAppSelector((state) => state.consent.isOpened) ? <ConsentPopup /> : null;
}

/** While it shows, the page keeps its height free at the bottom (--consent-height), so nothing ends up under it. */
function ConsentPopup() {
  const ref = useRef<HTMLElement>(null);
  useHeightVar(ref, '--consent-height');
  const dispatch = useAppDispatch();
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <section ref={ref} className="consent" role="dialog" aria-labelledby="consent-title" aria-describedby="consent-text">
      <h2 id="consent-title">Pliki cookies</h2>
      <p id="consent-text">
        Używamy niezbędnych plików cookies, aby aplikacja działała. Za Twoją zgodą użyjemy też cookies
        funkcjonalnych, analitycznych, marketingowych i społecznościowych. Zgodę możesz zmienić w ustawieniach.
      </p>
      {settingsOpen && <ConsentSettings />}
      <div className="consent-actions">
        {settingsOpen ? (
          <button type="button" className="btn btn-secondary" onClick={() => dispatch(selectedAccepted())}>
            Akceptuj wybrane
          </button>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => setSettingsOpen(true)}>
            Ustawienia
          </button>
        )}
        <button type="button" className="btn btn-secondary" onClick={() => dispatch(optionalRejected())}>
          Odrzuć
        </button>
        <button type="button" className="btn btn-primary" onClick={() => dispatch(allAccepted())}>
          Akceptuj wszystkie
        </button>
      </div>
    </section>
  );
}
