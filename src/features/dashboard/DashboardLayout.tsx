import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageFallback } from '../../components/PageFallback';
import { GeolocationPrompt } from '../location/GeolocationPrompt';
import { DashboardMap } from '../map/DashboardMap';
import { Sidebar } from './Sidebar';
import './DashboardLayout.css';

/** What dashboard pages get from `useOutletContext`. */
export interface DashboardOutletContext {
  hideContent: () => void;
}

/**
 * The map fills the screen; the sidebar and the content area float over it.
 * 'Pokaż mapę' hides the content area until the path changes or the person brings it back.
 */
export function DashboardLayout() {
  const { pathname } = useLocation();
  const [hiddenAt, setHiddenAt] = useState<string | null>(null);
  const contentHidden = hiddenAt === pathname;
  const context: DashboardOutletContext = { hideContent: () => setHiddenAt(pathname) };

  return (
    <div className="dashboard">
      {/* Under the content panel the map is a backdrop: no focus, nothing read (issue 18); 'Pokaż mapę' brings it forward. */}
      <div className="dashboard-map" role="region" aria-label="Mapa" inert={!contentHidden}>
        <DashboardMap />
      </div>
      <Sidebar />
      {!contentHidden && (
        <section className="dashboard-content" aria-label="Panel">
          <Suspense fallback={<PageFallback />}>
            <Outlet context={context} />
          </Suspense>
        </section>
      )}
      {/* One corner for what floats over the map: stacked, so the prompt never covers 'Pokaż panel'. */}
      <div className="dashboard-corner">
        <GeolocationPrompt />
        {contentHidden && (
          <button type="button" className="btn btn-primary dashboard-show-panel" onClick={() => setHiddenAt(null)}>
            Pokaż panel
          </button>
        )}
      </div>
    </div>
  );
}
