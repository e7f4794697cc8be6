import { expectConsole, takeConsoleProblems } from './console';

describe('the console guard of the client tests', () => {
  it('turns a console.error or console.warn nobody announced into a problem', () => {
    console.error('niespodziewany błąd', new Error('z obiektem'));
    console.warn('ostrzeżenie');
    expect(takeConsoleProblems()).toEqual([
      'unexpected console.error: niespodziewany błąd Error: z obiektem',
      'unexpected console.warn: ostrzeżenie',
    ]);
  });

  it('lets a test announce what it causes, and keeps the calls for its assertions', () => {
    const logged = expectConsole('error', /Nie udało się/);
    console.error('Nie udało się wczytać', 42);
    expect(logged.calls).toEqual([['Nie udało się wczytać', 42]]);
    expect(takeConsoleProblems()).toEqual([]);
  });

  it('reports an announced message that never came, and one of the other level', () => {
    expectConsole('warn', /nigdy/);
    console.error('nigdy');
    expect(takeConsoleProblems()).toEqual(['unexpected console.error: nigdy', 'expected a console.warn matching /nigdy/, none came']);
  });
});
