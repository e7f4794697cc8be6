import type { MapItem } from './clusterWindow';
import { eventsCount, gameTypeLabel } from '../events/eventFormat';

interface MapMarkerProps {
  item: MapItem;
  onOpen: () => void;
}

/**
 * Big, high-contrast markers: the offline style is flat at street zoom, so they must stand out on
 * both themes. A game is a yellow pin; a cluster is a green disc with its count (zoomed out, the
 * server's count of an area, which zooms in when clicked).
 */
export function MapMarker({ item, onOpen }: MapMarkerProps) {
  if (item.kind === 'area') {
    return (
      <button type="button" className="map-cluster map-area" aria-label={`${eventsCount(item.count)} w tej okolicy, przybliż mapę`} onClick={onOpen}>
        {item.count}
      </button>
    );
  }
  if (item.kind === 'cluster') {
    return (
      <button type="button" className="map-cluster" aria-label={`${eventsCount(item.count)} w tym miejscu`} onClick={onOpen}>
        {item.count}
      </button>
    );
  }
  return (
    <button type="button" className="map-pin" aria-label={`${gameTypeLabel(item.event.gameType)}: ${item.event.eventName}`} onClick={onOpen}>
      <svg viewBox="0 0 40 52" width="40" height="52" aria-hidden="true" focusable="false">
        <path
          d="M20 2C10.1 2 2 10 2 19.9c0 12.6 15.3 27.6 16.6 28.9a2 2 0 0 0 2.8 0C22.7 47.5 38 32.5 38 19.9 38 10 29.9 2 20 2Z"
          fill="#f5d90a"
          stroke="#0b2e22"
          strokeWidth="3"
        />
        <circle cx="20" cy="19.5" r="9" fill="#0b2e22" />
        <circle cx="20" cy="19.5" r="4" fill="#ffffff" />
      </svg>
    </button>
  );
}
