import { setupTestStore } from '../../test/render';
import { readStoredMapTheme, setMapTheme } from './mapThemeSlice';

afterEach(() => localStorage.clear());

describe('map theme', () => {
  it('is dark unless something else was stored', () => {
    expect(readStoredMapTheme()).toBe('dark');
    localStorage.setItem('mapTheme', 'neon');
    expect(readStoredMapTheme()).toBe('dark');
    localStorage.setItem('mapTheme', 'light');
    expect(readStoredMapTheme()).toBe('light');
  });

  it('starts a store from localStorage', () => {
    localStorage.setItem('mapTheme', 'light');
    expect(setupTestStore().store.getState().mapTheme).toBe('light');
  });

  it('applies setMapTheme and keeps it in localStorage under mapTheme', () => {
    const { store } = setupTestStore();
    store.dispatch(setMapTheme('light'));
    expect(store.getState().mapTheme).toBe('light');
    expect(localStorage.getItem('mapTheme')).toBe('light');
    store.dispatch(setMapTheme('dark'));
    expect(localStorage.getItem('mapTheme')).toBe('dark');
  });
});
