import { Link } from 'react-router';
import type { EventDto } from '@contract/events';
import { formatDate, formatDuration, formatPrice, gameTypeLabel, playersSought } from '../eventFormat';

const km = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 1 });

/** One search result; the whole card opens the event. */
export function EventResultItem({ event }: { event: EventDto }) {
  return (
    <li className="result-item">
      <Link to={`/dashboard/event/${event._id}`} className="result-link">
        <span className="result-type">{gameTypeLabel(event.gameType)}</span>
        <span className="result-name">{event.eventName}</span>
        <span className="result-when">
          {formatDate(event.startDate)}, {event.startHour} · {formatDuration(event.duration)}
        </span>
        <span className="result-where">{event.addressString}</span>
        <span className="result-facts">
          {event.distance !== undefined && <span>{km.format(event.distance)} km stąd</span>}
          <span>{formatPrice(event.price)}</span>
          <span>{playersSought(event.playerCount)}</span>
        </span>
      </Link>
    </li>
  );
}
