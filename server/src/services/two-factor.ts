import { createHmac, randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { toDataURL } from 'qrcode';
import type { Executor } from '../db/database';
import { totpRecoveryCodes, userTotp } from '../db/schema';
import { CookieSealer } from '../lib/sealed-cookie';

/** RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30 s steps. */
const STEP_S = 30;
/** A code of the previous or the next step is accepted too (clock drift of the phone). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const ISSUER = 'Graj Razem';

export type SecondFactor = { kind: 'totp'; step: number } | { kind: 'recovery'; codeHash: string };

/** Two-factor sign-in: sealed secrets, code checks with replay refusal, recovery codes (ADR 57). */
export class TwoFactor {
  private readonly sealer: CookieSealer;
  private readonly recoveryKey: string;

  constructor(serverSecret: string) {
    this.sealer = new CookieSealer(serverSecret, 'totp-secret');
    this.recoveryKey = `totp-recovery:${serverSecret}`;
  }

  /** Whether the person has two-factor sign-in on, and how many recovery codes are left. */
  async status(ex: Executor, userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    const [row] = await ex.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, userId));
    if (!row?.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
    const left = await ex
      .select({ h: totpRecoveryCodes.codeHash })
      .from(totpRecoveryCodes)
      .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
    return { enabled: true, recoveryCodesLeft: left.length };
  }

  async isEnabled(ex: Executor, userId: string): Promise<boolean> {
    const [row] = await ex
      .select({ u: userTotp.userId })
      .from(userTotp)
      .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt)));
    return Boolean(row);
  }

  /** A new secret waiting for its first code (replaces an earlier unfinished setup); null if already on. */
  async beginSetup(ex: Executor, userId: string, accountName: string): Promise<{ secret: string; otpauthUrl: string; qrDataUrl: string } | null> {
    if (await this.isEnabled(ex, userId)) return null;
    const secret = authenticator.generateSecret(20);
    const sealed = this.sealer.seal(secret);
    await ex
      .insert(userTotp)
      .values({ userId, secretSealed: sealed })
      .onConflictDoUpdate({ target: userTotp.userId, set: { secretSealed: sealed, enabledAt: null, lastStep: null, createdAt: sql`now()` } });
    const otpauthUrl = authenticator.keyuri(accountName, ISSUER, secret);
    // A PNG data: URL for an <img> (the CSP's img-src allows data:); no markup is ever injected.
    const qrDataUrl = await toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    return { secret, otpauthUrl, qrDataUrl };
  }

  /** Turns setup on with its first code; returns the recovery codes (shown once) or null for a wrong code. */
  async enable(ex: Executor, userId: string, code: string): Promise<string[] | null> {
    const [row] = await ex.select().from(userTotp).where(and(eq(userTotp.userId, userId), isNull(userTotp.enabledAt)));
    if (!row) return null;
    const secret = this.sealer.open<string>(row.secretSealed);
    const step = secret ? matchingStep(secret, code) : null;
    if (step === null) return null;
    const [on] = await ex
      .update(userTotp)
      .set({ enabledAt: sql`now()`, lastStep: step })
      .where(and(eq(userTotp.userId, userId), isNull(userTotp.enabledAt)))
      .returning({ u: userTotp.userId });
    if (!on) return null;
    return this.replaceRecoveryCodes(ex, userId);
  }

  async disable(ex: Executor, userId: string): Promise<void> {
    await ex.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
    await ex.delete(userTotp).where(eq(userTotp.userId, userId));
  }

  async replaceRecoveryCodes(ex: Executor, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
    await ex.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
    await ex.insert(totpRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: this.recoveryHash(c) })));
    return codes;
  }

  /**
   * Checks and uses up a code of an enabled account: a TOTP code (refused when its time step, or a
   * later one, was already used) or a recovery code (marked used). One conditional UPDATE each, so two
   * requests with the same code cannot both pass.
   */
  async useCode(ex: Executor, userId: string, rawCode: string): Promise<SecondFactor | null> {
    const code = rawCode.trim().toLowerCase().replace(/[\s-]/g, '');
    if (/^\d{6}$/.test(code)) {
      const [row] = await ex.select().from(userTotp).where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt)));
      const secret = row ? this.sealer.open<string>(row.secretSealed) : null;
      const step = secret ? matchingStep(secret, code) : null;
      if (step === null) return null;
      const [used] = await ex
        .update(userTotp)
        .set({ lastStep: step })
        .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
        .returning({ u: userTotp.userId });
      return used ? { kind: 'totp', step } : null;
    }
    if (!/^[a-z0-9]{10}$/.test(code)) return null;
    const codeHash = this.recoveryHash(code);
    const [used] = await ex
      .update(totpRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(totpRecoveryCodes.userId, userId), eq(totpRecoveryCodes.codeHash, codeHash), isNull(totpRecoveryCodes.usedAt)))
      .returning({ h: totpRecoveryCodes.codeHash });
    return used ? { kind: 'recovery', codeHash } : null;
  }

  /** Keyed with the server's secret: a copied table alone does not let anyone test guesses offline. */
  private recoveryHash(code: string): string {
    return createHmac('sha256', this.recoveryKey).update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
  }
}

/** The time step whose code this is (within the drift window), or null. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = Math.floor(now / 1000 / STEP_S);
  for (let delta = -WINDOW; delta <= WINDOW; delta++) {
    const step = current + delta;
    const expected = authenticator.clone({ epoch: step * STEP_S * 1000 }).generate(secret);
    if (expected === code) return step;
  }
  return null;
}

/** The code an authenticator app would show now (tests use it). */
export function currentCode(secret: string, now = Date.now()): string {
  return authenticator.clone({ epoch: now }).generate(secret);
}

/** 10 characters from an alphabet without look-alikes, shown as xxxxx-xxxxx (about 50 bits). */
function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}
