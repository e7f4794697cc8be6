/**
 * How fresh each kind of server data must be when a screen shows it (docs/adr/0070). Pushed
 * changes (`eventChanged`, `statusUpdate`, chat events) invalidate tags at once; these options
 * cover what no event reaches: other people's games, the ranking, and a tab left in the background.
 * Numbers are seconds since the last answer before a screen that mounts asks again.
 */
export const FRESHNESS = {
  /** Games of strangers change without telling us (only 'created' is broadcast). */
  map: { refetchOnMountOrArgChange: 30, refetchOnFocus: true },
  search: { refetchOnMountOrArgChange: 60, refetchOnFocus: true },
  /** A game's page: its organiser and participants are told; anybody else catches up here. */
  event: { refetchOnMountOrArgChange: 30, refetchOnFocus: true },
  /** Changes in my games come through the socket; focus covers a connection that was asleep. */
  myEvents: { refetchOnMountOrArgChange: 60, refetchOnFocus: true },
  /** Points move when any game ends, mostly games we are not in. */
  ranking: { refetchOnMountOrArgChange: 60, refetchOnFocus: true },
  profile: { refetchOnMountOrArgChange: 60 },
} as const;
