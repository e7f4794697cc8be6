import type { UserStats } from '@contract/auth';
import { reliabilityText } from '@contract/plain/events';

const ITEMS = [
  ['gamesPlayed', 'Gry rozegrane'],
  ['eventsOrganized', 'Gry utworzone'],
  ['totalLikes', 'Polubień'],
  ['points', 'Punkty'],
] as const;

/** The four statistics of a profile (spec: Own profile, Player profile). */
export function ProfileStats({ stats }: { stats: UserStats | null | undefined }) {
  // Shown once the person has played enough games for it to mean something (docs/adr/0091).
  const reliability = reliabilityText(stats);
  return (
    <>
      <dl className="profile-stats" aria-label="Statystyki">
        {ITEMS.map(([key, label]) => (
          <div key={key} className="profile-stat">
            <dt>{label}</dt>
            <dd>{stats ? stats[key] : 0}</dd>
          </div>
        ))}
      </dl>
      {reliability && <p className="profile-reliability">{reliability}</p>}
    </>
  );
}
