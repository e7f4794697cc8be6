import { screen } from '@testing-library/react';
import { REPORT_MSG } from '@contract/reports';
import { MSG } from '@contract/messages';
import { signedIn, signedOut } from '../test/fixtures';
import { renderApp } from '../test/render';
import { revalidate } from './useFormValues';

const rules = (v: { password: string; confirm: string }) => {
  const e: Record<string, string> = {};
  if (v.password.length < 3) e.password = 'za krótkie';
  if (v.confirm !== v.password) e.confirm = 'różne';
  return e;
};

describe('when a field error clears', () => {
  it('clears the edited field as soon as its value is valid, and not before', () => {
    const before = { password: 'a', confirm: 'x' };
    const shown = rules(before);
    expect(revalidate(shown, before, { ...before, password: 'ab' }, 'password', rules)).toEqual({ password: 'za krótkie', confirm: 'różne' });
    expect(revalidate(shown, before, { ...before, password: 'abc' }, 'password', rules)).toEqual({ confirm: 'różne' });
  });

  it('clears another field when the change made it valid (a repeated password)', () => {
    const before = { password: 'abcd', confirm: 'abc' };
    expect(revalidate(rules(before), before, { password: 'abc', confirm: 'abc' }, 'password', rules)).toEqual({});
  });

  it("keeps a server's error on another field, and drops it once its own field changes", () => {
    const before = { password: 'abc', confirm: 'abc' };
    const server = { password: 'Ten nick jest już zajęty' };
    expect(revalidate(server, before, { ...before, confirm: 'abcd' }, 'confirm', rules)).toEqual(server);
    expect(revalidate(server, before, { ...before, password: 'abcd' }, 'password', rules)).toEqual({});
  });

  it('shows no new error while typing', () => {
    const before = { password: 'abc', confirm: 'abc' };
    expect(revalidate({}, before, { ...before, password: 'a' }, 'password', rules)).toEqual({});
  });
});

describe('forms clear a field error once the value is valid', () => {
  it('registration: the nick error goes when the nick is long enough', async () => {
    const { user } = renderApp('/register', { preloadedState: signedOut() });
    const nick = await screen.findByLabelText('Nick');
    await user.type(nick, 'ab');
    await user.click(screen.getByRole('button', { name: 'Zarejestruj się' }));
    expect(await screen.findByText(MSG.nickLength)).toBeInTheDocument();
    await user.type(nick, 'c');
    expect(screen.queryByText(MSG.nickLength)).not.toBeInTheDocument();
  });

  it("the report: 'co najmniej 10 znaków' goes at the tenth character", async () => {
    const view = renderApp('/dashboard', { preloadedState: signedIn() });
    await screen.findByRole('heading', { level: 1 });
    await view.router.navigate('/dashboard/report', { state: { type: 'bug' } });
    const text = await screen.findByLabelText('Opis zgłoszenia');
    await view.user.type(text, 'Za mało');
    await view.user.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    expect(await screen.findByText(REPORT_MSG.tooShort)).toBeInTheDocument();
    await view.user.type(text, ' t');
    expect(screen.getByText(REPORT_MSG.tooShort)).toBeInTheDocument();
    await view.user.type(text, 'o');
    expect(screen.queryByText(REPORT_MSG.tooShort)).not.toBeInTheDocument();
  });
});
