import './pages.css';

/** Shown while a lazily loaded page arrives. */
export function PageFallback() {
  return (
    <div className="page-fallback" role="status">
      Ładowanie…
    </div>
  );
}
