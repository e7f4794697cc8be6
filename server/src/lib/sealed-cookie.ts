import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** AES-256-GCM sealed values the client must not read or forge (consent and location cookies, TOTP secrets at rest). */
export class CookieSealer {
  private readonly key: Buffer;

  /** `purpose` separates keys: a value sealed for one use never opens as another's. */
  constructor(secret: string, purpose = 'cookie-seal') {
    this.key = createHash('sha256').update(`${purpose}:${secret}`).digest();
  }

  seal(value: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  open<T = unknown>(sealed: string | undefined): T | null {
    if (!sealed) return null;
    try {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as T;
    } catch {
      return null;
    }
  }
}
