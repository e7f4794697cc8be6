import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { ProfileStats } from '../players/ProfileStats';
import { sessionApi } from '../session/sessionApi';
import { AvatarEditor } from './AvatarEditor';
import { DeleteAccountButton } from './DeleteAccountButton';
import '../players/players.css';
import './profile.css';

/** Own profile: avatar, names, e-mail, statistics, and the account's actions (spec: Own profile). */
export function OwnProfilePage() {
  const user = useAppSelector((state) => state.session.user);
  const sessionStats = useAppSelector((state) => state.session.stats);
  // Games finish and likes arrive while the person is elsewhere: the numbers are fetched afresh.
  const { data } = sessionApi.endpoints.getCurrentStats.useQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!user) return null;

  return (
    <div className="profile-page">
      <h1>Mój Profil</h1>
      <div className="profile-head">
        <AvatarEditor avatarUrl={user.avatarUrl} nickName={user.nickName} />
        <div>
          <h2>{user.nickName}</h2>
          <p className="profile-names">
            {user.name} {user.surname}
          </p>
          <p className="profile-email">{user.email}</p>
        </div>
      </div>
      <ProfileStats stats={data?.stats ?? sessionStats} />
      <div className="profile-actions">
        <Link to="/dashboard/profile-edit" className="btn btn-primary">
          Edytuj profil
        </Link>
        <Link to="/forget-password" className="btn btn-secondary">
          Zmień hasło
        </Link>
        <DeleteAccountButton />
      </div>
    </div>
  );
}
