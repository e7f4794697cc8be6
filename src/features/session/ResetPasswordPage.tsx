import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { resetPasswordBody, resetPasswordForm } from '@contract/auth';
import { REDIRECT_MS } from '@contract/constants';
import { MSG } from '@contract/messages';
import { fieldErrors } from '@contract/validation';
import { notice } from '../../app/notify';
import { errorMsg } from '../../api/errors';
import { FormAlert } from '../../components/FormAlert';
import { PasswordField } from '../../components/PasswordField';
import { useFormValues } from '../../components/useFormValues';
import { AuthCard } from './AuthCard';
import { useResetPasswordMutation } from './sessionApi';

/** The form's own rules (spec section 5), then the server's password policy, so nobody waits for a 400. */
function validate(values: { password: string; passwordConfirm: string }): Record<string, string> {
  const form = resetPasswordForm.safeParse(values);
  if (!form.success) return fieldErrors(form.error);
  const policy = resetPasswordBody.safeParse({ password: values.password });
  return policy.success ? {} : fieldErrors(policy.error);
}

/** Serves both /reset-password/:token and /new-password/:token. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const { values, bind, errors, setErrors } = useFormValues({ password: '', passwordConfirm: '' }, validate);
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(undefined);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await resetPassword({ token, password: values.password }).unwrap();
      notice(MSG.resetSuccess, 'success');
      setDone(true);
    } catch (error) {
      setFailure(errorMsg(error) ?? MSG.resetFailed);
    }
  };

  return (
    <AuthCard
      title="Ustaw nowe hasło"
      intro="Wpisz nowe hasło dwa razy."
      footer={<Link to="/login">Wróć do logowania</Link>}
    >
      <form className="auth-form" noValidate onSubmit={submit}>
        <PasswordField label="Nowe hasło" autoComplete="new-password" {...bind('password')} error={errors.password} />
        <PasswordField label="Powtórz nowe hasło" toggleLabel="Pokaż powtórzone hasło" autoComplete="new-password"
          {...bind('passwordConfirm')} error={errors.passwordConfirm} />
        <FormAlert message={failure} />
        <button type="submit" className="btn btn-primary btn-block" disabled={isLoading || done}>
          {isLoading ? 'Zapisywanie…' : 'Zmień hasło'}
        </button>
      </form>
    </AuthCard>
  );
}
