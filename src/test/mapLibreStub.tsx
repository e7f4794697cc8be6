/**
 * Jest's stand-in for `react-map-gl/maplibre`: jsdom has no WebGL. The map renders its children
 * (markers, popups) as plain elements and reports a small view around its centre; tests move it
 * or click it through `stubMap`.
 */
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, type ReactNode } from 'react';

interface View {
  longitude: number;
  latitude: number;
  zoom: number;
}

type Handler = ((e: { target: FakeMap; lngLat?: { lng: number; lat: number }; error?: Error }) => void) | undefined;

interface MapProps {
  initialViewState?: Partial<View>;
  mapStyle?: unknown;
  onLoad?: Handler;
  onMoveEnd?: Handler;
  onClick?: Handler;
  onError?: Handler;
  onStyleData?: Handler;
  children?: ReactNode;
  style?: unknown;
}

class FakeMap {
  constructor(
    public view: View,
    private readonly props: { current: MapProps },
  ) {}

  getZoom() {
    return this.view.zoom;
  }

  getCenter() {
    return { lng: this.view.longitude, lat: this.view.latitude };
  }

  getBounds() {
    const { longitude, latitude } = this.view;
    return { getWest: () => longitude - 0.02, getEast: () => longitude + 0.02, getSouth: () => latitude - 0.01, getNorth: () => latitude + 0.01 };
  }

  moveTo(view: Partial<View>) {
    this.view = { ...this.view, ...view };
    this.props.current.onMoveEnd?.({ target: this });
  }

  flyTo({ center, zoom }: { center: [number, number] | { lng: number; lat: number }; zoom?: number }) {
    const [longitude, latitude] = Array.isArray(center) ? center : [center.lng, center.lat];
    this.moveTo({ longitude, latitude, ...(zoom !== undefined ? { zoom } : {}) });
  }

  easeTo(options: { center: [number, number]; zoom?: number }) {
    this.flyTo(options);
  }

  /** MapLibre's `error` event: a style, tile or glyph that could not be loaded. */
  fail(error = new Error('Failed to fetch')) {
    this.props.current.onError?.({ target: this, error });
  }

  click(lng: number, lat: number) {
    this.props.current.onClick?.({ target: this, lngLat: { lng, lat } });
  }

  getMap() {
    return this;
  }
}

/** The maps on screen, newest last; `styleArrives: false` makes new maps wait for their style. */
export const stubMap: { instances: FakeMap[]; styleArrives: boolean; last(): FakeMap } = {
  instances: [],
  styleArrives: true,
  last() {
    return this.instances[this.instances.length - 1];
  },
};

export const Map = forwardRef<FakeMap, MapProps>(function Map(props, ref) {
  const propsRef = useRef(props);
  propsRef.current = props;
  const map = useMemo(
    () => new FakeMap({ longitude: 21.0122, latitude: 52.2297, zoom: 14, ...props.initialViewState }, propsRef),
    // The initial view is read once, like MapLibre does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useImperativeHandle(ref, () => map, [map]);
  useEffect(() => {
    stubMap.instances.push(map);
    if (stubMap.styleArrives) propsRef.current.onStyleData?.({ target: map });
    propsRef.current.onLoad?.({ target: map });
    return () => {
      stubMap.instances = stubMap.instances.filter((m) => m !== map);
    };
  }, [map]);
  return (
    <div data-testid="maplibre-stub" data-style={String(props.mapStyle)}>
      {props.children}
    </div>
  );
});

export default Map;

export function Marker({ children, longitude, latitude }: { children?: ReactNode; longitude: number; latitude: number }) {
  return (
    <div data-testid="map-marker" data-lng={longitude} data-lat={latitude}>
      {children}
    </div>
  );
}

export function Popup({ children }: { children?: ReactNode }) {
  return <div data-testid="map-popup">{children}</div>;
}

export function NavigationControl() {
  return null;
}

export function AttributionControl() {
  return null;
}
