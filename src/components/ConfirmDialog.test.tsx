import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONFIRM_QUESTION, ConfirmDialog } from './ConfirmDialog';

describe('confirmation dialog', () => {
  it('asks the question with the action word, and TAK confirms', async () => {
    const onConfirm = jest.fn();
    render(<ConfirmDialog action="USUŃ" onConfirm={onConfirm} onCancel={jest.fn()} />);
    const dialog = screen.getByRole('alertdialog', { name: 'USUŃ' });
    expect(dialog).toHaveAccessibleDescription(CONFIRM_QUESTION);
    await userEvent.click(screen.getByRole('button', { name: 'TAK' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('starts on NIE, and Escape answers NIE', async () => {
    const onCancel = jest.fn();
    render(<ConfirmDialog action="ZAKOŃCZ" onConfirm={jest.fn()} onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: 'NIE' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab and Shift+Tab inside, the page behind it out of reach', async () => {
    render(
      <>
        <button type="button">Poza oknem</button>
        <ConfirmDialog action="ZAKOŃCZ" onConfirm={jest.fn()} onCancel={jest.fn()} />
      </>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'ZAKOŃCZ' });
    for (const key of ['{Tab}', '{Tab}', '{Tab}', '{Shift>}{Tab}{/Shift}', '{Shift>}{Tab}{/Shift}', '{Shift>}{Tab}{/Shift}']) {
      await userEvent.keyboard(key);
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('cannot be answered twice while the action runs', () => {
    render(<ConfirmDialog action="ZAKOŃCZ" onConfirm={jest.fn()} onCancel={jest.fn()} busy />);
    expect(screen.getByRole('button', { name: 'TAK' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'NIE' })).toBeDisabled();
  });
});
