import { z } from 'zod';
import { MSG } from './messages';
import { RESET_PASSWORD_MIN } from './constants';
import { singleLineText } from './text';
import { birthDate, email, firstName, nickName, password, phoneNumber, secretText, surname } from './validation';

export const registerBody = z
  .object({
    nickName,
    name: firstName,
    surname,
    email,
    password,
    passwordConfirm: secretText(200, MSG.passwordsDiffer),
    phoneNumber,
    avatarUrl: singleLineText((s) => s.max(500)).optional().nullable(),
    age: birthDate,
  })
  .refine((b) => b.password === b.passwordConfirm, { path: ['passwordConfirm'], message: MSG.passwordsDiffer });
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email,
  password: singleLineText((s) => s.min(1, MSG.passwordRequired).max(200, MSG.badCredentials), MSG.passwordRequired, { normalize: false }),
});
export type LoginBody = z.input<typeof loginBody>;

export const forgotPasswordBody = z.object({ email });

/** The server applies the registration policy to a new password as well (see docs/adr). */
export const resetPasswordBody = z.object({ password });

/** The reset form's own rules (spec section 5). */
export const resetPasswordForm = z
  .object({ password: z.string(), passwordConfirm: z.string() })
  .superRefine((v, ctx) => {
    if (!v.password || !v.passwordConfirm) ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.resetFillBoth });
    else if (v.password.length < RESET_PASSWORD_MIN)
      ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.resetTooShort });
    else if (v.password !== v.passwordConfirm)
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: MSG.passwordsDiffer });
  });

export const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

/** The signed-in user as the spec's client reads it (spec section 3, "Current user"). */
export const sessionUser = z.object({
  _id: z.string(),
  id: z.string(),
  userID: z.string(),
  nickName: z.string(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  role: z.string(),
  isActive: z.boolean(),
  avatarUrl: z.string().nullable(),
  age: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = sessionUser.extend({ msg: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const userStats = z.object({
  userID: z.string(),
  gamesPlayed: z.number().int(),
  eventsOrganized: z.number().int(),
  totalLikes: z.number().int(),
  points: z.number().int(),
  /** Played games with a check-in, and those the person came to (docs/adr/0091). */
  gamesTracked: z.number().int().optional(),
  gamesAttended: z.number().int().optional(),
});
export type UserStats = z.infer<typeof userStats>;

export const msgResponse = z.object({ msg: z.string() });
export const errorResponse = z.object({ msg: z.string(), errors: z.record(z.string(), z.string()).optional() });
export type ErrorResponse = z.infer<typeof errorResponse>;
