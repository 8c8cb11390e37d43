/**
 * Banner pictures in three sizes: laptop (1600×600), mobile (800×800) and the plain banner image
 * (1200×600). Pictures only, no words: the storefront lays the banner's title over the picture as
 * real text (issue 12, item 1), so nothing readable is lost when a panel crops the picture. The
 * products stand as framed cards in the middle, where every crop keeps them; the lower part stays
 * calm for the text and its scrim.
 */
import type { BannerDef } from '../banners';
import { prefixIds, renderArtwork } from './artwork';
import { flower } from './motifs';
import { borderPattern } from './patterns';
import { darken, el, lighten, linearGradient, num, svgDocument } from './svg';

export type BannerFormat = 'laptop' | 'mobile' | 'base';

export const BANNER_SIZES: Record<BannerFormat, { width: number; height: number }> = {
  laptop: { width: 1600, height: 600 },
  mobile: { width: 800, height: 800 },
  base: { width: 1200, height: 600 },
};

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
  const band = 34;
  let defs =
    linearGradient('bnbg', [lighten(p.base, 0.12), darken(p.base, 0.3)], 'diagonal') +
    borderPattern('bnz', 'temple', { base: p.base, accent: p.accent, motif: darken(p.base, 0.35) }, band);
  let body =
    el('rect', { width, height, fill: 'url(#bnbg)' }) +
    el('g', { opacity: 0.12 }, flower(width * 0.2, height * 0.45, height * 0.45, 12, p.accent, p.motif) + flower(width * 0.8, height * 0.45, height * 0.45, 12, p.accent, p.motif)) +
    el('rect', { width, height: band, fill: 'url(#bnz)' }) +
    el('g', { transform: `translate(0 ${height}) scale(1 -1)` }, el('rect', { width, height: band, fill: 'url(#bnz)' }));

  // The cards sit in the upper middle: a wide picture is cropped at its sides, a tall one at its top
  // and bottom, and the text goes over the lower part.
  const n = Math.min(def.art.length, 3);
  const cardW = format === 'mobile' ? (n === 3 ? 220 : 270) : 250;
  const spread = format === 'mobile' ? cardW * 0.85 : n === 2 ? 230 : 200;
  const middle = format === 'mobile' ? height * 0.42 : height * 0.47;
  const cards: { defs: string; body: string }[] = [];
  for (let i = 0; i < n; i++) {
    const offset = i - (n - 1) / 2;
    cards.push(card(i, def, width / 2 + offset * spread, middle + Math.abs(offset) * 12, cardW * (1 - Math.abs(offset) * 0.1), offset * 7));
  }
  // The middle card on top.
  const order = cards.map((_, i) => i).sort((a, b) => Math.abs(b - (cards.length - 1) / 2) - Math.abs(a - (cards.length - 1) / 2));
  for (const i of order) {
    defs += cards[i]!.defs;
    body += cards[i]!.body;
  }
  return svgDocument({ width, height, title: def.title, defs, body });
}
