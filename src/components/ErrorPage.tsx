import { useNavigate } from 'react-router';
import { IS_DEV } from '../config/env';
import './pages.css';

/** What a failed page shows (app/AppRoutes.tsx; spec: heading ERROR, a button back to /). */
export function ErrorPage({ error }: { error?: unknown }) {
  const navigate = useNavigate();
  if (IS_DEV) console.error(error);
  return (
    <main className="status-page status-page-full">
      <h1>ERROR</h1>
      <p>Coś poszło nie tak. Spróbuj ponownie za chwilę.</p>
      <button type="button" className="btn btn-primary" onClick={() => navigate('/')}>
        Powrót do Strony Głównej
      </button>
    </main>
  );
}
