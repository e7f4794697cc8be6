import { Link } from 'react-router';
import './pages.css';

export function NotFoundPage() {
  return (
    <div className="status-page">
      <p className="status-page-code" aria-hidden="true">
        404
      </p>
      <h1>Nie znaleziono strony</h1>
      <p>Strona, której szukasz, nie istnieje lub została przeniesiona.</p>
      <Link className="btn btn-primary" to="/">
        Wróć na stronę główną
      </Link>
    </div>
  );
}
