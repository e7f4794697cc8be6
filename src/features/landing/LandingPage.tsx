import { Link } from 'react-router';
import './LandingPage.css';

const HIGHLIGHTS = [
  { title: 'Znajdź grę', text: 'Mapa pokazuje mecze i spotkania w Twojej okolicy.' },
  { title: 'Stwórz wydarzenie', text: 'Ustal miejsce, termin i poziom, a gracze sami się zgłoszą.' },
  { title: 'Graj z ekipą', text: 'Czat drużyny, powiadomienia i ranking graczy w jednym miejscu.' },
];

export function LandingPage() {
  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-title">
        <div className="landing-pitch" aria-hidden="true">
          <span className="landing-ball" />
        </div>
        <p className="landing-kicker">Piłka nożna, siatkówka, koszykówka, planszówki i więcej</p>
        <h1 id="landing-title">
          Znajdź lub stwórz <span className="landing-accent">grę drużynową</span> w swojej okolicy
        </h1>
        <p className="landing-lead">
          Brakuje Ci ludzi do gry na Orliku? Dołącz do meczu w pobliżu albo zorganizuj własny i zbierz drużynę w kilka minut.
        </p>
        <div className="landing-actions">
          <Link to="/register" className="btn btn-primary">
            Zarejestruj się
          </Link>
          <Link to="/login" className="btn btn-outline-light">
            Zaloguj się
          </Link>
        </div>
      </section>
      <section className="landing-highlights" aria-label="Co możesz zrobić">
        {HIGHLIGHTS.map((item) => (
          <article key={item.title} className="landing-highlight">
            <h2>{item.title}</h2>
            <p>{item.text}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
