import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Row {
  figure: string;
  value: string;
  target?: string;
  conditions: string;
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

export function markdownTable(rows: Row[]): string {
  const lines = ['| Figure | Value | Target | Conditions |', '|---|---|---|---|'];
  for (const r of rows) lines.push(`| ${r.figure} | ${r.value} | ${r.target ?? ''} | ${r.conditions} |`);
  return lines.join('\n');
}

export function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

export function writeResults(rows: Row[], data: unknown, dir = path.resolve(__dirname, '../results')): void {
  mkdirSync(dir, { recursive: true });
  const when = new Date().toISOString();
  writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({ when, machine: machine(), rows, data }, null, 2));
  writeFileSync(path.join(dir, 'latest.md'), `# Benchmark results\n\n${when} — ${machine()}\n\n${markdownTable(rows)}\n`);
}
