import { useAppSelector } from '../app/hooks';
import { PlayerAvatar } from '../features/players/PlayerAvatar';
import '../features/players/players.css';
import './NavbarAvatar.css';

/** The signed-in person's avatar beside 'Profil'; a new one shows the moment it is saved. */
export function NavbarAvatar() {
  const user = useAppSelector((state) => state.session.user);
  if (!user) return null;
  return <PlayerAvatar url={user.avatarUrl} nickName={user.nickName} size={30} className="navbar-avatar" />;
}
