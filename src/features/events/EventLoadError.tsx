import { Link } from 'react-router';
import { EVENT_MSG } from '@contract/plain/events';
import { errorStatus } from '../../api/errors';

/** A missing game (404, or an id that cannot exist) gets the spec's message; other failures a retry. */
export function EventLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = errorStatus(error);
  const missing = status === 404 || status === 400;
  return (
    <div className="event-page event-missing" role="alert">
      <h1>{missing ? 'Nie znaleziono wydarzenia' : 'Nie udało się wczytać wydarzenia'}</h1>
      <p>{missing ? EVENT_MSG.notFound : 'Sprawdź połączenie z internetem i spróbuj ponownie.'}</p>
      <div className="event-missing-actions">
        {!missing && (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            Spróbuj ponownie
          </button>
        )}
        <Link to="/dashboard/find-event" className="btn btn-secondary">
          Znajdź inne wydarzenie
        </Link>
      </div>
    </div>
  );
}
