export interface Position {
  latitude: number;
  longitude: number;
}

const OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 10_000, maximumAge: 10 * 60_000 };

/**
 * The browser's position, or null when it is denied, unavailable or too slow: spec section 4
 * says those cases are ignored silently.
 */
export function browserPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<Position | null> {
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      geolocation.getCurrentPosition(
        ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
        () => resolve(null),
        OPTIONS,
      );
    } catch {
      resolve(null);
    }
  });
}
