import type * as MapLibreModule from 'maplibre-gl';
import type { Map as MapLibreMap, MarkerOptions } from 'maplibre-gl';

type MapLibre = typeof MapLibreModule;

let lib: Promise<MapLibre> | undefined;

async function load(): Promise<MapLibre> {
  const ns = await import('maplibre-gl');
  // The single file is a UMD bundle: depending on the bundler's interop its exports are the
  // namespace's or sit on `default` (react-map-gl reads it the same way).
  const maplibre = ('Marker' in ns ? ns : (ns as { default: MapLibre }).default) as MapLibre;

  /**
   * A marker whose content is our own (the pin and cluster buttons, the form's pinezka). MapLibre 5
   * makes every marker's wrapper a button named 'Znacznik', which would put our button inside
   * another and hide its name from screen readers; the wrapper stays a plain container. Markers
   * MapLibre draws itself keep its role and name.
   */
  class Marker extends maplibre.Marker {
    private readonly ownContent: boolean;

    constructor(options?: MarkerOptions) {
      super(options);
      this.ownContent = Boolean(options?.element);
    }

    override addTo(map: MapLibreMap): this {
      super.addTo(map);
      if (this.ownContent) {
        this.getElement().removeAttribute('role');
        this.getElement().removeAttribute('aria-label');
      }
      return this;
    }
  }

  return { ...maplibre, Marker };
}

/**
 * MapLibre, loaded once for every map of the visit. Version 5's single file carries its worker
 * and starts it from a blob (the CSP allows `worker-src blob:`), so nothing else is fetched for it;
 * version 6 shipped the shared code twice, in its module and in a separate worker (docs/adr/0098).
 */
export function mapLib() {
  lib ??= load();
  return lib;
}
