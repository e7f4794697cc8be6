import { screen, within } from '@testing-library/react';
import { signedIn, testUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';

async function openDashboard(path = '/dashboard') {
  const view = renderApp(path, { preloadedState: signedIn() });
  await screen.findByRole('navigation', { name: 'Menu aplikacji' });
  return view;
}

describe('dashboard', () => {
  it('has a map area behind the panels', async () => {
    await openDashboard();
    expect(screen.getByRole('region', { name: 'Mapa' })).toBeInTheDocument();
  });

  it('lists the eight sidebar links in order', async () => {
    await openDashboard();
    const links = within(screen.getByRole('navigation', { name: 'Menu aplikacji' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Znajdź Wydarzenie', '/dashboard/find-event'],
      ['Stwórz Wydarzenie', '/dashboard/add-event'],
      ['Chat', '/dashboard/chat'],
      ['Moje Wydarzenia', '/dashboard/my-events'],
      ['Ranking', '/dashboard/ranking'],
      ['Premium', '/dashboard/premium'],
      ['Profil', '/dashboard/profile'],
      ['Ustawienia', '/dashboard/settings-event'],
    ]);
  });

  it('collapses and reopens the sidebar from the navbar toggle', async () => {
    const { user } = await openDashboard();
    const toggle = screen.getByRole('button', { name: 'Menu boczne' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Menu aplikacji' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('navigation', { name: 'Menu aplikacji' })).toBeVisible();
  });

  it('shows the home page with four cards leading to their screens', async () => {
    await openDashboard();
    expect(screen.getByRole('heading', { level: 1, name: `Cześć, ${testUser.nickName}!` })).toBeInTheDocument();
    const panel = within(screen.getByRole('region', { name: 'Panel' }));
    const cards = panel.getAllByRole('listitem').map((item) => within(item).getByRole('link'));
    expect(cards.map((card) => [within(card).getByRole('heading').textContent, card.getAttribute('href')])).toEqual([
      ['Znajdź grę', '/dashboard/find-event'],
      ['Stwórz grę', '/dashboard/add-event'],
      ['Moje gry', '/dashboard/my-events'],
      ['Ustawienia', '/dashboard/settings-event'],
    ]);
  });

  it("'Pokaż mapę' hides the content area and 'Pokaż panel' brings it back", async () => {
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Pokaż mapę' }));
    expect(screen.queryByRole('region', { name: 'Panel' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Mapa' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pokaż panel' }));
    expect(screen.getByRole('region', { name: 'Panel' })).toBeInTheDocument();
  });

  it('shows the not-found page for screens that do not exist yet', async () => {
    await openDashboard('/dashboard/nie-ma-takiej-strony');
    const panel = within(await screen.findByRole('region', { name: 'Panel' }));
    expect(panel.getByRole('heading', { name: 'Nie znaleziono strony' })).toBeInTheDocument();
  });
});
