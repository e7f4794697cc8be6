import { type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { USER_MSG, checkProfileChanges } from '@contract/users';
import { errorBody } from '../../api/errors';
import { useAppSelector } from '../../app/hooks';
import { notice } from '../../app/notify';
import { DateField } from '../../components/DateTimeFields';
import { FormField } from '../../components/FormField';
import { useFormValues } from '../../components/useFormValues';
import { useUpdateProfileMutation } from './profileApi';
import './profile.css';

/** 'Edytuj Profil': nick, names and birth date under the spec's rules (section 5, "Profile edit"). */
export function ProfileEditPage() {
  const user = useAppSelector((state) => state.session.user);
  const stored = { nickName: user?.nickName ?? '', name: user?.name ?? '', surname: user?.surname ?? '', age: user?.age ?? '' };
  // One rule per field (contract/users.ts): only what the person changed is checked and sent, so an
  // account made under older rules can still save the fields it changes.
  const { values, bind, errors, setErrors } = useFormValues(stored, (v) => checkProfileChanges(v, stored).errors);
  const [update, { isLoading }] = useUpdateProfileMutation();
  const navigate = useNavigate();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { changes, errors: wrong } = checkProfileChanges(values, stored);
    if (Object.keys(wrong).length) return setErrors(wrong);
    setErrors({});
    if (!Object.keys(changes).length) {
      navigate('/dashboard/profile');
      return;
    }
    try {
      await update(changes).unwrap();
      notice(USER_MSG.profileUpdated, 'success');
      navigate('/dashboard/profile');
    } catch (error) {
      const { msg, errors: fields } = errorBody(error);
      setErrors(fields ?? {});
      // The server joins its messages with commas: each one is its own notice.
      const items = msg ? msg.split(',').map((m) => m.trim()).filter(Boolean) : [USER_MSG.profileUpdateFailed];
      for (const item of items) notice(item, 'error');
    }
  };

  return (
    <div className="profile-page">
      <h1>Edytuj Profil</h1>
      <form className="profile-form" noValidate onSubmit={submit}>
        <FormField label="Nick" autoComplete="nickname" {...bind('nickName')} error={errors.nickName} />
        <div className="profile-form-row">
          <FormField label="Imię" autoComplete="given-name" {...bind('name')} error={errors.name} />
          <FormField label="Nazwisko" autoComplete="family-name" {...bind('surname')} error={errors.surname} />
        </div>
        <DateField label="Data urodzenia" autoComplete="bday" {...bind('age')}
          error={errors.age} />
        <div className="profile-actions">
          <button type="submit" className="btn btn-primary" disabled={isLoading}>
            {isLoading ? 'Zapisywanie…' : 'Zapisz zmiany'}
          </button>
          <Link to="/forget-password" className="btn btn-secondary">
            Zmień hasło
          </Link>
        </div>
      </form>
    </div>
  );
}
