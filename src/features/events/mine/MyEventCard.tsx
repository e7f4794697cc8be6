import type { EventDto, ParticipationStatus } from '@contract/events';
import { formatDate, formatDuration, formatPrice, gameTypeLabel, levelLabel, playersSought } from '../eventFormat';

const STATUS_LABELS: Record<ParticipationStatus, string> = {
  interested: 'Zainteresowany',
  accepted: 'Zaakceptowany',
  rejected: 'Odrzucony',
  finished: 'Zakończony',
  waitlisted: 'Lista rezerwowa',
};

interface MyEventCardProps {
  event: EventDto;
  own: boolean;
  status?: ParticipationStatus;
  unread?: boolean;
  muted?: boolean;
  onOpen: () => void;
  /** Hovering (or focusing) an unread card marks it read. */
  onSeen?: () => void;
}

/** A card of My events with the spec's fields; its title button opens it, the whole card is its hit area. */
export function MyEventCard({ event, own, status, unread = false, muted = false, onOpen, onSeen }: MyEventCardProps) {
  const seen = unread ? onSeen : undefined;
  return (
    <li>
      <article className={`my-card${muted ? ' my-card-muted' : ''}`} aria-label={event.eventName} onMouseEnter={seen} onFocus={seen}>
        <div className="my-card-top">
          <span className="my-card-type">{gameTypeLabel(event.gameType)}</span>
          {event.seriesId && <span className="my-card-series">Co tydzień</span>}
          {unread && <span className="my-card-new">New</span>}
          {status && <span className={`my-card-status my-card-status-${status}`}>{STATUS_LABELS[status]}</span>}
        </div>
        <h3 className="my-card-title">
          <button type="button" className="my-card-open" onClick={onOpen}>
            {event.eventName}
          </button>
        </h3>
        <p className="my-card-owner">{own ? 'Twoje Wydarzenie' : event.createdBy.nickName}</p>
        <p className="my-card-address">{event.addressString}</p>
        <p className="my-card-when">
          <span>{formatDate(event.startDate)}</span>
          <span>{event.startHour}</span>
          <span>{formatDuration(event.duration)}</span>
        </p>
        {event.eventDescription && <p className="my-card-description">{event.eventDescription}</p>}
        <p className="my-card-facts">
          <span>{formatPrice(event.price)}</span>
          <span>{levelLabel(event.level)}</span>
          <span>{playersSought(event.playerCount)}</span>
        </p>
      </article>
    </li>
  );
}
