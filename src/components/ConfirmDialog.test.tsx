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

  it('cannot be answered twice while the action runs', () => {
    render(<ConfirmDialog action="ZAKOŃCZ" onConfirm={jest.fn()} onCancel={jest.fn()} busy />);
    expect(screen.getByRole('button', { name: 'TAK' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'NIE' })).toBeDisabled();
  });
});
