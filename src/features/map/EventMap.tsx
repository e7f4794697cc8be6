import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import Map, { Marker, NavigationControl, Popup, type MapRef } from 'react-map-gl/maplibre';
import 'maplibre-gl/dist/maplibre-gl.css';
import './mapControls.css';
import type { MapClusterDto, MapEventDto } from '@contract/events';
import { useAppSelector } from '../../app/hooks';
import { useListEventsInBoundsQuery } from '../events/eventsApi';
import { selectHomePosition } from '../location/locationSlice';
import {
  areasInView, buildClusterIndex, clustersInView, DEFAULT_ZOOM, eventsOfItem, isInView, mapQuery, zoomIntoArea, type MapItem, type ViewBounds,
} from './clusterWindow';
import { MapEventsList } from './MapEventsList';
import { MapEventsPopup } from './MapEventsPopup';
import { MapMarker } from './MapMarker';
import { mapLib } from './mapLib';
import { mapLocale } from './mapLocale';
import { useMapStyle } from './mapStyle';
import { PopupFocus } from './PopupFocus';
import './EventMap.css';
import { FRESHNESS } from '../../api/freshness';

const LOCALE = mapLocale('Mapa wydarzeń');

interface View {
  bounds: ViewBounds;
  zoom: number;
}

interface OpenPopup {
  longitude: number;
  latitude: number;
  events: MapEventDto[];
}

type MapLike = { getBounds(): { getWest(): number; getSouth(): number; getEast(): number; getNorth(): number }; getZoom(): number };

const NO_EVENTS: MapEventDto[] = [];
const NO_CLUSTERS: MapClusterDto[] = [];

function readView(map: MapLike): View {
  const b = map.getBounds();
  return { bounds: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }, zoom: map.getZoom() };
}

/** The dashboard's full-screen map of games (spec: Map). Loaded lazily: MapLibre is heavy. */
export default function EventMap() {
  const style = useMapStyle();
  const home = useAppSelector(selectHomePosition);
  const mapRef = useRef<MapRef>(null);
  const [view, setView] = useState<View | null>(null);
  const [popup, setPopup] = useState<OpenPopup | null>(null);
  // Markers, or zoomed out the server's bubbles (ADR 81); the last answer stays until the next arrives.
  const { data } = useListEventsInBoundsQuery(view ? mapQuery(view.bounds, view.zoom) : skipToken, FRESHNESS.map);
  const events = data?.events ?? NO_EVENTS;
  const clusters = data?.clusters ?? NO_CLUSTERS;
  const index = useMemo(() => buildClusterIndex(events), [events]);
  const items = useMemo(
    () => (view ? [...areasInView(clusters, view.bounds), ...clustersInView(index, view.bounds, view.zoom)] : []),
    [clusters, index, view],
  );
  // The list names what the view shows, not the margin drawn around it.
  const listed = useMemo(() => (view ? items.filter((item) => isInView(item, view.bounds)) : []), [items, view]);

  const onViewChange = useCallback((e: { target: MapLike }) => {
    const next = readView(e.target);
    setView(next);
    // The popup goes with its marker when the marker leaves the view.
    setPopup((open) => (open && !isInView(open, next.bounds) ? null : open));
  }, []);

  // The saved location may arrive after the map (geolocation, a city chosen in find-event).
  const homeSeen = useRef(home);
  useEffect(() => {
    if (homeSeen.current === home) return;
    homeSeen.current = home;
    mapRef.current?.flyTo({ center: [home.longitude, home.latitude], zoom: DEFAULT_ZOOM });
  }, [home]);

  const open = (item: MapItem) => {
    // A bubble of the server's counts holds no games to list: it brings the person closer.
    if (item.kind === 'area') {
      mapRef.current?.flyTo({ center: [item.longitude, item.latitude], zoom: zoomIntoArea(view?.zoom ?? DEFAULT_ZOOM) });
      return;
    }
    setPopup({ longitude: item.longitude, latitude: item.latitude, events: eventsOfItem(index, item) });
  };

  return (
    <>
      <Map
        ref={mapRef}
        mapLib={mapLib()}
        locale={LOCALE}
        initialViewState={{ longitude: home.longitude, latitude: home.latitude, zoom: DEFAULT_ZOOM }}
        mapStyle={style.mapStyle}
        style={{ width: '100%', height: '100%' }}
        attributionControl={{ compact: true }}
        onLoad={onViewChange}
        onStyleData={style.onStyleData}
        onError={style.onError}
        onMoveEnd={onViewChange}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {items.map((item) => (
          <Marker key={item.key} longitude={item.longitude} latitude={item.latitude} anchor={item.kind === 'event' ? 'bottom' : 'center'}>
            <MapMarker item={item} onOpen={() => open(item)} />
          </Marker>
        ))}
        {popup && (
          <Popup
            longitude={popup.longitude}
            latitude={popup.latitude}
            anchor="bottom"
            offset={[0, -44] as [number, number]}
            closeButton={false}
            closeOnClick={false}
            maxWidth="320px"
            onClose={() => setPopup(null)}
          >
            <PopupFocus key={`${popup.longitude},${popup.latitude}`} onClose={() => setPopup(null)}>
              <MapEventsPopup events={popup.events} onClose={() => setPopup(null)} />
            </PopupFocus>
          </Popup>
        )}
      </Map>
      <MapEventsList items={listed} onOpen={open} />
    </>
  );
}
