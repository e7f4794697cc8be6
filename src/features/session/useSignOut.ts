import { useNavigate } from 'react-router';
import { useLogoutMutation } from './sessionApi';

/**
 * Wyloguj się, wherever it is offered (the navbar, this browser's row on the sessions screen): home
 * first, then the server call. The guard sends a page left behind home as well (`loggedOut`), so
 * the person lands on `/` whichever navigation commits last.
 */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return () => {
    navigate('/');
    void logout();
  };
}
