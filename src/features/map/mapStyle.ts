import { useCallback, useEffect, useRef, useState } from 'react';
import { MAP_STYLE_DARK, MAP_STYLE_LIGHT, OFFLINE_MAP_STYLE_DARK, OFFLINE_MAP_STYLE_LIGHT } from '../../config/env';
import { useAppSelector } from '../../app/hooks';
import { selectMapTheme, type MapTheme } from './mapThemeSlice';

/** How long a configured (online) style may take to arrive before the offline one replaces it. */
export const STYLE_TIMEOUT_MS = 10_000;

function mapStyleUrl(theme: MapTheme, offline: boolean): string {
  if (offline) return theme === 'light' ? OFFLINE_MAP_STYLE_LIGHT : OFFLINE_MAP_STYLE_DARK;
  return theme === 'light' ? MAP_STYLE_LIGHT : MAP_STYLE_DARK;
}

function isOffline(url: string): boolean {
  return url === OFFLINE_MAP_STYLE_DARK || url === OFFLINE_MAP_STYLE_LIGHT;
}

/** Once the online style failed in this visit, later maps start on the offline one at once. */
let onlineStyleFailed = false;

/** For tests: forget an earlier failure. */
export function resetMapStyleFallback(): void {
  onlineStyleFailed = false;
}

/**
 * The map style for the current theme (ARCHITECTURE: configurable URLs, falling back to the style
 * shipped in public/). The configured style is used unless it fails before it arrives (no network,
 * a blocked host, a bad URL) or takes longer than STYLE_TIMEOUT_MS; then the offline style for the
 * same theme takes over for the rest of the visit. Errors after the style arrived (one tile, say)
 * leave it in place (MapLibre retries tiles as the view moves) and are logged, as react-map-gl
 * does when a map has no error handler.
 *
 * The map is kept, not created anew: MapLibre's setStyle cannot diff from a style that never
 * loaded, so it loads the offline one whole, while its workers (already starting) stay.
 */
export function useMapStyle() {
  const theme = useAppSelector(selectMapTheme);
  const [offline, setOffline] = useState(onlineStyleFailed);
  const url = mapStyleUrl(theme, offline);
  // Which style last arrived: the map may report it before this hook's effect runs.
  const arrived = useRef<string | null>(null);

  const fallBack = useCallback(() => {
    onlineStyleFailed = true;
    setOffline(true);
  }, []);

  useEffect(() => {
    if (isOffline(url)) return undefined;
    const timer = setTimeout(() => {
      if (arrived.current !== url) fallBack();
    }, STYLE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [url, fallBack]);

  const onStyleData = useCallback(() => {
    arrived.current = url;
  }, [url]);

  const onError = useCallback(
    (e: { error?: unknown }) => {
      if (arrived.current !== url && !isOffline(url)) fallBack();
      else console.error(e.error);
    },
    [url, fallBack],
  );

  return { mapStyle: url, onStyleData, onError };
}
