/** The zod-free half of contract/location.ts: the Polish messages of the saved location (docs/adr/0035). */
export const LOCATION_MSG = {
  cleared: 'Lokalizacja została usunięta',
  saved: 'Zapisano Twoją lokalizację',
  saveFailed: 'Nie udało się zapisać lokalizacji',
  isSaved: 'To Twoja zapisana lokalizacja.',
  unknown: 'Nie udało się ustalić miejscowości dla tej lokalizacji',
} as const;
