import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { registerBody } from '@contract/auth';
import { MSG } from '@contract/messages';
import { fieldErrors } from '@contract/validation';
import { notice } from '../../app/notify';
import { FormAlert } from '../../components/FormAlert';
import { DateField } from '../../components/DateTimeFields';
import { FormField } from '../../components/FormField';
import { PasswordField } from '../../components/PasswordField';
import { useFormValues } from '../../components/useFormValues';
import { AuthCard } from './AuthCard';
import { GoogleSignIn } from './GoogleSignIn';
import { EMPTY_REGISTER_FORM, registerFailure, registerPayload } from './registerForm';
import { useRegisterMutation } from './sessionApi';

function checkRegister(values: typeof EMPTY_REGISTER_FORM) {
  const parsed = registerBody.safeParse(values);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

const PASSWORD_HINT = '8-50 znaków: mała i wielka litera, cyfra oraz znak specjalny (@$!%*?&)';

export function RegisterPage() {
  const { values, bind, errors, setErrors } = useFormValues(EMPTY_REGISTER_FORM, checkRegister);
  const [formError, setFormError] = useState<string>();
  const [register, { isLoading }] = useRegisterMutation();
  const navigate = useNavigate();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(undefined);
    const parsed = registerBody.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    try {
      await register(registerPayload(values)).unwrap();
      notice(MSG.registerSuccess, 'success');
      navigate('/login');
    } catch (error) {
      const failure = registerFailure(error);
      setErrors(failure.fieldErrors);
      setFormError(failure.formError);
    }
  };

  return (
    <AuthCard
      title="Zarejestruj się"
      intro="Załóż konto i dołącz do gier w swojej okolicy. Aplikacja jest dla osób, które ukończyły 7 lat."
      footer={
        <p>
          Masz już konto? <Link to="/login">Zaloguj się</Link>
        </p>
      }
    >
      <form className="auth-form" noValidate onSubmit={submit}>
        <FormField label="Nick" autoComplete="nickname" hint={MSG.nickHint} {...bind('nickName')} error={errors.nickName} />
        <div className="auth-row">
          <FormField label="Imię" autoComplete="given-name" {...bind('name')} error={errors.name} />
          <FormField label="Nazwisko" autoComplete="family-name" {...bind('surname')} error={errors.surname} />
        </div>
        <FormField label="Email" type="email" autoComplete="email" {...bind('email')} error={errors.email} />
        <div className="auth-row">
          <FormField label="Telefon (opcjonalnie)" type="tel" autoComplete="tel" {...bind('phoneNumber')}
            error={errors.phoneNumber} />
          <DateField label="Data urodzenia" autoComplete="bday" {...bind('age')}
            error={errors.age} />
        </div>
        <PasswordField label="Hasło" autoComplete="new-password" hint={PASSWORD_HINT} {...bind('password')}
          error={errors.password} />
        <PasswordField label="Powtórz hasło" toggleLabel="Pokaż powtórzone hasło" autoComplete="new-password"
          {...bind('passwordConfirm')} error={errors.passwordConfirm} />
        <FormAlert message={formError} />
        <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
          {isLoading ? 'Rejestracja…' : 'Zarejestruj się'}
        </button>
      </form>
      <GoogleSignIn label="Zarejestruj przez Google" />
    </AuthCard>
  );
}
