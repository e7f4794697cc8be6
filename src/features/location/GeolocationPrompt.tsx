import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useHeightVar } from '../../components/useHeightVar';
import { locateUser, locationPopupDismissed, rememberPopupDismissed, selectShowLocationPopup } from './locationSlice';
import './GeolocationPrompt.css';

const FIND_EVENT = '/dashboard/find-event';
const HOME = '/dashboard';

/**
 * Spec sections 2 and 4: entering the dashboard without a saved location asks the browser for
 * it; until one is saved, this popup offers to set the city by hand or to decline.
 */
export function GeolocationPrompt() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const show = useAppSelector(selectShowLocationPopup);

  useEffect(() => {
    void dispatch(locateUser());
  }, [dispatch]);

  const decline = () => {
    rememberPopupDismissed();
    dispatch(locationPopupDismissed());
  };

  // Only over the dashboard's home, where the map is the subject; other screens keep their content clear.
  if (!show || pathname.replace(/\/+$/, '') !== HOME) return null;
  return (
    <PromptCard>
      <h2 id="geolocation-prompt-title">Gdzie chcesz grać?</h2>
      <p>Pozwól przeglądarce udostępnić lokalizację, a pokażemy gry w Twojej okolicy. Możesz też wybrać miasto samodzielnie.</p>
      <div className="geolocation-prompt-actions">
        <button type="button" className="btn btn-primary" onClick={() => navigate(FIND_EVENT)}>
          Ustaw ręcznie
        </button>
        <button type="button" className="btn btn-secondary" onClick={decline}>
          Nie zgadzam się
        </button>
      </div>
    </PromptCard>
  );
}

/** While it shows, its height is published (--location-prompt-height) so the dashboard's panel ends above it. */
function PromptCard({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useHeightVar(ref, '--location-prompt-height');
  return (
    <section ref={ref} className="geolocation-prompt" aria-labelledby="geolocation-prompt-title">
      {children}
    </section>
  );
}
