import { makeEvent } from '../../test/eventFixtures';
import {
  buildClusterIndex, clustersInView, eventsOfItem, expandBounds, fetchBounds, isInView, type ViewBounds,
} from './clusterWindow';

const warsawView: ViewBounds = { west: 20.99, south: 52.22, east: 21.03, north: 52.24 };
const at = (longitude: number, latitude: number, startDateTime = '2030-06-14T16:30:00.000Z') =>
  makeEvent({ geolocation: { type: 'Point', coordinates: [longitude, latitude] }, startDateTime });

describe('clustering window', () => {
  it('widens the view by 0.2 degrees on every side', () => {
    const w = expandBounds(warsawView);
    expect(w.west).toBeCloseTo(20.79);
    expect(w.south).toBeCloseTo(52.02);
    expect(w.east).toBeCloseTo(21.23);
    expect(w.north).toBeCloseTo(52.44);
  });

  it('keeps the window on the globe near its edges', () => {
    expect(expandBounds({ west: -179.9, south: -84.9, east: 179.9, north: 84.9 })).toEqual({ west: -180, south: -85, east: 180, north: 85 });
  });

  it('asks the server for the widened view snapped outward to a 0.1 degree grid', () => {
    expect(fetchBounds(warsawView)).toEqual({ minLat: 52, maxLat: 52.5, minLon: 20.7, maxLon: 21.3 });
  });

  it('asks for the same window after a small pan, so the cached list is reused', () => {
    const panned = { west: 20.995, south: 52.225, east: 21.035, north: 52.245 };
    expect(fetchBounds(panned)).toEqual(fetchBounds(warsawView));
  });

  it('shows a game just outside the view but inside the margin', () => {
    const index = buildClusterIndex([at(21.15, 52.23)]);
    const items = clustersInView(index, warsawView, 14);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'event', longitude: 21.15, latitude: 52.23 });
  });

  it('leaves out games beyond the 0.2 degree margin', () => {
    const index = buildClusterIndex([at(21.5, 52.23), at(21.01, 52.9)]);
    expect(clustersInView(index, warsawView, 14)).toEqual([]);
  });

  it('groups games a few metres apart into one cluster at the default zoom', () => {
    const index = buildClusterIndex([at(21.0122, 52.2297), at(21.0123, 52.2298), at(21.0124, 52.2296)]);
    const items = clustersInView(index, warsawView, 14);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'cluster', count: 3 });
  });

  it('keeps games far apart as separate markers', () => {
    const index = buildClusterIndex([at(21.0, 52.23), at(21.03, 52.23)]);
    expect(clustersInView(index, warsawView, 14).map((i) => i.kind)).toEqual(['event', 'event']);
  });

  it('stops clustering above zoom 16, so games at different spots separate', () => {
    const index = buildClusterIndex([at(21.0122, 52.2297), at(21.0125, 52.2297)]);
    expect(clustersInView(index, warsawView, 14)[0].kind).toBe('cluster');
    expect(clustersInView(index, warsawView, 17).map((i) => i.kind)).toEqual(['event', 'event']);
  });

  it("lists a cluster's games soonest first", () => {
    const later = at(21.0122, 52.2297, '2030-06-15T16:00:00.000Z');
    const sooner = at(21.0123, 52.2297, '2030-06-14T16:00:00.000Z');
    const index = buildClusterIndex([later, sooner]);
    const [cluster] = clustersInView(index, warsawView, 14);
    expect(eventsOfItem(index, cluster).map((e) => e._id)).toEqual([sooner._id, later._id]);
  });

  it('tells whether a marker is still in view', () => {
    expect(isInView({ longitude: 21.0, latitude: 52.23 }, warsawView)).toBe(true);
    expect(isInView({ longitude: 21.1, latitude: 52.23 }, warsawView)).toBe(false);
  });
});
