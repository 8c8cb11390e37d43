/**
 * Necklaces, earrings and bracelets: the piece is drawn once (a <g> in <defs>) and shown on velvet,
 * close up, on a light backdrop and in an open box, each view a <use> of the same drawing.
 */
import type { ImageSpec } from '../catalogue';
import { Random } from '../random';
import type { Artwork } from './artwork';
import { diamond, drop, flower, kundan, pearl, polki, stone, templeCoin } from './motifs';
import { arcPoints, darken, el, lighten, linearGradient, num, radialGradient } from './svg';

const METAL = 'url(#m)';

interface Piece {
  markup: string;
  /** Where a close-up centres. */
  focus: { x: number; y: number };
  /** The piece's middle and the scale that fills the picture with it. */
  frame: { x: number; y: number; scale: number };
  /** A necklace is shown on a bust. */
  bust: boolean;
  /** Parts drawn once and placed many times with <use>. */
  parts?: string;
}

export function renderJewellery(spec: ImageSpec): Artwork {
  const r = new Random(spec.seed);
  const p = spec.palette;
  const piece =
    spec.kind === 'necklace' ? necklace(spec, r) : spec.kind === 'earrings' ? earrings(spec, r) : bracelet(spec, r);
  const ivory = r.pick(['#f6efe2', '#f3ece4', '#efeae1']);
  const defs =
    radialGradient('bg', lighten(p.base, 0.18), darken(p.base, 0.45)) +
    linearGradient('lt', [ivory, darken(ivory, 0.1)]) +
    linearGradient('m', [lighten(p.accent, 0.5), p.accent, darken(p.accent, 0.35)], 'diagonal') +
    (piece.parts ?? '') +
    el('g', { id: 'pc' }, piece.markup);
  const velvet = el('rect', { width: 800, height: 1000, fill: 'url(#bg)' });
  const bust = piece.bust
    ? el('path', { d: 'M335 0V160Q335 250 130 310L80 1000H720L670 310Q465 250 465 160V0Z', fill: lighten(p.base, 0.1), opacity: 0.9 }) +
      el('path', { d: 'M335 160Q335 250 130 310M465 160Q465 250 670 310', stroke: darken(p.base, 0.3), 'stroke-width': 4, fill: 'none', opacity: 0.5 })
    : '';
  const use = (transform?: string) => el('use', { href: '#pc', transform });
  /** The piece centred on x, y at `scale` times its framing size. */
  const at = (x: number, y: number, scale: number) =>
    `translate(${num(x)} ${num(y)}) scale(${Math.round(piece.frame.scale * scale * 100) / 100}) translate(${num(-piece.frame.x)} ${num(-piece.frame.y)})`;
  const k = piece.frame.scale * r.between(1.5, 1.8);
  const display = velvet + bust + (piece.bust ? use() : use(at(400, 500, 1)));
  const close = velvet + use(`translate(400 500) scale(${num(k)}) translate(${num(-piece.focus.x)} ${num(-piece.focus.y)})`);
  const light =
    el('rect', { width: 800, height: 1000, fill: 'url(#lt)' }) +
    el('g', { opacity: 0.18 }, use(at(412, 522, 0.9))) +
    use(at(400, 500, 0.9));
  const box =
    velvet +
    el('path', { d: 'M150 120H650L690 400H110Z', fill: darken(p.base, 0.55) }) +
    el('path', { d: 'M180 150H620L650 380H150Z', fill: lighten(p.base, 0.05) }) +
    el('rect', { x: 110, y: 400, width: 580, height: 480, rx: 18, fill: darken(p.base, 0.55) }) +
    el('rect', { x: 140, y: 420, width: 520, height: 430, rx: 10, fill: lighten(p.base, 0.12) }) +
    use(at(400, 640, 0.55));
  const views = r.chance(0.5) ? [display, close, box, light] : [display, light, close, box];
  return { defs, views };
}

/** A line through points. */
const through = (pts: readonly { x: number; y: number }[]) => pts.map((pt, i) => `${i ? 'L' : 'M'}${num(pt.x)} ${num(pt.y)}`).join('');

/** Necklaces are drawn on the bust: the neck is x 335 to 465, the collarbone near y 200 to 300. */
function necklace(spec: ImageSpec, r: Random): Piece {
  const p = spec.palette;
  const metal = p.accent;
  const dark = darken(metal, 0.45);
  const frame = { x: 400, y: 500, scale: 1 };
  let out = '';
  const cx = 400;
  switch (spec.style) {
    case 'kundan': {
      const pts = arcPoints(cx, 190, 170, 350, 8, 172, r.int(13, 17));
      out += el('path', { d: through(pts), stroke: metal, 'stroke-width': 5, fill: 'none' });
      const setting = el('g', { id: 'ks' }, kundan(0, 0, 28, metal));
      pts.forEach((pt, i) => {
        if (i % 2 === 0) out += drop(pt.x, pt.y + 22, 34, p.motif, metal);
        out += el('use', { href: '#ks', transform: `translate(${num(pt.x)} ${num(pt.y)}) rotate(${num(pt.angle - 90)})` });
      });
      out += pendant(cx, 580, p, metal, r);
      return { markup: out, focus: { x: cx, y: 570 }, frame, bust: true, parts: setting };
    }
    case 'temple': {
      const pts = arcPoints(cx, 190, 175, 370, 8, 172, r.int(15, 19));
      out += el('path', { d: through(pts), stroke: metal, 'stroke-width': 4, fill: 'none' });
      const coin = el('g', { id: 'tc' }, templeCoin(0, 10, 20, metal, dark) + stone(0, -14, 4, p.motif, metal));
      for (const pt of pts) out += el('use', { href: '#tc', x: num(pt.x), y: num(pt.y) });
      out += templeCoin(cx, 640, 56, metal, dark);
      for (const pt of arcPoints(cx, 640, 67, 67, 0, 330, 12)) out += stone(pt.x, pt.y, 5, p.motif, metal);
      out += pearl(cx, 724, 11) + pearl(cx - 28, 714, 8) + pearl(cx + 28, 714, 8);
      return { markup: out, focus: { x: cx, y: 620 }, frame, bust: true, parts: coin };
    }
    case 'polki':
    case 'choker': {
      const polkiStyle = spec.style === 'polki';
      const pts = arcPoints(cx, 200, 112, 130, 6, 174, polkiStyle ? r.int(9, 11) : r.int(15, 19));
      out += el('path', { d: through(pts), stroke: METAL, 'stroke-width': polkiStyle ? 14 : 34, fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
      pts.forEach((pt, i) => {
        if (polkiStyle) {
          out += pearl(pt.x, pt.y + 30, 6) + pearl(pt.x, pt.y + 44, 6) + stone(pt.x, pt.y + 60, 6, p.motif, metal);
          out += polki(pt.x, pt.y, 18, metal, i + r.float());
        } else {
          out += stone(pt.x, pt.y, 9, i % 2 ? p.motif : '#f4f1ea', metal);
          out += drop(pt.x, pt.y + 22, 22, p.motif, metal);
        }
      });
      out += polkiStyle ? polki(cx, 350, 34, metal, 9) + drop(cx, 386, 52, p.motif, metal) + pearl(cx, 448, 8) : pendant(cx, 372, p, metal, r);
      return { markup: out, focus: { x: cx, y: 340 }, frame, bust: true };
    }
    case 'rani-haar':
    case 'pearl': {
      const strands = spec.style === 'pearl' ? 2 : 3;
      for (let s = 0; s < strands; s++) {
        const pts = arcPoints(cx, 190, 150 + s * 26, 300 + s * 80, 8, 172, 26 + s * 5);
        pts.forEach((pt, i) => {
          out +=
            spec.style === 'pearl'
              ? i % 6 === 3
                ? stone(pt.x, pt.y, 7, p.motif, metal)
                : pearl(pt.x, pt.y, 10)
              : i % 2
                ? el('circle', { cx: num(pt.x), cy: num(pt.y), r: 6, fill: METAL })
                : el('circle', { cx: num(pt.x), cy: num(pt.y), r: 8, fill: p.motif });
        });
      }
      const bottom = 190 + 300 + (strands - 1) * 80;
      out += spec.style === 'pearl' ? stone(cx, bottom + 20, 15, p.motif, metal) + pearl(cx, bottom + 48, 11) : pendant(cx, bottom + 24, p, metal, r);
      return { markup: out, focus: { x: cx, y: bottom - 30 }, frame, bust: true };
    }
    default: {
      // Oxidised tribal necklace: discs with ghungroo bells on a thread.
      const pts = arcPoints(cx, 190, 170, 340, 8, 172, r.int(13, 17));
      out += el('path', { d: through(pts), stroke: '#3c3c3c', 'stroke-width': 4, fill: 'none' });
      for (const pt of pts) {
        out += el('circle', { cx: num(pt.x), cy: num(pt.y), r: 18, fill: METAL, stroke: dark, 'stroke-width': 2 }) + flower(pt.x, pt.y, 10, 6, dark, p.motif);
        out += el('circle', { cx: num(pt.x), cy: num(pt.y + 31), r: 7, fill: METAL }) + el('path', { d: `M${num(pt.x - 4)} ${num(pt.y + 33)}H${num(pt.x + 4)}`, stroke: dark, 'stroke-width': 2 });
      }
      out += el('circle', { cx, cy: 600, r: 52, fill: METAL, stroke: dark, 'stroke-width': 3 }) + flower(cx, 600, 32, 8, dark, p.motif) + stone(cx, 600, 10, p.motif, metal);
      return { markup: out, focus: { x: cx, y: 590 }, frame, bust: true };
    }
  }
}

/** A centre pendant: a kundan medallion with drops and pearls. */
function pendant(x: number, y: number, p: ImageSpec['palette'], metal: string, r: Random): string {
  let out = '';
  for (let i = -1; i <= 1; i++) out += drop(x + i * 26, y + 34 - Math.abs(i) * 10, 40, p.motif, metal) + pearl(x + i * 26, y + 82 - Math.abs(i) * 10, 7);
  out += el('circle', { cx: x, cy: y, r: 42, fill: METAL });
  out += r.chance(0.5) ? kundan(x, y, 40, metal, '#fbf7ec', 45) : stone(x, y, 24, p.motif, metal);
  for (const pt of arcPoints(x, y, 36, 36, 0, 330, 12)) out += pearl(pt.x, pt.y, 4);
  return out;
}

function earrings(spec: ImageSpec, r: Random): Piece {
  const p = spec.palette;
  const metal = p.accent;
  const one = (x: number): string => {
    let out = '';
    switch (spec.style) {
      case 'jhumka': {
        const w = r.int(62, 80);
        out += flower(x, 250, 30, 8, metal, p.motif) + stone(x, 250, 9, p.motif, metal);
        out += el('path', { d: `M${x} 280V330`, stroke: metal, 'stroke-width': 6 });
        out += el('path', { d: `M${x - w} 480Q${x - w} 330 ${x} 330Q${x + w} 330 ${x + w} 480Z`, fill: METAL });
        out += el('path', { d: [-2, -1, 0, 1, 2].map((i) => `M${x + i * w * 0.3} 345Q${x + i * w * 0.42} 410 ${x + i * w * 0.45} 478`).join(''), stroke: darken(metal, 0.4), 'stroke-width': 2, fill: 'none' });
        for (const pt of arcPoints(x, 480, w * 0.7, 60, 200, 340, 7)) out += stone(pt.x, pt.y + 30, 4, p.motif, metal);
        out += el('rect', { x: x - w - 4, y: 474, width: 2 * w + 8, height: 14, rx: 7, fill: METAL });
        for (let px = x - w; px <= x + w; px += 14) out += pearl(px, 502, 6) + (r.chance(0.5) ? pearl(px, 518, 5) : '');
        return out;
      }
      case 'chandbali': {
        const cy = 380;
        out += kundan(x, 250, 34, metal) + el('path', { d: `M${x} 270V300`, stroke: metal, 'stroke-width': 5 });
        out += el('path', { d: `M${x - 110} ${cy}A110 110 0 0 0 ${x + 110} ${cy}L${x + 66} ${cy}A66 66 0 0 1 ${x - 66} ${cy}Z`, fill: METAL });
        for (const pt of arcPoints(x, cy, 88, 88, 10, 170, 9)) out += stone(pt.x, pt.y, 8, p.motif, metal);
        for (const pt of arcPoints(x, cy, 116, 116, 15, 165, 11)) out += pearl(pt.x, pt.y + 10, 6);
        out += kundan(x, cy - 30, 30, metal, '#fbf7ec', 45);
        return out;
      }
      case 'studs': {
        const petals = r.pick([6, 8]);
        for (const pt of arcPoints(x, 460, 46, 46, 0, 360 - 360 / petals, petals)) out += stone(pt.x, pt.y, 16, i2(pt.angle) ? p.motif : '#f4f6fb', metal);
        out += stone(x, 460, 24, p.motif, metal);
        return out;
      }
      case 'hoops': {
        const rad = r.int(95, 125);
        out += el('circle', { cx: x, cy: 260 + rad, r: rad, fill: 'none', stroke: METAL, 'stroke-width': 14 });
        out += el('circle', { cx: x, cy: 260 + rad, r: rad, fill: 'none', stroke: darken(metal, 0.4), 'stroke-width': 2, 'stroke-dasharray': '3 7' });
        for (const pt of arcPoints(x, 260 + rad, rad, rad, 30, 150, 7)) out += el('circle', { cx: num(pt.x), cy: num(pt.y + 14), r: 7, fill: p.motif });
        out += stone(x, 252, 10, p.motif, metal);
        return out;
      }
      default: {
        // Danglers: a stud, three kundan links and a teardrop.
        out += kundan(x, 240, 30, metal);
        for (let i = 1; i <= 3; i++) out += el('path', { d: `M${x} ${210 + i * 70}v30`, stroke: metal, 'stroke-width': 4 }) + kundan(x, 240 + i * 70, 34 - i * 2, metal, '#fbf7ec', 45);
        out += drop(x, 470, 70, p.motif, metal) + pearl(x, 556, 8);
        return out;
      }
    }
  };
  const gap = r.int(130, 150);
  // A pair is two of the same earring.
  const parts = el('g', { id: 'er' }, one(400 - gap));
  return { markup: el('use', { href: '#er' }) + el('use', { href: '#er', x: 2 * gap }), parts, focus: { x: 400 - gap, y: 400 }, frame: { x: 400, y: 400, scale: 1.45 }, bust: false };
}

const i2 = (angle: number) => Math.round(angle) % 90 === 0;

function bracelet(spec: ImageSpec, r: Random): Piece {
  const p = spec.palette;
  const metal = p.accent;
  const dark = darken(metal, 0.45);
  let out = '';
  switch (spec.style) {
    case 'bangles': {
      const count = r.int(4, 6);
      for (let i = 0; i < count; i++) {
        const y = 420 + i * 34;
        const width = r.pick([12, 16, 22]);
        const studded = i % 2 === 0;
        out += el('ellipse', { cx: 400, cy: y, rx: 250, ry: 92, fill: 'none', stroke: METAL, 'stroke-width': width });
        if (studded) for (const pt of arcPoints(400, y, 250, 92, 15, 165, 15)) out += el('circle', { cx: num(pt.x), cy: num(pt.y), r: width * 0.3, fill: p.motif });
        else out += el('ellipse', { cx: 400, cy: y, rx: 250, ry: 92, fill: 'none', stroke: dark, 'stroke-width': 1.5, 'stroke-dasharray': '4 6' });
      }
      return { markup: out, focus: { x: 400, y: 560 }, frame: { x: 400, y: 500, scale: 1.2 }, bust: false };
    }
    case 'kada': {
      out += el('ellipse', { cx: 400, cy: 500, rx: 240, ry: 110, fill: 'none', stroke: METAL, 'stroke-width': 64 });
      out += el('ellipse', { cx: 400, cy: 500, rx: 240, ry: 110, fill: 'none', stroke: dark, 'stroke-width': 2, opacity: 0.6 });
      for (const pt of arcPoints(400, 500, 240, 110, 10, 170, 13)) out += stone(pt.x, pt.y - 14, 9, p.motif, metal) + kundan(pt.x, pt.y + 16, 12, metal);
      out += el('circle', { cx: 160, cy: 500, r: 14, fill: dark });
      return { markup: out, focus: { x: 400, y: 600 }, frame: { x: 400, y: 500, scale: 1.25 }, bust: false };
    }
    case 'cuff': {
      out += el('path', { d: 'M250 350A210 170 0 1 0 550 350', fill: 'none', stroke: METAL, 'stroke-width': 72, 'stroke-linecap': 'round' });
      out += el('path', { d: 'M250 350A210 170 0 1 0 550 350', fill: 'none', stroke: dark, 'stroke-width': 2, 'stroke-dasharray': '10 8', opacity: 0.8 });
      for (const pt of arcPoints(400, 470, 210, 170, 40, 140, 5)) out += diamond(pt.x, pt.y, 28, 40, p.motif, { stroke: dark, 'stroke-width': 3 });
      return { markup: out, focus: { x: 400, y: 620 }, frame: { x: 400, y: 480, scale: 1.25 }, bust: false };
    }
    default: {
      // Tennis bracelet: a loop of square-set stones.
      for (const pt of arcPoints(400, 500, 240, 130, 0, 348, 30)) {
        out += el('rect', { x: num(pt.x - 13), y: num(pt.y - 13), width: 26, height: 26, rx: 3, fill: METAL, transform: `rotate(${num(pt.angle)} ${num(pt.x)} ${num(pt.y)})` });
        out += stone(pt.x, pt.y, 8, Math.round(pt.angle) % 60 < 12 ? p.motif : '#f2f5fb', metal);
      }
      out += el('rect', { x: 620, y: 470, width: 40, height: 30, rx: 6, fill: METAL });
      return { markup: out, focus: { x: 400, y: 620 }, frame: { x: 400, y: 500, scale: 1.3 }, bust: false };
    }
  }
}
