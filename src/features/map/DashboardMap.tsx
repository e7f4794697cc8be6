import { lazy, Suspense } from 'react';
import { MapBoundary } from './MapBoundary';
import './DashboardMap.css';

// MapLibre is about 300 KB gzipped: only the dashboard downloads it, never '/' or '/login'.
const EventMap = lazy(() => import('./EventMap'));

const FAILED = (
  <p className="dashboard-map-failed" role="status">
    Nie udało się wyświetlić mapy w tej przeglądarce.
  </p>
);

export function DashboardMap() {
  return (
    <MapBoundary fallback={FAILED}>
      <Suspense fallback={null}>
        <EventMap />
      </Suspense>
    </MapBoundary>
  );
}
