import { EVENT_MSG } from '@contract/plain/events';
import { toast } from '../../../app/notify';
import { useSetRegularMutation } from '../seriesApi';

/**
 * A regular of the game's weekly series (docs/adr/0092) sees that the series keeps them a place,
 * and may leave the series; leaving one date is the ordinary Opuść.
 */
export function SeriesRegularNote({ eventId, userId }: { eventId: string; userId: string }) {
  const [setRegular, { isLoading }] = useSetRegularMutation();
  const leaveSeries = async () => {
    const result = await setRegular({ eventId, userId, regular: false });
    if ('data' in result && result.data) toast(EVENT_MSG.seriesLeft, 'success');
  };
  return (
    <div className="event-hint series-regular" role="note">
      <p>Jesteś stałym graczem tej serii: masz miejsce w każdym kolejnym wydarzeniu. Nie możesz przyjść w tym terminie? Użyj „Opuść”.</p>
      <button type="button" className="btn btn-secondary btn-small" onClick={() => void leaveSeries()} disabled={isLoading}>
        Opuść serię
      </button>
    </div>
  );
}
