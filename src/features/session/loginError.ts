import { MSG } from '@contract/messages';
import { errorMsg, errorStatus } from '../../api/errors';

/** Spec section 8: what a failed sign-in tells the person. */
export function loginErrorText(error: unknown): string {
  const msg = errorMsg(error);
  if (msg?.includes(MSG.verifyEmailFirst)) return MSG.loginVerifyFirst;
  if (errorStatus(error) === 429) return msg ?? MSG.tooManyRequests;
  return MSG.loginFailed;
}
