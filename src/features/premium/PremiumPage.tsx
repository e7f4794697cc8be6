import './premium.css';

const PERKS = [
  'Zgłoszenia do gier bez reklam',
  'Wyróżnienie Twoich wydarzeń na mapie',
  'Odznaka Premium w profilu i w rankingu',
];

/** The shop is not open yet (spec: premium is only advertised): what is coming and for how much. */
export function PremiumPage() {
  return (
    <div className="premium-page">
      <p className="premium-badge">Premium</p>
      <h1>Wkrótce dostępne!</h1>
      <p className="premium-lead">
        Pracujemy nad kontem Premium dla tych, którzy grają najczęściej. Sklep otworzymy już niedługo.
      </p>
      <section className="premium-card" aria-labelledby="premium-plan">
        <h2 id="premium-plan">Graj Razem Premium</h2>
        <p className="premium-price">
          <strong>9,99 zł</strong> + VAT <span>miesięcznie</span>
        </p>
        <ul>
          {PERKS.map((perk) => (
            <li key={perk}>{perk}</li>
          ))}
        </ul>
        <p className="premium-note">Do tego czasu wszystkie funkcje aplikacji są dostępne bezpłatnie.</p>
      </section>
    </div>
  );
}
