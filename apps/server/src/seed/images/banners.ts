/**
 * Banner pictures in three sizes: laptop (1600×600), mobile (800×800) and the plain banner image
 * (1200×600). Lettering on the left (on top for mobile), the products as framed cards beside it.
 */
import type { BannerDef } from '../banners';
import { prefixIds, renderArtwork } from './artwork';
import { flower } from './motifs';
import { borderPattern } from './patterns';
import { darken, el, escapeXml, lighten, linearGradient, luminance, num, svgDocument } from './svg';

export type BannerFormat = 'laptop' | 'mobile' | 'base';

export const BANNER_SIZES: Record<BannerFormat, { width: number; height: number }> = {
  laptop: { width: 1600, height: 600 },
  mobile: { width: 800, height: 800 },
  base: { width: 1200, height: 600 },
};

const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "'Helvetica Neue', Arial, sans-serif";

/** Splits a title into at most two lines of roughly `max` characters. */
function lines(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const words = text.split(' ');
  let best = 1;
  let bestScore = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ').length;
    const b = words.slice(i).join(' ').length;
    const score = Math.max(a, b);
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}

function text(x: number, y: number, size: number, fill: string, content: string, extra: Record<string, string | number> = {}): string {
  return `<text x="${num(x)}" y="${num(y)}" font-size="${num(size)}" fill="${fill}"${Object.entries(extra)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? num(v) : escapeXml(v)}"`)
    .join('')}>${escapeXml(content)}</text>`;
}

/** A product drawing as a framed card, `w` wide, centred at x, y, turned by `angle`. */
function card(index: number, def: BannerDef, x: number, y: number, w: number, angle: number): { defs: string; body: string } {
  const spec = def.art[index];
  if (!spec) return { defs: '', body: '' };
  const art = renderArtwork(spec);
  const prefix = `a${index}`;
  const k = w / 800;
  const inner = prefixIds(art.views[0] ?? '', prefix);
  const body = el(
    'g',
    { transform: `translate(${num(x)} ${num(y)}) rotate(${num(angle)}) scale(${Math.round(k * 1000) / 1000}) translate(-400 -500)` },
    el('rect', { x: -14, y: 6, width: 828, height: 1028, rx: 18, fill: '#000000', opacity: 0.25 }) +
      el('rect', { x: -14, y: -14, width: 828, height: 1028, rx: 18, fill: def.palette.accent }) +
      el('g', { 'clip-path': `url(#${prefix}clip)` }, inner),
  );
  const defs = prefixIds(art.defs, prefix) + el('clipPath', { id: `${prefix}clip` }, el('rect', { width: 800, height: 1000, rx: 10 }));
  return { defs, body };
}

export function bannerImage(def: BannerDef, format: BannerFormat): string {
  const { width, height } = BANNER_SIZES[format];
  const p = def.palette;
  const ink = luminance(p.base) > 0.55 ? darken(p.base, 0.75) : '#fff8ec';
  const band = 34;
  let defs =
    linearGradient('bnbg', [lighten(p.base, 0.12), darken(p.base, 0.3)], 'diagonal') +
    borderPattern('bnz', 'temple', { base: p.base, accent: p.accent, motif: darken(p.base, 0.35) }, band);
  let body =
    el('rect', { width, height, fill: 'url(#bnbg)' }) +
    el('g', { opacity: 0.12 }, flower(width * 0.72, height * 0.5, height * 0.55, 12, p.accent, p.motif)) +
    el('rect', { width, height: band, fill: 'url(#bnz)' }) +
    el('g', { transform: `translate(0 ${height}) scale(1 -1)` }, el('rect', { width, height: band, fill: 'url(#bnz)' }));

  const cards: { defs: string; body: string }[] = [];
  if (format === 'mobile') {
    const titleLines = lines(def.title, 16);
    const size = Math.min(72, 700 / (Math.max(...titleLines.map((l) => l.length)) * 0.55));
    titleLines.forEach((line, i) => {
      body += text(width / 2, 120 + i * size * 1.1, size, ink, line, { 'text-anchor': 'middle', 'font-family': SERIF, 'font-weight': 'bold' });
    });
    const below = 120 + titleLines.length * size * 1.1;
    body += text(width / 2, below + 8, 26, p.motif, def.subtitle, { 'text-anchor': 'middle', 'font-family': SANS, textLength: Math.min(720, def.subtitle.length * 14), lengthAdjust: 'spacingAndGlyphs' });
    const n = Math.min(def.art.length, 3);
    const top = below + 60;
    const cardW = Math.min(n === 3 ? 235 : 300, (height - top - 70) / 1.3);
    const middle = top + (height - 50 - top) / 2;
    for (let i = 0; i < n; i++) {
      const offset = i - (n - 1) / 2;
      cards.push(card(i, def, width / 2 + offset * cardW * 0.85, middle + Math.abs(offset) * 14, cardW, offset * 8));
    }
  } else {
    const textWidth = format === 'laptop' ? 820 : 600;
    const titleLines = lines(def.title, format === 'laptop' ? 22 : 16);
    const size = Math.min(format === 'laptop' ? 86 : 66, textWidth / (Math.max(...titleLines.map((l) => l.length)) * 0.55));
    const x = format === 'laptop' ? 110 : 70;
    const top = height / 2 - (titleLines.length * size * 1.1) / 2 - 10;
    body += text(x, top - 18, 22, p.accent, 'SSD STORE', { 'font-family': SANS, 'letter-spacing': 6 });
    titleLines.forEach((line, i) => {
      body += text(x, top + (i + 0.85) * size * 1.1, size, ink, line, { 'font-family': SERIF, 'font-weight': 'bold' });
    });
    const below = top + titleLines.length * size * 1.1;
    body += text(x, below + 40, format === 'laptop' ? 30 : 24, p.motif, def.subtitle, { 'font-family': SANS });
    const ctaW = def.cta.length * 13 + 60;
    body += el('rect', { x, y: below + 72, width: ctaW, height: 56, rx: 28, fill: p.accent });
    body += text(x + ctaW / 2, below + 108, 22, darken(p.base, 0.4), def.cta, { 'text-anchor': 'middle', 'font-family': SANS, 'font-weight': 'bold' });
    const n = Math.min(def.art.length, format === 'laptop' ? 3 : 2);
    const cardW = 300;
    const centre = format === 'laptop' ? 1230 : 920;
    for (let i = 0; i < n; i++) {
      const offset = i - (n - 1) / 2;
      cards.push(card(i, def, centre + offset * (n === 2 ? 250 : 210), height / 2 + 10 + Math.abs(offset) * 10, cardW * (1 - Math.abs(offset) * 0.12), offset * 7));
    }
  }
  // The middle card on top.
  const order = cards.map((_, i) => i).sort((a, b) => Math.abs(b - (cards.length - 1) / 2) - Math.abs(a - (cards.length - 1) / 2));
  for (const i of order) {
    defs += cards[i]!.defs;
    body += cards[i]!.body;
  }
  return svgDocument({ width, height, title: def.title, defs, body });
}
