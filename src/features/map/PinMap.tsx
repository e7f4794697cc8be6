import { useEffect, useRef } from 'react';
import Map, { Marker, NavigationControl, type MapRef } from 'react-map-gl/maplibre';
import 'maplibre-gl/dist/maplibre-gl.css';
import './mapControls.css';
import type { LatLon } from '@contract/towns';
import { mapLib } from './mapLib';
import { mapLocale } from './mapLocale';
import { useMapStyle } from './mapStyle';
import './PinMap.css';

const LOCALE = mapLocale('Mapa: miejsce boiska');

export interface PinMapProps {
  pin: LatLon | null;
  /** Where to look when there is no pin: the chosen town, else the saved location. */
  center: LatLon;
  onPin: (pin: LatLon) => void;
}

const PIN_ZOOM = 14;

/** The add/edit form's small map: click or drag to put the pin on the exact pitch. */
export default function PinMap({ pin, center, onPin }: PinMapProps) {
  const style = useMapStyle();
  const mapRef = useRef<MapRef>(null);

  // A newly chosen town moves the view there, unless the pin already says where the pitch is.
  const centerSeen = useRef(center);
  useEffect(() => {
    if (centerSeen.current === center) return;
    centerSeen.current = center;
    if (!pin) mapRef.current?.flyTo({ center: [center.longitude, center.latitude], zoom: PIN_ZOOM });
  }, [center, pin]);

  const pinAtCentre = () => {
    const c = mapRef.current?.getCenter();
    if (c) onPin({ latitude: c.lat, longitude: c.lng });
  };

  return (
    <div className="pin-map">
      <Map
        ref={mapRef}
        mapLib={mapLib()}
        locale={LOCALE}
        initialViewState={{ ...(pin ?? center), zoom: PIN_ZOOM }}
        mapStyle={style.mapStyle}
        style={{ width: '100%', height: '100%' }}
        cursor="crosshair"
        onStyleData={style.onStyleData}
        onError={style.onError}
        attributionControl={{ compact: true }}
        onClick={(e) => onPin({ latitude: e.lngLat.lat, longitude: e.lngLat.lng })}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {pin && (
          <Marker
            longitude={pin.longitude}
            latitude={pin.latitude}
            anchor="bottom"
            draggable
            onDragEnd={(e) => onPin({ latitude: e.lngLat.lat, longitude: e.lngLat.lng })}
          >
            <svg className="pin-map-pin" viewBox="0 0 40 52" width="36" height="47" role="img" aria-label="Pinezka boiska">
              <path
                d="M20 2C10.1 2 2 10 2 19.9c0 12.6 15.3 27.6 16.6 28.9a2 2 0 0 0 2.8 0C22.7 47.5 38 32.5 38 19.9 38 10 29.9 2 20 2Z"
                fill="#f5d90a"
                stroke="#0b2e22"
                strokeWidth="3"
              />
              <circle cx="20" cy="19.5" r="6" fill="#0b2e22" />
            </svg>
          </Marker>
        )}
      </Map>
      <button type="button" className="btn btn-secondary pin-map-centre" onClick={pinAtCentre}>
        Wstaw pinezkę na środku mapy
      </button>
    </div>
  );
}
