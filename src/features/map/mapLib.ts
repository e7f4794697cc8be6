import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

let lib: ReturnType<typeof load> | undefined;

function load() {
  return import('maplibre-gl').then((maplibre) => {
    maplibre.setWorkerUrl(new URL(workerUrl, window.location.href).href);
    return maplibre;
  });
}

/**
 * MapLibre 6 looks for its worker next to its own module file, which the bundler renames and
 * moves; Vite emits the worker as an asset and says where, so MapLibre is pointed there. Loaded
 * once, for every map of the visit.
 */
export function mapLib() {
  lib ??= load();
  return lib;
}
