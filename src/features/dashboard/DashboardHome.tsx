import { Link, useOutletContext } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import type { DashboardOutletContext } from './DashboardLayout';
import './DashboardHome.css';

const CARDS = [
  { to: '/dashboard/find-event', title: 'Znajdź grę', text: 'Szukaj wydarzeń w wybranym mieście i promieniu.' },
  { to: '/dashboard/add-event', title: 'Stwórz grę', text: 'Zaplanuj mecz i zbierz chętnych do gry.' },
  { to: '/dashboard/my-events', title: 'Moje gry', text: 'Twoje wydarzenia i gry, do których dołączyłeś.' },
  { to: '/dashboard/settings-event', title: 'Ustawienia', text: 'Motyw mapy, powiadomienia i prywatność.' },
];

export function DashboardHome() {
  const { hideContent } = useOutletContext<DashboardOutletContext>();
  const nickName = useAppSelector((state) => state.session.user?.nickName);
  return (
    <div className="dashboard-home">
      <h1>{nickName ? `Cześć, ${nickName}!` : 'Witaj w Graj Razem!'}</h1>
      <p className="dashboard-home-lead">
        Co dziś gramy? Znajdź wydarzenie w pobliżu, stwórz własne albo sprawdź, co słychać w Twoich grach.
      </p>
      <ul className="dashboard-cards">
        {CARDS.map((card) => (
          <li key={card.to}>
            <Link to={card.to} className="dashboard-card">
              <h2>{card.title}</h2>
              <p>{card.text}</p>
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary" onClick={hideContent}>
        Pokaż mapę
      </button>
    </div>
  );
}
