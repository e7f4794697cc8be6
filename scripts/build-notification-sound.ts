/**
 * Writes public/sounds/notification.wav: a short, soft two-note chime (no download, no licence
 * question). Run with `npx tsx scripts/build-notification-sound.ts`; the output is committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const RATE = 22_050;
const SECONDS = 0.55;
// Two notes a fourth apart (E6, A6), the second a little later: a friendly "ding-dong" upwards.
const NOTES = [
  { freq: 1318.51, start: 0, gain: 0.5 },
  { freq: 1760.0, start: 0.12, gain: 0.42 },
];

function sample(t: number): number {
  let v = 0;
  for (const n of NOTES) {
    const local = t - n.start;
    if (local < 0) continue;
    // A 5 ms attack avoids a click; the exponential decay makes it a bell, not a beep.
    const envelope = Math.min(1, local / 0.005) * Math.exp(-local * 9);
    const tone = Math.sin(2 * Math.PI * n.freq * local) + 0.25 * Math.sin(2 * Math.PI * 2 * n.freq * local) * Math.exp(-local * 14);
    v += n.gain * envelope * tone;
  }
  return v;
}

const count = Math.round(RATE * SECONDS);
const data = Buffer.alloc(count * 2);
for (let i = 0; i < count; i++) {
  const fadeOut = Math.min(1, (count - i) / (RATE * 0.02));
  const v = Math.max(-1, Math.min(1, sample(i / RATE) * 0.6 * fadeOut));
  data.writeInt16LE(Math.round(v * 32767), i * 2);
}

const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16); // PCM chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28); // bytes per second
header.writeUInt16LE(2, 32); // block align
header.writeUInt16LE(16, 34); // bits per sample
header.write('data', 36);
header.writeUInt32LE(data.length, 40);

const out = path.resolve(__dirname, '../public/sounds/notification.wav');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, Buffer.concat([header, data]));
console.log(`wrote ${out} (${header.length + data.length} bytes)`);
