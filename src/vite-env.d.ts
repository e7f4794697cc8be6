/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Absolute or same-origin API base; anything unparsable falls back to `/api/v1` (spec section 7). */
  readonly VITE_API_URL?: string;
  /** MapLibre style URLs of the map's dark and light themes; default: the offline styles in public/map/. */
  readonly VITE_MAP_STYLE_DARK?: string;
  readonly VITE_MAP_STYLE_LIGHT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
