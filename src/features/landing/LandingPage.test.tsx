import { screen, within } from '@testing-library/react';
import { signedOut } from '../../test/fixtures';
import { renderApp } from '../../test/render';

describe('landing page', () => {
  it('invites to find or create a team game, with buttons to register and log in', async () => {
    renderApp('/', { preloadedState: signedOut() });
    const hero = within(await screen.findByRole('region', { name: /Znajdź lub stwórz grę drużynową/ }));
    expect(hero.getByRole('heading', { level: 1 })).toHaveTextContent('Znajdź lub stwórz grę drużynową w swojej okolicy');
    expect(hero.getByRole('link', { name: 'Zarejestruj się' })).toHaveAttribute('href', '/register');
    expect(hero.getByRole('link', { name: 'Zaloguj się' })).toHaveAttribute('href', '/login');
  });
});
