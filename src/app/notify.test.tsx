import { act, render, screen } from '@testing-library/react';
import { setupTestStore } from '../test/render';
import { AppProviders } from './AppProviders';
import { isToasterWanted, notice, toast } from './notify';

describe('notices and toasts', () => {
  it('loads the toaster with the first notice and shows what was asked before it came', async () => {
    const { store } = setupTestStore();
    render(<AppProviders store={store}>app</AppProviders>);
    expect(isToasterWanted()).toBe(false);
    act(() => {
      notice('Pierwsza informacja', 'success');
      toast('Pierwszy błąd');
    });
    expect(isToasterWanted()).toBe(true);
    expect(await screen.findByText('Pierwsza informacja')).toBeInTheDocument();
    expect(await screen.findByText('Pierwszy błąd')).toBeInTheDocument();
    act(() => notice('Kolejna informacja'));
    expect(await screen.findByText('Kolejna informacja')).toBeInTheDocument();
  });

  it('are announced politely: inside a live region that was there before them, never as alerts', async () => {
    const { store } = setupTestStore();
    const { container } = render(<AppProviders store={store}>app</AppProviders>);
    const region = container.querySelector('[aria-live]');
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => toast('Nie udało się zapisać'));
    const shown = await screen.findByText('Nie udało się zapisać');
    expect(region).toContainElement(shown);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(shown.closest('[role]')).toBeNull();
  });
});
