import { screen } from '@testing-library/react';
import { signedOut } from '../test/fixtures';
import { renderApp } from '../test/render';

function Broken(): never {
  throw new Error('boom');
}

describe('status pages', () => {
  it('shows the not-found page with a link home for unknown paths', async () => {
    renderApp('/nie-ma-takiej-strony', { preloadedState: signedOut() });
    expect(screen.getByRole('heading', { name: 'Nie znaleziono strony' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wróć na stronę główną' })).toHaveAttribute('href', '/');
  });

  it("shows 'ERROR' when a page fails and the button goes back to the start page", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const routes = [
      { path: '/', element: <h1>Start</h1> },
      { path: '/broken', element: <Broken /> },
    ];
    const { user, router } = renderApp('/broken', { routes, preloadedState: signedOut() });
    expect(screen.getByRole('heading', { name: 'ERROR' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Powrót do Strony Głównej' }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
