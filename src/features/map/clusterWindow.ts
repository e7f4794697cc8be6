import Supercluster, { type AnyProps } from 'supercluster';
import { MAP_CLUSTER_MAX_ZOOM, mapCellZoom } from '@contract/plain/events';
import type { MapClusterDto, MapEventDto } from '@contract/events';

/** Spec section 9: cluster radius 50, max cluster zoom 16, a ±0.2° window around the view, zoom 14. */
export const CLUSTER_RADIUS = 50;
export const CLUSTER_MAX_ZOOM = 16;
export const WINDOW_MARGIN_DEG = 0.2;
export const DEFAULT_ZOOM = 14;
/** Fetch windows snap outward to this grid, so panning a little reuses the cached list. */
export const FETCH_GRID_DEG = 0.1;

export interface ViewBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface FetchBounds {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

export type MapItem =
  | { kind: 'event'; key: string; longitude: number; latitude: number; event: MapEventDto }
  | { kind: 'cluster'; key: string; longitude: number; latitude: number; clusterId: number; count: number }
  /** The server's count of a grid cell at low zoom (ADR 81): a click zooms in on it. */
  | { kind: 'area'; key: string; longitude: number; latitude: number; count: number };

type Index = Supercluster<{ event: MapEventDto }, AnyProps>;

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** The view with a margin on every side, kept on the globe. */
export function expandBounds(view: ViewBounds, margin = WINDOW_MARGIN_DEG): ViewBounds {
  return {
    west: clamp(view.west - margin, -180, 180),
    south: clamp(view.south - margin, -85, 85),
    east: clamp(view.east + margin, -180, 180),
    north: clamp(view.north + margin, -85, 85),
  };
}

const snapDown = (v: number) => Math.round(Math.floor(v / FETCH_GRID_DEG) * FETCH_GRID_DEG * 10) / 10;
const snapUp = (v: number) => Math.round(Math.ceil(v / FETCH_GRID_DEG) * FETCH_GRID_DEG * 10) / 10;

/** The query of GET /football-events: the view ±0.2°, widened to the 0.1° grid. */
export function fetchBounds(view: ViewBounds): FetchBounds {
  const w = expandBounds(view);
  return {
    minLat: clamp(snapDown(w.south), -90, 90),
    maxLat: clamp(snapUp(w.north), -90, 90),
    minLon: clamp(snapDown(w.west), -180, 180),
    maxLon: clamp(snapUp(w.east), -180, 180),
  };
}

/** GET /football-events's query for a view: its window, and at low zoom the zoom level of its bubbles. */
export function mapQuery(view: ViewBounds, zoom: number): FetchBounds & { zoom?: number } {
  const bounds = fetchBounds(view);
  return zoom <= MAP_CLUSTER_MAX_ZOOM ? { ...bounds, zoom: mapCellZoom(zoom) } : bounds;
}

export function buildClusterIndex(events: readonly MapEventDto[]): Index {
  const index: Index = new Supercluster({ radius: CLUSTER_RADIUS, maxZoom: CLUSTER_MAX_ZOOM });
  index.load(
    events.map((event) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: event.geolocation.coordinates },
      properties: { event },
    })),
  );
  return index;
}

/** Markers and clusters for the view ±0.2° at the map's zoom. */
export function clustersInView(index: Index, view: ViewBounds, zoom: number): MapItem[] {
  const w = expandBounds(view);
  return index.getClusters([w.west, w.south, w.east, w.north], Math.floor(zoom)).map((feature) => {
    const [longitude, latitude] = feature.geometry.coordinates;
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      return { kind: 'cluster', key: `c${props.cluster_id}`, longitude, latitude, clusterId: props.cluster_id, count: props.point_count };
    }
    const { event } = props as { event: MapEventDto };
    // The game's own coordinates: the index's round trip through its projection blurs them.
    const [lon, lat] = event.geolocation.coordinates;
    return { kind: 'event', key: event._id, longitude: lon, latitude: lat, event };
  });
}

/** The server's bubbles in the view ±0.2°. */
export function areasInView(clusters: readonly MapClusterDto[], view: ViewBounds): MapItem[] {
  const w = expandBounds(view);
  return clusters
    .filter((c) => isInView(c, w))
    .map((c) => ({ kind: 'area', key: `a${c.id}`, longitude: c.longitude, latitude: c.latitude, count: c.count }));
}

/** The zoom a click on a server bubble flies to: two levels closer, at most to where markers begin. */
export function zoomIntoArea(zoom: number): number {
  return Math.min(Math.floor(zoom) + 2, MAP_CLUSTER_MAX_ZOOM + 1);
}

/** The games behind a marker: the one, or every game of the cluster, soonest first (none for a server bubble). */
export function eventsOfItem(index: Index, item: MapItem): MapEventDto[] {
  if (item.kind === 'area') return [];
  if (item.kind === 'event') return [item.event];
  return index
    .getLeaves(item.clusterId, Infinity)
    .map((leaf) => leaf.properties.event)
    .sort((a, b) => a.startDateTime.localeCompare(b.startDateTime));
}

export function isInView(point: { longitude: number; latitude: number }, view: ViewBounds): boolean {
  return point.longitude >= view.west && point.longitude <= view.east && point.latitude >= view.south && point.latitude <= view.north;
}
