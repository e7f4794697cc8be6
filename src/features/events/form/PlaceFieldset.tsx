import { lazy, Suspense, useState } from 'react';
import { distanceKm, type LatLon } from '@contract/towns';
import { useAppSelector } from '../../../app/hooks';
import { FormField } from '../../../components/FormField';
import { selectHomePosition } from '../../location/locationSlice';
import { MapBoundary } from '../../map/MapBoundary';
import { TownInput } from '../TownInput';
import { filterPostalCode, guardAddressNumber, guardCity, guardStreet, type Guarded } from './eventForm';
import type { EventFormApi } from './useEventForm';

const PinMap = lazy(() => import('../../map/PinMap'));
/** A pin this far from a newly chosen town belongs to the old one. */
const PIN_KEEP_KM = 20;
const coords = new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 5, maximumFractionDigits: 5 });

export function PlaceFieldset({ form }: { form: EventFormApi }) {
  const { state, errors, change, reject } = form;
  const home = useAppSelector(selectHomePosition);
  const [townCentre, setTownCentre] = useState<LatLon | null>(null);
  const pin = state.latitude != null && state.longitude != null ? { latitude: state.latitude, longitude: state.longitude } : null;

  const guarded = (field: 'city' | 'street' | 'addressNumber', guard: (text: string) => Guarded) => (text: string) => {
    const result = guard(text);
    if ('rejected' in result) reject(`address.${field}`, result.rejected);
    else change({ [field]: result.value, ...(field === 'city' ? { region: null } : {}) }, [`address.${field}`]);
  };
  const pinError = errors.latitude ?? errors.longitude;

  return (
    <fieldset className="event-fieldset">
      <legend>Miejsce</legend>
      <div className="event-grid">
        <TownInput
          label="Miasto"
          name="address.city"
          value={state.city}
          region={state.region}
          error={errors['address.city']}
          onChange={guarded('city', guardCity)}
          onSelect={(town) => {
            const centre = { latitude: town.latitude, longitude: town.longitude };
            const keepPin = pin && distanceKm(pin, centre) <= PIN_KEEP_KM;
            change({ city: town.name, region: town.region, ...(keepPin ? {} : { latitude: null, longitude: null }) }, ['address.city']);
            setTownCentre(centre);
          }}
        />
        <FormField label="Ulica" name="address.street" value={state.street} maxLength={80} error={errors['address.street']}
          onChange={(e) => guarded('street', guardStreet)(e.target.value)} />
        <FormField label="Numer" name="address.addressNumber" inputMode="numeric" value={state.addressNumber} maxLength={6}
          error={errors['address.addressNumber']} onChange={(e) => guarded('addressNumber', guardAddressNumber)(e.target.value)} />
        <FormField label="Kod pocztowy" name="address.postalCode" placeholder="XX-XXX" value={state.postalCode} maxLength={6}
          error={errors['address.postalCode']}
          onChange={(e) => change({ postalCode: filterPostalCode(e.target.value) }, ['address.postalCode'])} />
      </div>
      <div className="event-pin">
        <p className="field-label" id="event-pin-label">
          Boisko na mapie (opcjonalnie)
        </p>
        <p className="field-hint" id="event-pin-hint">
          Kliknij mapę albo przeciągnij pinezkę w miejsce boiska. Bez pinezki użyjemy środka miejscowości.
        </p>
        <MapBoundary fallback={<p className="field-hint">Mapa jest niedostępna w tej przeglądarce; użyjemy środka miejscowości.</p>}>
          <Suspense fallback={<div className="pin-map-placeholder" aria-hidden="true" />}>
            <div role="group" aria-labelledby="event-pin-label" aria-describedby="event-pin-hint">
              <PinMap pin={pin} center={townCentre ?? home} onPin={(p) => change(p, ['latitude', 'longitude'])} />
            </div>
          </Suspense>
        </MapBoundary>
        {pin && (
          <p className="event-pin-status" role="status">
            Pinezka: {coords.format(pin.latitude)}° N, {coords.format(pin.longitude)}° E{' '}
            <button type="button" className="link-button" onClick={() => change({ latitude: null, longitude: null })}>
              Usuń pinezkę
            </button>
          </p>
        )}
        {pinError && <p className="field-error">{pinError}</p>}
      </div>
    </fieldset>
  );
}
