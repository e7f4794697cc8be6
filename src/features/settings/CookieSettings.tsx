import { CONSENT_CATEGORIES, type ConsentCategory } from '@contract/plain/consent';
import { SETTINGS_NOTICE_MS } from '@contract/constants';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notice } from '../../app/notify';
import { consentApi } from '../consent/consentApi';
import { CONSENT_LABELS } from '../consent/consentLabels';
import { preferenceSet, selectedAccepted } from '../consent/consentSlice';

export const COOKIES_FAILED = 'Nie udało się zaktualizować ustawień cookies';

/** The four optional cookie categories; each change is stored at once, or undone if it cannot be. */
export function CookieSettings() {
  const dispatch = useAppDispatch();
  const { preferences, isAccepted } = useAppSelector((state) => state.consent);
  const [save, { isLoading }] = consentApi.endpoints.saveConsent.useMutation();

  const change = async (category: ConsentCategory, value: boolean) => {
    dispatch(preferenceSet({ category, value }));
    // A first choice made here counts like 'accept selected' in the popup (its listener stores it).
    if (!isAccepted) return void dispatch(selectedAccepted());
    try {
      await save({ ...preferences, [category]: value }).unwrap();
    } catch {
      dispatch(preferenceSet({ category, value: !value }));
      notice(COOKIES_FAILED, 'error', SETTINGS_NOTICE_MS);
    }
  };

  return (
    <fieldset className="settings-cookies">
      <legend className="visually-hidden">Kategorie plików cookies</legend>
      <label className="settings-check">
        <input type="checkbox" checked disabled />
        <span>
          <strong>Niezbędne</strong> Potrzebne do logowania i bezpieczeństwa; zawsze włączone.
        </span>
      </label>
      {CONSENT_CATEGORIES.map((category) => (
        <label key={category} className="settings-check">
          <input type="checkbox" checked={preferences[category]} disabled={isLoading}
            onChange={(e) => void change(category, e.target.checked)} />
          <span>
            <strong>{CONSENT_LABELS[category].label}</strong> {CONSENT_LABELS[category].description}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
