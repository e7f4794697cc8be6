import type { EventDto } from '@contract/events';
import { utcToWarsaw } from '@contract/time';
import { fieldTypeLabel, formatDate, formatDuration, formatPrice, gameTypeLabel, levelLabel } from '../eventFormat';

const STATUS_LABELS: Record<string, string> = { upcoming: 'Nadchodzące', live: 'Trwa', completed: 'Zakończone', cancelled: 'Anulowane' };

export function eventStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/** Every field of the game with its Polish label (spec: Event detail, collapsible info). */
export function EventInfoList({ event }: { event: EventDto }) {
  const end = utcToWarsaw(new Date(event.endDateTime));
  const rows: Array<[string, string]> = [
    ['Rodzaj gry', gameTypeLabel(event.gameType)],
    ['Data', formatDate(event.startDate)],
    ['Godzina rozpoczęcia', event.startHour],
    ['Godzina zakończenia', end.date === event.startDate ? end.hour : `${end.hour} (${formatDate(end.date)})`],
    ['Czas trwania', formatDuration(event.duration)],
    ['Adres', event.addressString],
    ['Województwo', event.region ?? '—'],
    ['Rodzaj boiska', fieldTypeLabel(event.fieldType)],
    ['Poziom', levelLabel(event.level)],
    ['Szukani gracze', String(event.playerCount)],
    ['Cena', formatPrice(event.price)],
    ['Metoda płatności', event.paymentMethod ?? 'Bez opłat'],
    ['Telefon', event.phoneNumber ?? '—'],
    ['Opis', event.eventDescription || '—'],
    ['Wydarzenie prywatne', event.isPrivate ? 'Tak' : 'Nie'],
    ['Wydarzenie cykliczne', event.seriesId || event.isRecurring ? 'Tak, co tydzień' : 'Nie'],
    ['Status', eventStatusLabel(event.eventStatus)],
  ];
  return (
    <dl className="event-info">
      {rows.map(([label, value]) => (
        <div key={label} className="event-info-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
