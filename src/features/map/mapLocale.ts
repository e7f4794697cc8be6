/**
 * MapLibre's own interface texts in Polish. Each map names its canvas differently, so screen
 * readers can tell the dashboard map from the form's small one.
 */
export function mapLocale(title: string): Record<string, string> {
  return {
    'Map.Title': title,
    'NavigationControl.ZoomIn': 'Przybliż',
    'NavigationControl.ZoomOut': 'Oddal',
    'NavigationControl.ResetBearing': 'Obróć na północ',
    'AttributionControl.ToggleAttribution': 'Pokaż źródła mapy',
    'AttributionControl.MapFeedback': 'Zgłoś uwagi do mapy',
    'Popup.Close': 'Zamknij',
    'Marker.Title': 'Znacznik',
  };
}
