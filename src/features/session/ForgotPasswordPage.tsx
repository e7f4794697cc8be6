import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { forgotPasswordBody } from '@contract/auth';
import { MSG } from '@contract/messages';
import { fieldErrors } from '@contract/validation';
import { errorMsg } from '../../api/errors';
import { FormAlert } from '../../components/FormAlert';
import { FormField } from '../../components/FormField';
import { useFormValues } from '../../components/useFormValues';
import { AuthCard } from './AuthCard';
import { useRequestPasswordResetMutation } from './sessionApi';

interface Outcome {
  kind: 'success' | 'error';
  message: string;
}

function checkForgot(values: { email: string }) {
  const parsed = forgotPasswordBody.safeParse(values);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

export function ForgotPasswordPage() {
  const { values, bind, errors, setErrors } = useFormValues({ email: '' }, checkForgot);
  const [outcome, setOutcome] = useState<Outcome>();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setOutcome(undefined);
    const parsed = forgotPasswordBody.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    try {
      const { msg } = await requestReset(parsed.data).unwrap();
      setOutcome({ kind: 'success', message: msg || MSG.forgotSuccess });
    } catch (failure) {
      setOutcome({ kind: 'error', message: errorMsg(failure) ?? MSG.forgotFailed });
    }
  };

  return (
    <AuthCard
      title="Nie pamiętasz hasła?"
      intro="Podaj adres email konta, a wyślemy na niego link do ustawienia nowego hasła."
      footer={
        <p>
          Przypomniałeś sobie? <Link to="/login">Zaloguj się</Link>
        </p>
      }
    >
      <form className="auth-form" noValidate onSubmit={submit}>
        <FormField label="Email" type="email" autoComplete="email" {...bind('email')} error={errors.email} />
        <FormAlert message={outcome?.message} kind={outcome?.kind} />
        <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
          {isLoading ? 'Wysyłanie…' : 'Wyślij link'}
        </button>
      </form>
    </AuthCard>
  );
}
