import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { userTokens } from '../db/schema';
import { hashToken, randomToken } from '../lib/tokens';

/** 'login-2fa': the pending second step of a sign-in (password or Google done, code still due). */
export type TokenKind = 'verify' | 'reset' | 'login-2fa';

export const TOKEN_TTL_MS: Record<TokenKind, number> = { verify: 48 * 3600_000, reset: 3600_000, 'login-2fa': 5 * 60_000 };

/** Issues a new single-use link token; earlier unused ones of the same kind stop working. */
export async function issueToken(ex: Executor, userId: string, kind: TokenKind): Promise<string> {
  const token = randomToken();
  await ex
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
  await ex.insert(userTokens).values({
    tokenHash: hashToken(token),
    userId,
    kind,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[kind]),
  });
  return token;
}

/** Marks the token used and returns its user, in one statement, so a link works exactly once. */
export async function consumeToken(ex: Executor, token: string, kind: TokenKind): Promise<string | null> {
  const [row] = await ex
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}

/** True when the token would still be accepted (does not use it). */
export async function isTokenValid(ex: Executor, token: string, kind: TokenKind): Promise<boolean> {
  return (await peekToken(ex, token, kind)) !== null;
}

/** The user a still-valid token belongs to, without using it up. */
export async function peekToken(ex: Executor, token: string, kind: TokenKind): Promise<string | null> {
  const [row] = await ex
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    );
  return row?.userId ?? null;
}
