import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserStats } from '@contract/auth';
import { reliabilityText } from '@contract/plain/events';
import { initials } from './eventFormat';
import './PlayerCard.css';

export interface PlayerPerson {
  _id: string;
  nickName: string;
  name?: string;
  surname?: string;
  avatarUrl?: string | null;
}

interface PlayerCardProps {
  person: PlayerPerson;
  stats?: UserStats;
  /** Buttons of the organiser's view (Dodaj, Odrzuć). */
  actions?: ReactNode;
}

export function PlayerAvatar({ person, size = 56 }: { person: PlayerPerson; size?: number }) {
  return person.avatarUrl ? (
    <img className="player-avatar" src={person.avatarUrl} alt="" width={size} height={size} />
  ) : (
    <span className="player-avatar player-avatar-initials" style={{ width: size, height: size }} aria-hidden="true">
      {initials(person)}
    </span>
  );
}

/** Avatar, nick, names and the three counts; the card opens the player's profile (spec: Event detail). */
export function PlayerCard({ person, stats, actions }: PlayerCardProps) {
  const fullName = [person.name, person.surname].filter(Boolean).join(' ');
  return (
    <article className="player-card" aria-label={person.nickName}>
      <Link to={`/dashboard/profile-users/${person._id}`} className="player-card-link">
        <PlayerAvatar person={person} />
        <span className="player-card-names">
          <span className="player-card-nick">{person.nickName}</span>
          {fullName && <span className="player-card-name">{fullName}</span>}
        </span>
      </Link>
      {stats && (
        <dl className="player-card-stats">
          <div>
            <dt>Zorganizowane</dt>
            <dd>{stats.eventsOrganized}</dd>
          </div>
          <div>
            <dt>Rozegrane</dt>
            <dd>{stats.gamesPlayed}</dd>
          </div>
          <div>
            <dt>Polubienia</dt>
            <dd>{stats.totalLikes}</dd>
          </div>
        </dl>
      )}
      {reliabilityText(stats) && <p className="player-card-reliability">{reliabilityText(stats)}</p>}
      {actions && <div className="player-card-actions">{actions}</div>}
    </article>
  );
}
