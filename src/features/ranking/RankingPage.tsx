import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LEADERBOARD_LIMIT, USER_MSG, type LeaderboardKey } from '@contract/users';
import { FormAlert } from '../../components/FormAlert';
import { PlayerAvatar } from '../players/PlayerAvatar';
import { useGetLeaderboardQuery } from './rankingApi';
import '../players/players.css';
import './ranking.css';
import { FRESHNESS } from '../../api/freshness';

const COLUMNS: { key: LeaderboardKey; label: string }[] = [
  { key: 'gamesPlayed', label: 'Gry rozegrane' },
  { key: 'eventsOrganized', label: 'Gry utworzone' },
  { key: 'totalLikes', label: 'Polubienia' },
  { key: 'points', label: 'Punkty' },
];

/** The ten best players by the chosen column (spec: Ranking); a row opens the player's profile. */
export function RankingPage() {
  const [sortBy, setSortBy] = useState<LeaderboardKey>('points');
  const { data, isFetching, isError, refetch } = useGetLeaderboardQuery({ sortBy, limit: LEADERBOARD_LIMIT }, FRESHNESS.ranking);
  const navigate = useNavigate();
  const rows = data?.leaderboard ?? [];

  return (
    <div className="ranking-page">
      <h1>Ranking</h1>
      <p className="ranking-lead">Najlepsi gracze. Kliknij nagłówek kolumny, aby zmienić kolejność.</p>
      {isError ? (
        <div className="ranking-error">
          <FormAlert message={USER_MSG.rankingFailed} />
          <button type="button" className="btn btn-primary" onClick={() => void refetch()}>
            {USER_MSG.retry}
          </button>
        </div>
      ) : !data ? (
        <p role="status">{USER_MSG.rankingLoading}</p>
      ) : rows.length === 0 ? (
        <p role="status">{USER_MSG.rankingEmpty}</p>
      ) : (
        <div className="ranking-scroll">
          <table className="ranking-table" aria-busy={isFetching}>
            <caption className="visually-hidden">Ranking graczy, sortowanie: {COLUMNS.find((c) => c.key === sortBy)!.label}</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Gracz</th>
                {COLUMNS.map((c) => (
                  <th key={c.key} scope="col" aria-sort={c.key === sortBy ? 'descending' : undefined}>
                    <button type="button" className="ranking-sort" onClick={() => setSortBy(c.key)} aria-pressed={c.key === sortBy}>
                      {c.label}
                      <span aria-hidden="true">{c.key === sortBy ? ' ▼' : ''}</span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.userID} onClick={() => navigate(`/dashboard/profile-users/${r.userID}`)}>
                  <td className="ranking-position">{i + 1}</td>
                  <td>
                    <Link to={`/dashboard/profile-users/${r.userID}`} className="ranking-player" onClick={(e) => e.stopPropagation()}>
                      <PlayerAvatar url={r.avatarUrl} nickName={r.nickName} size={40} />
                      <span>{r.nickName}</span>
                    </Link>
                  </td>
                  <td>{r.gamesPlayed}</td>
                  <td>{r.eventsOrganized}</td>
                  <td>{r.totalLikes}</td>
                  <td className="ranking-points">{r.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
