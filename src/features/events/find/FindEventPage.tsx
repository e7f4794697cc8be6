import { useState, type FormEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { clampDistance, EVENT_LIMITS, formatSearchTotal, SEARCH_PAGE_SIZE } from '@contract/plain/events';
import type { StoredLocation } from '@contract/location';
import { LOCATION_MSG } from '@contract/plain/location';
import { TOWNS_COUNTRY } from '@contract/towns';
import { errorMsg, errorStatus } from '../../../api/errors';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notice } from '../../../app/notify';
import { FormAlert } from '../../../components/FormAlert';
import { FormField } from '../../../components/FormField';
import { SelectField } from '../../../components/SelectField';
import { useSetLocationMutation } from '../../location/locationApi';
import { eventsApi, useSearchEventsInfiniteQuery } from '../eventsApi';
import { GAME_TYPE_OPTIONS } from '../eventFormat';
import { gameTypeFilterChanged, searchSubmitted, selectFilteredEvents, selectLoadedCount } from '../filteredEventsSlice';
import { TownInput } from '../TownInput';
import { useTownIndex } from '../townsData';
import { checkCity } from './cityCheck';
import { EventResultItem } from './EventResultItem';
import './FindEventPage.css';
import { FRESHNESS } from '../../../api/freshness';

const TYPE_FILTER = [{ value: '', label: 'Wszystkie' }, ...GAME_TYPE_OPTIONS];

export function FindEventPage() {
  const dispatch = useAppDispatch();
  const stored = useAppSelector((state) => state.location.stored);
  const filtered = useAppSelector((state) => state.filteredEvents);
  const events = useAppSelector(selectFilteredEvents);
  const loaded = useAppSelector(selectLoadedCount);
  const index = useTownIndex();
  const [city, setCity] = useState(filtered.query?.City ?? stored?.City ?? '');
  const [region, setRegion] = useState<string | null>(filtered.query?.region ?? stored?.region ?? null);
  const [distance, setDistance] = useState(String(filtered.searchRadius));
  const [alert, setAlert] = useState<string>();
  const search = useSearchEventsInfiniteQuery(filtered.query ?? skipToken, FRESHNESS.search);
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
    const query = { City: town?.City ?? city.trim(), region: town?.region ?? region, Country: TOWNS_COUNTRY, distance: km, limit: SEARCH_PAGE_SIZE };
    dispatch(searchSubmitted({ query, center: town ? { latitude: town.latitude, longitude: town.longitude } : null }));
    // 'Szukaj' always asks again, even for the same city and distance: games come and go. The
    // search centre is the search's own; saving it as the person's location is a separate choice.
    // A new search starts again from the nearest page.
    void dispatch(eventsApi.endpoints.searchEvents.initiate(query, { subscribe: false, forceRefetch: true, refetchCachedPages: false }));
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
      {filtered.query && filtered.center && filtered.query.City && (
        <SaveAsMyLocation City={filtered.query.City} region={filtered.query.region ?? null} stored={stored} />
      )}
      <SearchResults
        searched={Boolean(filtered.query)}
        loading={search.isFetching && !search.isFetchingNextPage}
        failed={search.isError && !serverAlert && !search.isFetchNextPageError}
        events={events}
        loaded={loaded}
        total={filtered.total}
        totalIsLowerBound={filtered.totalIsLowerBound}
        radius={filtered.searchRadius}
        more={search.hasNextPage ? { fetching: search.isFetchingNextPage, failed: search.isFetchNextPageError, fetch: () => void search.fetchNextPage() } : null}
      />
    </div>
  );
}

/**
 * 'Ustaw ręcznie' (the location popup) leads here: the searched town becomes the person's saved
 * location, the map's start, only when they say so (docs/adr/0075).
 */
function SaveAsMyLocation({ City, region, stored }: { City: string; region: string | null; stored: StoredLocation | null }) {
  const [saveLocation, { isLoading }] = useSetLocationMutation();
  if (stored?.City === City && (stored.region ?? null) === region) {
    return <p className="find-location find-hint">{LOCATION_MSG.isSaved}</p>;
  }
  const save = async () => {
    try {
      await saveLocation({ City, region, Country: TOWNS_COUNTRY }).unwrap();
      notice(`${LOCATION_MSG.saved}: ${City}`, 'success');
    } catch (error) {
      notice(errorMsg(error) ?? LOCATION_MSG.saveFailed, 'error');
    }
  };
  return (
    <p className="find-location">
      <button type="button" className="btn btn-secondary btn-small" disabled={isLoading} onClick={() => void save()}>
        Zapisz jako moją lokalizację
      </button>
      <span className="find-hint">Mapa będzie się otwierać w mieście {City}.</span>
    </p>
  );
}

interface SearchResultsProps {
  searched: boolean;
  loading: boolean;
  failed: boolean;
  events: ReturnType<typeof selectFilteredEvents>;
  /** Games on the pages fetched so far, before the game type filter. */
  loaded: number;
  total: number;
  /** `total` is "at least": the server counts exactly only up to a bound (ADR 80). */
  totalIsLowerBound: boolean;
  radius: number;
  /** 'Pokaż więcej': the next page of nearest games, when there is one. */
  more: { fetching: boolean; failed: boolean; fetch: () => void } | null;
}

function SearchResults({ searched, loading, failed, events, loaded, total, totalIsLowerBound, radius, more }: SearchResultsProps) {
  if (!searched) return <p className="find-hint">Wybierz miasto z podpowiedzi, ustaw odległość i kliknij „Szukaj”.</p>;
  if (loading) return <p role="status" className="find-hint">Szukam wydarzeń…</p>;
  if (failed) return <FormAlert message="Nie udało się wyszukać wydarzeń. Spróbuj ponownie." />;
  return (
    <section className="find-results" aria-labelledby="find-results-title">
      <h2 id="find-results-title">Wyniki</h2>
      <p role="status" className="find-count">
        {events.length ? `Znaleziono: ${events.length}` : `Brak wydarzeń w promieniu ${radius} km. Zwiększ odległość albo wybierz inny rodzaj gry.`}
      </p>
      {(total > loaded || totalIsLowerBound) && (
        <p className="find-hint">
          Pokazujemy {loaded} najbliższych z {formatSearchTotal(total, totalIsLowerBound)} wydarzeń. Zmniejsz odległość, aby zawęzić wyniki.
        </p>
      )}
      {events.length > 0 && (
        <ul className="result-list">
          {events.map((event) => (
            <EventResultItem key={event._id} event={event} />
          ))}
        </ul>
      )}
      {more && (
        <div className="find-more">
          {more.failed && <FormAlert message="Nie udało się wczytać kolejnych wydarzeń. Spróbuj ponownie." />}
          <button type="button" className="btn btn-secondary find-more-button" disabled={more.fetching} onClick={more.fetch}>
            {more.fetching ? 'Wczytuję…' : 'Pokaż więcej'}
          </button>
        </div>
      )}
    </section>
  );
}
