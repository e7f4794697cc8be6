import { useNavigate, useParams } from 'react-router';
import { USER_MSG } from '@contract/users';
import { errorMsg } from '../../api/errors';
import { useAppSelector } from '../../app/hooks';
import { notice } from '../../app/notify';
import { FormAlert } from '../../components/FormAlert';
import { PlayerAvatar } from './PlayerAvatar';
import { ProfileStats } from './ProfileStats';
import { useGetUserQuery, useLikeUserMutation } from './playersApi';
import './players.css';
import { FRESHNESS } from '../../api/freshness';

/** An age in years with the Polish plural: 1 rok, 22 lata, 25 lat, 112 lat. */
export function formatAge(years: number): string {
  const tens = years % 100;
  const units = years % 10;
  if (years === 1) return '1 rok';
  return `${years} ${units >= 2 && units <= 4 && (tens < 12 || tens > 14) ? 'lata' : 'lat'}`;
}

/** 'Profil Gracza' (spec: Player profile): likes and reports for other people only. */
export function PlayerProfilePage() {
  const { id } = useParams();
  const me = useAppSelector((state) => state.session.user?._id);
  const { data, isLoading, isError } = useGetUserQuery(id ?? '', { skip: !id, ...FRESHNESS.profile });
  const [likeUser, { isLoading: liking }] = useLikeUserMutation();
  const navigate = useNavigate();
  const user = data?.user;

  const toggleLike = async () => {
    if (!user) return;
    try {
      const answer = await likeUser({ targetUserId: user._id, like: !user.isLikedByCurrentUser }).unwrap();
      notice(answer.isLikedByCurrentUser ? USER_MSG.liked : USER_MSG.unliked, 'success');
    } catch (error) {
      notice(errorMsg(error) ?? USER_MSG.likeFailed, 'error');
    }
  };

  const report = () =>
    navigate('/dashboard/report', { state: { type: 'user', reportedUserId: user!._id, reportedUserNick: user!.nickName } });

  return (
    <div className="profile-page">
      <h1>Profil Gracza</h1>
      {!id && <FormAlert message={USER_MSG.noUserId} />}
      {isLoading && <p role="status">Ładowanie profilu…</p>}
      {isError && <FormAlert message={USER_MSG.userFetchFailed} />}
      {user && (
        <>
          <div className="profile-head">
            <PlayerAvatar url={user.avatarUrl} nickName={user.nickName} size={120} decorative={false} />
            <div>
              <h2>{user.nickName}</h2>
              <p className="profile-names">
                {user.name} {user.surname}
              </p>
              {user.age !== null && <p className="profile-age">{formatAge(user.age)}</p>}
            </div>
          </div>
          <ProfileStats stats={user.userStats} />
          {user._id !== me && (
            <div className="profile-actions">
              <button type="button" className={`btn btn-secondary${user.isLikedByCurrentUser ? ' btn-like-on' : ''}`}
                onClick={() => void toggleLike()} disabled={liking}>
                {user.isLikedByCurrentUser ? 'Usuń polubienie' : 'Poleć użytkownika'}
              </button>
              <button type="button" className="btn btn-secondary" onClick={report}>
                Zgłoś użytkownika
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
