import { Link } from 'react-router';
import type { MapEventDto } from '@contract/events';
import { eventsCount, formatDuration, formatPrice, gameTypeLabel, playersSought } from '../events/eventFormat';

interface MapEventsPopupProps {
  events: MapEventDto[];
  onClose: () => void;
}

/** The games behind a marker or cluster (spec: Map); a game opens its page. */
export function MapEventsPopup({ events, onClose }: MapEventsPopupProps) {
  return (
    <section className="map-popup" aria-label={`${eventsCount(events.length)} w tym miejscu`}>
      <ul className="map-popup-list">
        {events.map((event) => (
          <li key={event._id}>
            <Link to={`/dashboard/event/${event._id}`} className="map-popup-event">
              <span className="map-popup-type">{gameTypeLabel(event.gameType)}</span>
              <span className="map-popup-name">{event.eventName}</span>
              <span className="map-popup-facts">
                {formatPrice(event.price)} · {formatDuration(event.duration)} · {playersSought(event.playerCount)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-secondary map-popup-close" onClick={onClose}>
        Zamknij
      </button>
    </section>
  );
}
