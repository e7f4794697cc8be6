import type { RegisterBody } from '@contract/auth';
import { errorBody } from '../../api/errors';
import { MSG } from '@contract/messages';

export const EMPTY_REGISTER_FORM = {
  nickName: '',
  name: '',
  surname: '',
  email: '',
  phoneNumber: '',
  age: '',
  password: '',
  passwordConfirm: '',
};
export type RegisterForm = typeof EMPTY_REGISTER_FORM;

const FIELDS = Object.keys(EMPTY_REGISTER_FORM);

/** The request body: the optional phone number is left out when empty. */
export function registerPayload({ phoneNumber, ...rest }: RegisterForm): RegisterBody {
  return phoneNumber.trim() ? { ...rest, phoneNumber } : rest;
}

export interface RegisterFailure {
  fieldErrors: Record<string, string>;
  formError?: string;
}

/** Spec section 8: the server's per-field errors next to their fields, else its msg, else the generic text. */
export function registerFailure(error: unknown): RegisterFailure {
  const { msg, errors = {} } = errorBody(error);
  const fieldErrors = Object.fromEntries(Object.entries(errors).filter(([field]) => FIELDS.includes(field)));
  if (Object.keys(fieldErrors).length) return { fieldErrors };
  return { fieldErrors: {}, formError: msg ?? MSG.registerFailed };
}
