// `npx tsx scripts/build-icons.ts`: the installable app's PNG icons (ADR 88), drawn from public/favicon.svg.
// The PNGs are committed; run this again only when the logo changes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(__dirname, '..');
const svg = readFileSync(path.join(root, 'public/favicon.svg'));
const out = (name: string) => path.join(root, 'public/icons', name);
const BACKGROUND = '#0f3d2e';

async function main() {
  for (const size of [192, 512]) {
    await sharp(svg, { density: (72 * size) / 64 }).resize(size, size).png({ compressionLevel: 9 }).toFile(out(`icon-${size}.png`));
  }
  // Maskable: the logo inside the central 80 % safe zone on a full-bleed background.
  const inner = await sharp(svg, { density: (72 * 410) / 64 }).resize(410, 410).png().toBuffer();
  await sharp({ create: { width: 512, height: 512, channels: 4, background: BACKGROUND } })
    .composite([{ input: inner, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toFile(out('maskable-512.png'));
  await sharp(svg, { density: (72 * 180) / 64 }).resize(180, 180).flatten({ background: BACKGROUND }).png().toFile(out('apple-touch-icon.png'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
