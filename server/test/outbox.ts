import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The newest mail in DATA_DIR/outbox for an address, decoded, with its first link. */
export function lastMail(dataDir: string, to: string): { text: string; link: string } {
  const dir = path.join(dataDir, 'outbox');
  const files = readdirSync(dir).sort().reverse();
  for (const f of files) {
    const raw = readFileSync(path.join(dir, f), 'utf8');
    if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw)) continue;
    const text = decodeQuotedPrintable(raw);
    return { text, link: text.match(/https?:\/\/[^\s"<]+/)?.[0] ?? '' };
  }
  throw new Error(`no mail to ${to}`);
}

/** Every mail in DATA_DIR/outbox for an address, oldest first, decoded (none: an empty list). */
export function mailsTo(dataDir: string, to: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((raw) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw))
    .map(decodeQuotedPrintable);
}
