import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sessionEndHandled } from './sessionSlice';
import { sessionEndedLoginPath } from './sessionEnd';

/** Takes the person to /login with the notice when the server ended their session (sessionSlice `ended`). */
export function SessionEndedRedirect() {
  const ended = useAppSelector((state) => Boolean(state.session.ended));
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!ended) return;
    // Cleared only once /login shows: until then RequireAuth must not send the person there without the notice.
    if (pathname !== '/login') void navigate(sessionEndedLoginPath(`${pathname}${search}`));
    else dispatch(sessionEndHandled());
  }, [ended, pathname, search, navigate, dispatch]);
  return null;
}
