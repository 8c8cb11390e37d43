/**
 * Sarees, suits and lehengas: a garment drawn from simple shapes filled with the fabric's patterns,
 * seen from up to four angles (worn, laid flat or folded, a close-up of the work, the dupatta or a swatch).
 */
import type { ImageSpec } from '../catalogue';
import { Random } from '../random';
import type { Artwork } from './artwork';
import { BORDER_VARIANTS, bodyPattern, borderPattern, palluPattern } from './patterns';
import { darken, el, lighten, linearGradient, mix, num } from './svg';

const BACKDROPS = ['#f7f1e3', '#f3ebe4', '#eef2ec', '#f5eee6', '#eee9f2', '#f1efe8'];
const MANNEQUIN = '#eadcc8';

const fillRect = (x: number, y: number, w: number, h: number, fill: string, extra: Record<string, string | number> = {}) =>
  el('rect', { x, y, width: w, height: h, fill, ...extra });

/** A band of a horizontal pattern placed at x, y (optionally rotated), so the tile lines up with it. */
const band = (x: number, y: number, w: number, h: number, fill: string, rotate = 0, extra: Record<string, string> = {}) =>
  el('g', { transform: `translate(${num(x)} ${num(y)})${rotate ? ` rotate(${rotate})` : ''}`, ...extra }, fillRect(0, 0, w, h, fill));

function tassels(x1: number, x2: number, y: number, colour: string, length = 26, step = 12): string {
  let d = '';
  for (let x = x1; x <= x2; x += step) d += `M${num(x)} ${num(y)}v${length}`;
  return el('path', { d, stroke: colour, 'stroke-width': 3, 'stroke-linecap': 'round' });
}

function backdrop(r: Random): { defs: string; layer: string } {
  const tone = r.pick(BACKDROPS);
  return {
    defs: linearGradient('bg', [tone, darken(tone, 0.08)]),
    layer: fillRect(0, 0, 800, 1000, 'url(#bg)') + el('ellipse', { cx: 400, cy: 945, rx: 250, ry: 24, fill: '#000000', opacity: 0.08 }),
  };
}

function mannequinHead(): string {
  return el('circle', { cx: 400, cy: 138, r: 40, fill: MANNEQUIN }) + fillRect(386, 170, 28, 40, MANNEQUIN);
}

/** A close-up: the same drawing scaled around a point. */
function zoom(content: string, cx: number, cy: number, k: number): string {
  return el('g', { transform: `translate(400 500) scale(${num(k)}) translate(${num(-cx)} ${num(-cy)})` }, content);
}

export function renderFabric(spec: ImageSpec): Artwork {
  const r = new Random(spec.seed);
  const p = spec.palette;
  const bg = backdrop(r);
  const borderHeight = r.int(36, 54);
  const variant = spec.style === 'temple-border' ? 'temple' : spec.style === 'mirror' ? 'mirror' : r.pick(BORDER_VARIANTS.filter((v) => v !== 'mirror'));
  const defs =
    bg.defs +
    bodyPattern('b', spec.style, p, r) +
    palluPattern('p', spec.style, p, r) +
    borderPattern('z', variant, p, borderHeight);
  const views =
    spec.kind === 'saree'
      ? sareeViews(spec, r, borderHeight)
      : spec.kind === 'suit'
        ? suitViews(spec, r, borderHeight)
        : lehengaViews(spec, r, borderHeight);
  return { defs: defs + views.defs, views: views.list.map((v) => bg.layer + v) };
}

interface Views {
  defs: string;
  list: string[];
}

function sareeViews(spec: ImageSpec, r: Random, bh: number): Views {
  const p = spec.palette;
  const W = 620;
  const H = 820;
  const palluAt = Math.round(W * r.between(0.58, 0.68));
  const flat =
    fillRect(102, 104, W, H, '#000000', { opacity: 0.12 }) +
    el(
      'g',
      { transform: 'translate(90 90)' },
      fillRect(0, 0, W, H, 'url(#b)') +
        fillRect(palluAt, 0, W - palluAt, H, 'url(#p)') +
        el('path', { d: `M${palluAt} 0V${H}`, stroke: p.accent, 'stroke-width': 8 }) +
        band(0, 0, W, bh, 'url(#z)') +
        band(0, H - bh, W, bh, 'url(#z)'),
    );
  // Tassels along the pallu's end.
  const fringe = el('g', { transform: `translate(${90 + W} 90) rotate(-90)` }, tassels(-H + 8, -8, 0, p.accent, 18, 10));

  const skirt = 'M312 380L488 380L566 922Q400 948 234 922Z';
  const drape =
    el('path', { d: 'M452 200L500 214L612 706L528 732Z', fill: 'url(#p)' }) +
    el('path', { d: 'M452 200L500 214L612 706L528 732Z', fill: '#000000', opacity: 0.15 }) +
    mannequinHead() +
    el('path', { d: 'M328 214Q400 198 472 214L486 332Q400 346 314 332Z', fill: 'url(#p)' }) +
    fillRect(318, 330, 164, 52, MANNEQUIN) +
    el('path', { d: skirt, fill: 'url(#b)' }) +
    el('g', { 'clip-path': 'url(#sk)' }, band(220, 930 - bh, 360, bh, 'url(#z)')) +
    el('path', { d: [-3, -2, -1, 0, 1, 2, 3].map((i) => `M${400 + i * 12} 420L${398 + i * 24} 936`).join(''), stroke: darken(p.base, 0.3), 'stroke-width': 2, opacity: 0.45 }) +
    el('path', { d: 'M308 392L388 420L500 232L458 198Z', fill: 'url(#p)', stroke: p.accent, 'stroke-width': 6, 'stroke-linejoin': 'round' });

  const foldY = r.int(300, 360);
  const fold =
    fillRect(138, foldY + 18, 540, 240, '#000000', { opacity: 0.12 }) +
    el('path', { d: `M300 ${foldY + 230}L600 ${foldY + 230}L646 900L256 900Z`, fill: 'url(#p)' }) +
    tassels(262, 640, 900, p.accent) +
    el('path', { d: `M180 ${foldY - 50}L620 ${foldY - 50}L670 ${foldY}L130 ${foldY}Z`, fill: 'url(#b)' }) +
    el('path', { d: `M180 ${foldY - 50}L620 ${foldY - 50}L670 ${foldY}L130 ${foldY}Z`, fill: '#ffffff', opacity: 0.15 }) +
    fillRect(130, foldY, 540, 230, 'url(#b)') +
    band(130, foldY + 230 - bh, 540, bh, 'url(#z)') +
    el('path', { d: `M130 ${foldY + 60}H670M130 ${foldY + 120}H670`, stroke: darken(p.base, 0.35), 'stroke-width': 2, opacity: 0.35 });

  // The close-up keeps inside the cloth: 1000 / 2.3 / 2 = 217 units above and below its centre.
  const list = [drape, flat + fringe, fold, zoom(flat, 90 + palluAt + r.int(-40, 40), 90 + H - 220 - r.int(0, 40), 2.3)];
  return { defs: el('clipPath', { id: 'sk' }, el('path', { d: skirt })), list };
}

function suitViews(spec: ImageSpec, r: Random, bh: number): Views {
  const p = spec.palette;
  const style = spec.style;
  const hemY = style === 'anarkali' ? 880 : style === 'sharara' ? 560 : style === 'patiala' ? 600 : 720;
  const hemW = style === 'anarkali' ? 580 : style === 'palazzo' ? 380 : 320;
  const hl = 400 - hemW / 2;
  const hr = 400 + hemW / 2;
  const kurta = `M362 192L282 212L292 300L312 380L${hl} ${hemY}Q400 ${hemY + 24} ${hr} ${hemY}L488 380L508 300L518 212L438 192Q400 250 362 192Z`;
  const plain = style === 'chikankari' ? '#fbf7ef' : style === 'patiala' ? mix(p.motif, p.accent, 0.3) : darken(p.base, 0.15);
  let bottoms: string;
  if (style === 'sharara') {
    bottoms = el('path', { d: 'M330 540L398 540L392 930L250 930Z', fill: 'url(#b)' }) + el('path', { d: 'M402 540L470 540L550 930L408 930Z', fill: 'url(#b)' }) + band(250, 930 - bh, 300, bh, 'url(#z)');
  } else if (style === 'patiala') {
    bottoms =
      el('path', { d: 'M320 580L480 580L500 880L440 930L360 930L300 880Z', fill: plain }) +
      el('path', { d: [0, 1, 2, 3, 4, 5].map((i) => `M${330 + i * 28} 600Q${340 + i * 24} 760 ${372 + i * 11} 920`).join(''), stroke: darken(plain, 0.25), 'stroke-width': 2, fill: 'none' });
  } else if (style === 'anarkali') {
    bottoms = fillRect(350, 880, 44, 60, plain) + fillRect(406, 880, 44, 60, plain);
  } else {
    const wide = style === 'palazzo' || style === 'chikankari';
    bottoms = el('path', { d: wide ? 'M320 680L480 680L540 940L410 940L400 760L390 940L260 940Z' : 'M330 680L470 680L470 940L410 940L400 760L390 940L330 940Z', fill: plain });
  }
  const sleeves =
    el('path', { d: 'M282 212L238 420L280 430L300 300Z', fill: 'url(#b)' }) +
    el('path', { d: 'M518 212L562 420L520 430L500 300Z', fill: 'url(#b)' }) +
    el('path', { d: 'M238 412L280 422M562 412L520 422', stroke: p.accent, 'stroke-width': 8 });
  const yoke = el('path', { d: 'M340 197L460 197L440 300Q400 330 360 300Z', fill: 'url(#p)', stroke: p.accent, 'stroke-width': 4 });
  const hanger = el('path', { d: 'M400 196V150Q400 118 426 118Q448 120 444 142M262 214L400 180L538 214', stroke: '#8b6b4a', 'stroke-width': 7, fill: 'none', 'stroke-linecap': 'round' });
  const dupatta = el('path', { d: 'M292 206L336 196L596 800L548 828Z', fill: 'url(#p)', opacity: 0.9, stroke: p.accent, 'stroke-width': 5 });
  const hem = el('g', { 'clip-path': 'url(#ku)' }, band(hl - 20, hemY - bh + 10, hemW + 40, bh, 'url(#z)'));
  const front = bottoms + hanger + sleeves + el('path', { d: kurta, fill: 'url(#b)' }) + hem + yoke + (r.chance(0.5) ? fillRect(312, 372, 176, 14, p.accent) : '') + dupatta;

  const dupattaFlat =
    el('path', { d: 'M150 110H650', stroke: '#8b6b4a', 'stroke-width': 10, 'stroke-linecap': 'round' }) +
    fillRect(180, 118, 440, 790, '#000000', { opacity: 0.1 }) +
    fillRect(170, 110, 440, 790, 'url(#p)') +
    band(210, 110, 790, bh, 'url(#z)', 90) +
    band(610, 110, 790, bh, 'url(#z)', 90) +
    tassels(176, 604, 900, p.accent);

  const swatch = fillRect(0, 0, 800, 1000, 'url(#b)') + band(0, 1000 - bh * 2, 800, bh * 2, 'url(#z)') + el('path', { d: 'M800 0V170L630 0Z', fill: lighten(p.base, 0.25) }) + el('path', { d: 'M630 0L800 170L640 160Z', fill: '#000000', opacity: 0.12 });

  return { defs: el('clipPath', { id: 'ku' }, el('path', { d: kurta })), list: [front, zoom(front, 400, 250, 2.6), dupattaFlat, swatch] };
}

function lehengaViews(spec: ImageSpec, r: Random, bh: number): Views {
  const p = spec.palette;
  const flare = r.int(620, 700);
  const l = 400 - flare / 2;
  const rr = 400 + flare / 2;
  const skirt = `M316 380L484 380Q${rr - 70} 700 ${rr} 930Q400 975 ${l} 930Q${l + 70} 700 316 380Z`;
  const kalis = [-4, -3, -2, -1, 0, 1, 2, 3, 4].map((i) => `M${400 + i * 18} 386L${400 + i * (flare / 9)} 950`).join('');
  const front =
    mannequinHead() +
    el('path', { d: 'M330 212Q400 196 470 212L482 330Q400 344 318 330Z', fill: 'url(#p)', stroke: p.accent, 'stroke-width': 4 }) +
    fillRect(320, 330, 160, 52, MANNEQUIN) +
    el('path', { d: skirt, fill: 'url(#b)' }) +
    el('path', { d: kalis, stroke: p.accent, 'stroke-width': 2, opacity: 0.4 }) +
    el('g', { 'clip-path': 'url(#sk)' }, band(l - 10, 975 - bh * 2, flare + 20, bh * 2, 'url(#z)')) +
    fillRect(312, 372, 176, 18, p.accent) +
    el('path', { d: `M300 214Q238 620 ${rr - 60} 800L${rr - 40} 740Q300 560 348 206Z`, fill: 'url(#p)', 'fill-opacity': 0.7, stroke: p.accent, 'stroke-width': 5 });

  const spread =
    el('circle', { cx: 400, cy: 520, r: 380, fill: 'url(#b)' }) +
    el('circle', { cx: 400, cy: 520, r: 380 - bh, fill: 'none', stroke: p.accent, 'stroke-width': 6 }) +
    el('g', { 'clip-path': 'url(#rim)' }, fillRect(0, 0, 800, 1000, 'url(#z)')) +
    el('circle', { cx: 400, cy: 520, r: 70, fill: lighten(p.base, 0.1), stroke: p.accent, 'stroke-width': 8 });

  const dupattaFlat =
    fillRect(120, 140, 560, 720, 'url(#p)', { 'fill-opacity': 0.85 }) +
    band(120, 140, 560, bh, 'url(#z)') +
    band(120, 860 - bh, 560, bh, 'url(#z)') +
    tassels(126, 674, 860, p.accent);

  const defs =
    el('clipPath', { id: 'sk' }, el('path', { d: skirt })) +
    el('clipPath', { id: 'rim' }, el('path', { d: `M20 520a380 380 0 1 0 760 0a380 380 0 1 0-760 0ZM${20 + bh} 520a${380 - bh} ${380 - bh} 0 1 1 ${760 - 2 * bh} 0a${380 - bh} ${380 - bh} 0 1 1 ${-(760 - 2 * bh)} 0Z`, 'clip-rule': 'evenodd' }));
  return { defs, list: [front, zoom(front, 400 + r.int(-100, 100), 735, 2.2), spread, dupattaFlat] };
}
