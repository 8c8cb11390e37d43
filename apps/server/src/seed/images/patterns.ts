/**
 * Textile patterns as SVG <pattern> tiles: woven brocade, temple borders, Chanderi checks, Patola
 * ikat, bandhani dots, chikankari, phulkari, block prints, sequins, mirror work. A garment's
 * shapes are filled with url(#id) of these, so a whole saree costs a few hundred bytes.
 */
import type { Palette } from '../catalogue';
import type { Random } from '../random';
import { diamond, flower, leaf, paisley, peacock } from './motifs';
import { darken, el, lighten, luminance, num } from './svg';

function tile(id: string, w: number, h: number, content: string, transform?: string): string {
  return el('pattern', { id, width: w, height: h, patternUnits: 'userSpaceOnUse', patternTransform: transform }, content);
}

const rect = (w: number, h: number, fill: string) => el('rect', { width: w, height: h, fill });

/** A colour that stands out on `base`: its accent, or a deep/light version when the accent is too close. */
export function contrast(palette: Palette): string {
  return Math.abs(luminance(palette.base) - luminance(palette.accent)) > 0.2
    ? palette.accent
    : luminance(palette.base) > 0.5
      ? darken(palette.base, 0.55)
      : lighten(palette.base, 0.7);
}

/** The all-over body pattern of a fabric of the given style. */
export function bodyPattern(id: string, style: string, p: Palette, r: Random): string {
  const s = r.int(0, 2);
  switch (style) {
    case 'brocade': {
      const t = [64, 76, 88][s] as number;
      const buta =
        r.int(0, 1) === 0
          ? paisley(t / 2, t / 2, t * 0.42, p.accent, r.int(-20, 20), p.motif)
          : flower(t / 2, t / 2, t * 0.2, r.pick([5, 6, 8]), p.accent, p.motif);
      return tile(id, t, t, rect(t, t, p.base) + buta + el('circle', { cx: 0, cy: 0, r: 3, fill: p.accent }) + el('circle', { cx: t, cy: t, r: 3, fill: p.accent }) + el('circle', { cx: t, cy: 0, r: 3, fill: p.accent }) + el('circle', { cx: 0, cy: t, r: 3, fill: p.accent }));
    }
    case 'temple-border':
    case 'crepe': {
      const t = [28, 34, 40][s] as number;
      const mark =
        style === 'crepe'
          ? el('path', { d: `M0 ${t}L${t} 0`, stroke: lighten(p.base, 0.12), 'stroke-width': 1.5 })
          : diamond(t / 2, t / 2, t * 0.22, t * 0.3, p.accent);
      return tile(id, t, t, rect(t, t, p.base) + mark);
    }
    case 'checks': {
      const t = [36, 44, 52][s] as number;
      return tile(
        id,
        t,
        t,
        rect(t, t, lighten(p.base, 0.15)) +
          el('path', { d: `M0 0.5H${t}M0.5 0V${t}`, stroke: p.accent, 'stroke-width': 1.6 }) +
          flower(t / 2, t / 2, 4.5, 5, p.accent, p.motif),
      );
    }
    case 'ikat': {
      const t = [70, 84, 96][s] as number;
      const c = t / 2;
      return tile(
        id,
        t,
        t,
        rect(t, t, p.base) +
          diamond(c + 3, c, t * 0.86, t * 0.86, p.motif, { opacity: 0.35 }) +
          diamond(c, c, t * 0.8, t * 0.8, p.motif) +
          diamond(c, c, t * 0.52, t * 0.52, '#fbf3e0') +
          diamond(c, c, t * 0.3, t * 0.3, p.accent) +
          diamond(c, c, t * 0.1, t * 0.1, p.base) +
          diamond(0, 0, t * 0.22, t * 0.22, '#fbf3e0') +
          diamond(t, t, t * 0.22, t * 0.22, '#fbf3e0') +
          diamond(t, 0, t * 0.22, t * 0.22, '#fbf3e0') +
          diamond(0, t, t * 0.22, t * 0.22, '#fbf3e0'),
      );
    }
    case 'bandhani': {
      const t = [26, 30, 34][s] as number;
      const d = t * 0.14;
      const c = t / 2;
      return tile(
        id,
        t,
        t,
        rect(t, t, p.base) +
          [[-1, 0], [1, 0], [0, -1], [0, 1]].map(([dx, dy]) => el('circle', { cx: c + (dx as number) * d * 1.6, cy: c + (dy as number) * d * 1.6, r: d * 0.75, fill: '#fff8e6' })).join('') +
          el('circle', { cx: c, cy: c, r: d * 0.55, fill: '#ffd34d' }) +
          el('circle', { cx: 0, cy: 0, r: d * 0.6, fill: '#fff8e6' }),
      );
    }
    case 'paithani': {
      const t = [44, 50, 56][s] as number;
      return tile(id, t, t, rect(t, t, p.base) + flower(t / 2, t / 2, 6, 4, p.accent, p.motif) + el('circle', { cx: 0, cy: 0, r: 2, fill: p.accent }));
    }
    case 'organza': {
      const t = [110, 124, 140][s] as number;
      const ground = lighten(p.base, 0.55);
      const petal = lighten(p.motif === '#ffffff' ? p.base : p.motif, 0.1);
      return tile(
        id,
        t,
        t,
        rect(t, t, ground) +
          leaf(t * 0.3 + 14, t * 0.3 + 8, 22, '#7aa86a', 30) +
          leaf(t * 0.3 - 14, t * 0.3 + 10, 20, '#7aa86a', 150) +
          flower(t * 0.3, t * 0.3, 14, 5, petal, p.accent) +
          leaf(t * 0.78 + 10, t * 0.8 - 6, 18, '#8bb67a', -30) +
          flower(t * 0.78, t * 0.8, 10, 5, darken(petal, 0.12), p.accent),
      );
    }
    case 'tussar':
    case 'straight': {
      const t = [64, 72, 80][s] as number;
      const ground = style === 'tussar' ? '#dcc49a' : lighten(p.base, 0.65);
      const ink = style === 'tussar' ? p.base : '#2b2f77';
      const motif =
        el('circle', { cx: t / 2, cy: t / 2, r: t * 0.22, fill: 'none', stroke: ink, 'stroke-width': 3 }) +
        flower(t / 2, t / 2, t * 0.14, 8, ink, ground) +
        el('circle', { cx: 0, cy: 0, r: 3.5, fill: ink }) +
        el('circle', { cx: t, cy: t, r: 3.5, fill: ink }) +
        el('circle', { cx: t, cy: 0, r: 3.5, fill: ink }) +
        el('circle', { cx: 0, cy: t, r: 3.5, fill: ink });
      return tile(id, t, t, rect(t, t, ground) + motif);
    }
    case 'linen': {
      const t = [24, 30, 36][s] as number;
      return tile(id, t, t, rect(t, t, p.base) + el('path', { d: `M${t / 2} 0V${t}`, stroke: lighten(p.base, 0.2), 'stroke-width': 2 }) + el('path', { d: `M${t - 2} 0V${t}`, stroke: p.motif, 'stroke-width': 1, opacity: 0.6 }));
    }
    case 'chikankari': {
      const t = [48, 56, 64][s] as number;
      const ground = lighten(p.base, 0.45);
      return tile(
        id,
        t,
        t,
        rect(t, t, ground) +
          flower(t / 2, t / 2, 7, 6, '#ffffff', lighten(p.base, 0.2)) +
          leaf(t / 2 - 12, t / 2 + 9, 10, '#ffffff', -40) +
          leaf(t / 2 + 12, t / 2 + 9, 10, '#ffffff', 40) +
          el('circle', { cx: 0, cy: 0, r: 1.8, fill: '#ffffff' }),
      );
    }
    case 'patiala':
    case 'phulkari': {
      const t = [34, 40, 46][s] as number;
      return tile(id, t, t, rect(t, t, p.base) + diamond(t / 2, t / 2, t * 0.7, t * 0.7, p.motif, { stroke: p.accent, 'stroke-width': 2 }) + diamond(t / 2, t / 2, t * 0.25, t * 0.25, p.accent));
    }
    case 'sharara':
    case 'gota': {
      const t = [40, 46, 52][s] as number;
      return tile(id, t, t, rect(t, t, p.base) + el('path', { d: `M0 ${t - 3}H${t}`, stroke: p.accent, 'stroke-width': 3 }) + leaf(t / 2, t / 2 - 4, 14, p.accent, 90));
    }
    case 'palazzo':
    case 'anarkali': {
      const t = [22, 26, 30][s] as number;
      return tile(id, t, t * 2, rect(t, t * 2, p.base) + el('path', { d: `M${t / 2} 0V${t * 2}`, stroke: darken(p.base, 0.12), 'stroke-width': 2, opacity: 0.7 }) + el('circle', { cx: 0, cy: t / 2, r: 1.8, fill: p.accent }) + el('circle', { cx: t / 2, cy: t * 1.5, r: 1.8, fill: p.accent }));
    }
    case 'bridal': {
      const t = [60, 70, 80][s] as number;
      const c = t / 2;
      return tile(
        id,
        t,
        t,
        rect(t, t, darken(p.base, 0.15)) +
          el('path', { d: `M0 ${c}L${c} 0L${t} ${c}L${c} ${t}Z`, fill: 'none', stroke: p.accent, 'stroke-width': 2.5 }) +
          flower(c, c, 9, 6, p.accent, p.motif) +
          flower(0, 0, 5, 5, p.accent, p.motif) +
          flower(t, 0, 5, 5, p.accent, p.motif) +
          flower(0, t, 5, 5, p.accent, p.motif) +
          flower(t, t, 5, 5, p.accent, p.motif),
      );
    }
    case 'festive': {
      const t = [60, 68, 76][s] as number;
      let dots = '';
      for (let i = 0; i < 7; i++) dots += el('circle', { cx: r.int(3, t - 3), cy: r.int(3, t - 3), r: r.pick([2, 2.5, 3]), fill: i % 3 === 0 ? p.accent : '#e4e8ee', opacity: 0.9 });
      return tile(id, t, t, rect(t, t, p.base) + dots);
    }
    case 'mirror': {
      const t = [50, 56, 62][s] as number;
      const c = t / 2;
      const threads = ['#f4a300', '#e0218a', '#0f9d58', '#1e88e5'];
      let stitches = '';
      for (let i = 0; i < 8; i++) {
        const a = (i / 8) * Math.PI * 2;
        stitches += el('path', { d: `M${num(c + Math.cos(a) * 9)} ${num(c + Math.sin(a) * 9)}L${num(c + Math.cos(a) * 15)} ${num(c + Math.sin(a) * 15)}`, stroke: threads[i % 4] as string, 'stroke-width': 2.5 });
      }
      return tile(id, t, t, rect(t, t, p.base) + stitches + el('circle', { cx: c, cy: c, r: 7, fill: '#eef2f6', stroke: p.motif, 'stroke-width': 2 }) + diamond(0, 0, 10, 10, p.accent));
    }
    default:
      return tile(id, 40, 40, rect(40, 40, p.base) + el('circle', { cx: 20, cy: 20, r: 3, fill: p.accent }));
  }
}

/** A richer pattern for the pallu, yoke or dupatta. */
export function palluPattern(id: string, style: string, p: Palette, r: Random): string {
  switch (style) {
    case 'paithani': {
      const t = 150;
      return tile(id, t, t, rect(t, t, p.accent) + peacock(t / 2 + 6, t / 2 + 8, 90, p.base, p.motif, darken(p.base, 0.3)));
    }
    case 'ikat':
    case 'bandhani':
    case 'organza':
    case 'linen':
    case 'chikankari':
      return bodyPattern(id, style, { ...p, base: darken(p.base, 0.12) }, r);
    case 'patiala':
      return bodyPattern(id, 'phulkari', { base: p.motif === '#ffffff' ? '#c2185b' : darken(p.accent, 0.1), accent: p.base, motif: p.base }, r);
    case 'straight':
      return bodyPattern(id, 'tussar', { ...p, base: '#2b2f77' }, r);
    default: {
      // Dense zari brocade: paisleys on a gold-shot ground.
      const t = 52;
      const ground = darken(p.base, 0.1);
      return tile(
        id,
        t,
        t,
        rect(t, t, ground) +
          paisley(t / 2, t / 2, 30, p.accent, r.int(-30, 30)) +
          el('path', { d: `M0 0L${t} ${t}M${t} 0L0 ${t}`, stroke: p.accent, 'stroke-width': 1, opacity: 0.5 }),
      );
    }
  }
}

export const BORDER_VARIANTS = ['temple', 'rudraksh', 'leaf', 'scallop', 'mirror'] as const;
export type BorderVariant = (typeof BORDER_VARIANTS)[number];

/** A horizontal border band tile, `h` high; draw it inside translate(x y) so the tile lines up. */
export function borderPattern(id: string, variant: BorderVariant, p: Palette, h: number): string {
  const ground = variant === 'temple' ? contrast(p) === p.accent ? darken(p.base, 0.35) : p.motif : darken(p.base, 0.25);
  const gold = p.accent;
  const edge = el('path', { d: `M0 2H60M0 ${h - 2}H60`, stroke: gold, 'stroke-width': 3 });
  switch (variant) {
    case 'temple': {
      const w = h * 0.8;
      const content =
        rect(w, h, ground) +
        el('polygon', { points: `0,${num(h - 4)} ${num(w / 2)},${num(h * 0.22)} ${num(w)},${num(h - 4)}`, fill: gold }) +
        el('polygon', { points: `${num(w * 0.3)},${num(h - 4)} ${num(w / 2)},${num(h * 0.55)} ${num(w * 0.7)},${num(h - 4)}`, fill: ground }) +
        el('path', { d: `M0 2H${num(w)}M0 ${num(h - 2)}H${num(w)}`, stroke: gold, 'stroke-width': 3 });
      return tile(id, w, h, content);
    }
    case 'rudraksh':
      return tile(id, 60, h, rect(60, h, ground) + edge + el('circle', { cx: 15, cy: h / 2, r: h * 0.18, fill: gold }) + diamond(45, h / 2, h * 0.3, h * 0.45, gold));
    case 'leaf':
      return tile(id, 60, h, rect(60, h, ground) + edge + leaf(18, h / 2, h * 0.7, gold, -35) + leaf(42, h / 2, h * 0.7, gold, 35));
    case 'scallop':
      return tile(id, 60, h, rect(60, h, ground) + el('path', { d: `M0 ${num(h * 0.35)}Q15 ${num(h * 0.95)} 30 ${num(h * 0.35)}Q45 ${num(h * 0.95)} 60 ${num(h * 0.35)}`, fill: 'none', stroke: gold, 'stroke-width': 3 }) + el('circle', { cx: 30, cy: h * 0.25, r: 3, fill: gold }) + edge);
    case 'mirror':
      return tile(id, 60, h, rect(60, h, ground) + edge + el('circle', { cx: 30, cy: h / 2, r: h * 0.22, fill: '#eef2f6', stroke: gold, 'stroke-width': 2 }));
  }
}
