import { useState, type FormEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { clampDistance, EVENT_LIMITS, formatSearchTotal } from '@contract/plain/events';
import { TOWNS_COUNTRY } from '@contract/towns';
import { errorMsg, errorStatus } from '../../../api/errors';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormAlert } from '../../../components/FormAlert';
import { FormField } from '../../../components/FormField';
import { SelectField } from '../../../components/SelectField';
import { useSetLocationMutation } from '../../location/locationApi';
import { eventsApi, useSearchEventsQuery } from '../eventsApi';
import { GAME_TYPE_OPTIONS } from '../eventFormat';
import { gameTypeFilterChanged, searchSubmitted, selectFilteredEvents } from '../filteredEventsSlice';
import { TownInput } from '../TownInput';
import { useTownIndex } from '../townsData';
import { checkCity } from './cityCheck';
import { EventResultItem } from './EventResultItem';
import './FindEventPage.css';
import { FRESHNESS } from '../../../api/freshness';

const TYPE_FILTER = [{ value: '', label: 'Wszystkie' }, ...GAME_TYPE_OPTIONS];
/** The server pages its answer; the nearest 100 games are plenty for one screen. */
const RESULT_LIMIT = 100;

export function FindEventPage() {
  const dispatch = useAppDispatch();
  const stored = useAppSelector((state) => state.location.stored);
  const filtered = useAppSelector((state) => state.filteredEvents);
  const events = useAppSelector(selectFilteredEvents);
  const index = useTownIndex();
  const [city, setCity] = useState(filtered.query?.City ?? stored?.City ?? '');
  const [region, setRegion] = useState<string | null>(filtered.query?.region ?? stored?.region ?? null);
  const [distance, setDistance] = useState(String(filtered.searchRadius));
  const [alert, setAlert] = useState<string>();
  const [saveLocation] = useSetLocationMutation();
  const search = useSearchEventsQuery(filtered.query ?? skipToken, FRESHNESS.search);
  // The server's own check of the city (400) reads like ours; anything else is a failed search.
  const serverAlert = search.isError && errorStatus(search.error) === 400 ? errorMsg(search.error) : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const km = clampDistance(distance);
    setDistance(String(km));
    const check = checkCity(index, city, region);
    if (check && !check.ok) return setAlert(check.message);
    setAlert(undefined);
    const town = check?.town;
    if (town) {
      setCity(town.City);
      setRegion(town.region);
    }
    const query = { City: town?.City ?? city.trim(), region: town?.region ?? region, Country: TOWNS_COUNTRY, distance: km, limit: RESULT_LIMIT };
    dispatch(searchSubmitted({ query, center: town ? { latitude: town.latitude, longitude: town.longitude } : null }));
    // 'Szukaj' always asks again, even for the same city and distance: games come and go.
    void dispatch(eventsApi.endpoints.searchEvents.initiate(query, { subscribe: false, forceRefetch: true }));
    // 'Ustaw ręcznie': the searched city becomes the saved location the map starts from.
    if (town && (stored?.City !== town.City || stored?.region !== town.region)) {
      void saveLocation({ City: town.City, region: town.region, Country: TOWNS_COUNTRY });
    }
  };

  return (
    <div className="find-event">
      <h1>Znajdź Wydarzenie</h1>
      <form className="find-form" noValidate onSubmit={submit} aria-label="Szukaj wydarzeń">
        <TownInput
          label="Miasto"
          name="City"
          value={city}
          region={region}
          onChange={(value) => {
            setCity(value);
            setRegion(null);
          }}
          onSelect={(town) => {
            setCity(town.name);
            setRegion(town.region);
          }}
        />
        <SelectField
          label="Rodzaj gry"
          name="gameType"
          options={TYPE_FILTER}
          value={filtered.gameType}
          onChange={(e) => dispatch(gameTypeFilterChanged(e.target.value))}
        />
        <FormField
          label="Odległość (km)"
          name="distance"
          type="number"
          inputMode="numeric"
          min={EVENT_LIMITS.distanceMin}
          max={EVENT_LIMITS.distanceMax}
          step={1}
          value={distance}
          onChange={(e) => setDistance(e.target.value)}
          onBlur={() => setDistance(String(clampDistance(distance)))}
          hint="Od 1 do 50 km"
        />
        <button type="submit" className="btn btn-primary find-submit">
          Szukaj
        </button>
      </form>
      <FormAlert message={alert ?? serverAlert} />
      <SearchResults
        searched={Boolean(filtered.query)}
        loading={search.isFetching}
        failed={search.isError && !serverAlert}
        events={events}
        total={filtered.total}
        totalIsLowerBound={filtered.totalIsLowerBound}
        radius={filtered.searchRadius}
      />
    </div>
  );
}

interface SearchResultsProps {
  searched: boolean;
  loading: boolean;
  failed: boolean;
  events: ReturnType<typeof selectFilteredEvents>;
  total: number;
  /** `total` is "at least": the server counts exactly only up to a bound (ADR 80). */
  totalIsLowerBound: boolean;
  radius: number;
}

function SearchResults({ searched, loading, failed, events, total, totalIsLowerBound, radius }: SearchResultsProps) {
  if (!searched) return <p className="find-hint">Wybierz miasto z podpowiedzi, ustaw odległość i kliknij „Szukaj”.</p>;
  if (loading) return <p role="status" className="find-hint">Szukam wydarzeń…</p>;
  if (failed) return <FormAlert message="Nie udało się wyszukać wydarzeń. Spróbuj ponownie." />;
  return (
    <section className="find-results" aria-labelledby="find-results-title">
      <h2 id="find-results-title">Wyniki</h2>
      <p role="status" className="find-count">
        {events.length ? `Znaleziono: ${events.length}` : `Brak wydarzeń w promieniu ${radius} km. Zwiększ odległość albo wybierz inny rodzaj gry.`}
      </p>
      {(total > RESULT_LIMIT || totalIsLowerBound) && (
        <p className="find-hint">
          Pokazujemy {RESULT_LIMIT} najbliższych z {formatSearchTotal(total, totalIsLowerBound)} wydarzeń. Zmniejsz odległość, aby zawęzić wyniki.
        </p>
      )}
      {events.length > 0 && (
        <ul className="result-list">
          {events.map((event) => (
            <EventResultItem key={event._id} event={event} />
          ))}
        </ul>
      )}
    </section>
  );
}
