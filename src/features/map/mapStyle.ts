import { MAP_STYLE_DARK, MAP_STYLE_LIGHT } from '../../config/env';
import type { MapTheme } from './mapThemeSlice';

export function mapStyleUrl(theme: MapTheme): string {
  return theme === 'light' ? MAP_STYLE_LIGHT : MAP_STYLE_DARK;
}
