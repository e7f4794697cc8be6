import { loginBody, type LoginBody } from '@contract/auth';
import { fieldErrors } from '@contract/validation';

export type LoginCheck = { ok: true; body: LoginBody } | { ok: false; errors: Record<string, string> };

/**
 * The login form's rules: the contract's schema and its Polish messages. They need zod, so the
 * login page loads this module once the form is used, not with the page (docs/adr/0035).
 */
export function checkLogin(values: { email: string; password: string }): LoginCheck {
  const parsed = loginBody.safeParse(values);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
