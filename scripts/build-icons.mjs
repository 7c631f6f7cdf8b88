// Regenerates the app icons (web/public/icons/*.png) from the SVG logo with sharp: the manifest's 192 and
// 512 px icons, a maskable 512 px icon (logo inside the 80% safe zone on a full-bleed background) and the
// 180 px Apple touch icon. Run by hand after changing the logo: node scripts/build-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const dir = path.join(fileURLToPath(new URL('..', import.meta.url)), 'web/public/icons');
const svg = fs.readFileSync(path.join(dir, 'icon.svg'));
const BRAND = '#059669';

for (const size of [192, 512]) {
  await sharp(svg, { density: 384 }).resize(size, size).png().toFile(path.join(dir, `icon-${size}.png`));
}
await sharp(svg, { density: 384 }).resize(180, 180).flatten({ background: BRAND }).png().toFile(path.join(dir, 'apple-touch-icon.png'));
const inner = await sharp(svg, { density: 384 }).resize(360, 360).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(path.join(dir, 'maskable-512.png'));
console.log('icons written to', dir);
