import { useId, useState } from 'react';
import { utcToWarsaw } from '@contract/time';
import type { MapItem } from './clusterWindow';
import { eventsCount, formatDate, gameTypeLabel } from '../events/eventFormat';
import './MapEventsList.css';

interface MapEventsListProps {
  /** What the map shows in its view: the markers and clusters it draws, nothing more. */
  items: readonly MapItem[];
  /** Opens the same popup a click on the marker opens. */
  onOpen: (item: MapItem) => void;
}

/** How many games the view holds: a cluster or a zoomed-out area counts all of its games. */
export function gamesInView(items: readonly MapItem[]): number {
  return items.reduce((sum, item) => sum + (item.kind === 'event' ? 1 : item.count), 0);
}

function entryLabel(item: MapItem): string {
  if (item.kind === 'cluster') return `Skupisko na mapie: ${eventsCount(item.count)}`;
  // The server's count for a part of a zoomed-out map (ADR 81): choosing it brings the map closer.
  if (item.kind === 'area') return `Obszar na mapie: ${eventsCount(item.count)}, przybliż mapę`;
  const { event } = item;
  const start = utcToWarsaw(Date.parse(event.startDateTime));
  return `${event.eventName}, ${gameTypeLabel(event.gameType).toLowerCase()}, ${formatDate(start.date)}, ${start.hour}`;
}

/**
 * The map as a list (issue 18, docs/adr/0095): every marker and cluster of the view, announced and
 * reachable by keyboard and screen reader, so nothing lives only in the canvas. An entry opens the
 * same popup as its marker (an area of the zoomed-out map zooms in, as its bubble does). Fed with
 * exactly the items the map draws.
 */
export function MapEventsList({ items, onOpen }: MapEventsListProps) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const listId = useId();
  const count = `W widoku: ${eventsCount(gamesInView(items))}`;
  return (
    <section className="map-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="map-list-heading">
        <button type="button" className="map-list-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
          <span>{count}</span>
          <span className="map-list-toggle-hint" aria-hidden="true">
            {open ? 'Ukryj listę' : 'Pokaż listę'}
          </span>
        </button>
      </h2>
      {/* The count again, spoken politely when panning changes it. */}
      <p className="visually-hidden" aria-live="polite">
        {count}
      </p>
      <ul id={listId} className="map-list-items" hidden={!open}>
        {items.length === 0 && <li className="map-list-empty">Brak wydarzeń w tym widoku mapy. Przesuń lub oddal mapę.</li>}
        {items.map((item) => (
          <li key={item.key}>
            <button type="button" className="map-list-entry" onClick={() => onOpen(item)}>
              {entryLabel(item)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
