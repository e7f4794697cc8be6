import { z } from 'zod';
import { sessionUser } from './auth';
import { TWO_FACTOR_MSG } from './plain/totp';
import { secretText } from './validation';

export { TWO_FACTOR_MSG } from './plain/totp';

/** A 6-digit TOTP code or a recovery code (xxxxx-xxxxx); spaces and dashes are ignored by the server. */
export const secondFactorCode = z
  .string({ error: TWO_FACTOR_MSG.codeRequired })
  .trim()
  .min(1, TWO_FACTOR_MSG.codeRequired)
  .max(20, TWO_FACTOR_MSG.codeInvalid)
  .regex(/^[A-Za-z0-9 -]+$/, TWO_FACTOR_MSG.codeInvalid);

export const codeBody = z.object({ code: secondFactorCode }).strict();

/** After a correct password (or Google sign-in) of an account with TOTP: no session yet. */
export const secondStepResponse = z.object({
  secondStep: z.literal(true),
  loginToken: z.string(),
  msg: z.string(),
});
export type SecondStepResponse = z.infer<typeof secondStepResponse>;

export const secondStepBody = z
  .object({ loginToken: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, TWO_FACTOR_MSG.loginExpired), code: secondFactorCode })
  .strict();

export const secondStepLoginResponse = sessionUser.extend({ msg: z.string() });

/** `hasPassword`: how the account re-authenticates (false: Google only, ADR 55). */
export const totpStatusResponse = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int(), hasPassword: z.boolean() });
export type TotpStatus = z.infer<typeof totpStatusResponse>;

/** Setting up asks who is at the keyboard (ADR 57): the password, or a fresh Google sign-in. */
export const totpSetupBody = z.object({ password: secretText(1024).optional(), idToken: secretText(8192).optional() }).strict();
export type TotpSetupBody = z.infer<typeof totpSetupBody>;

export const totpSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupResponse>;

export const totpEnableResponse = z.object({ msg: z.string(), recoveryCodes: z.array(z.string()) });

export const sessionInfo = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;
export const sessionsResponse = z.object({ sessions: z.array(sessionInfo) });
export const sessionIdParams = z.object({ id: z.string().regex(/^[a-f0-9]{32}$/) });
