/**
 * Small reusable shapes of Indian textile and jewellery design: paisley (buta), flowers, diamonds,
 * temple triangles, peacocks, stones and pearls. Each returns SVG markup at a position and size.
 */
import { el, lighten, num } from './svg';

/** A paisley (kairi) in a 40-unit box around 0,0, tip curling to the upper right. */
const PAISLEY = 'M2-19C13-17 17-6 13 5 9 15-2 20-10 17-17 14-18 5-13 0-9-4-3-3-1 1 1 4 5 2 4-3 3-8-1-10 3-13 5-15 6-18 2-19Z';

export function paisley(x: number, y: number, size: number, fill: string, rotate = 0, inner?: string): string {
  const k = size / 40;
  const transform = `translate(${num(x)} ${num(y)}) rotate(${num(rotate)}) scale(${Math.round(k * 100) / 100})`;
  const body = el('path', { d: PAISLEY, fill });
  const eye = inner ? el('circle', { cx: -6, cy: 9, r: 4, fill: inner }) : '';
  return el('g', { transform }, body + eye);
}

/** A flower of round petals. */
export function flower(x: number, y: number, r: number, petals: number, fill: string, centre: string): string {
  let out = '';
  const pr = r * (petals > 6 ? 0.32 : 0.42);
  for (let i = 0; i < petals; i++) {
    const a = (i / petals) * Math.PI * 2;
    out += el('circle', { cx: x + Math.cos(a) * (r - pr), cy: y + Math.sin(a) * (r - pr), r: pr, fill });
  }
  return out + el('circle', { cx: x, cy: y, r: r * 0.3, fill: centre });
}

/** A rhombus centred at x, y. */
export function diamond(x: number, y: number, w: number, h: number, fill: string, extra: Record<string, string | number> = {}): string {
  return el('polygon', {
    points: `${num(x)},${num(y - h / 2)} ${num(x + w / 2)},${num(y)} ${num(x)},${num(y + h / 2)} ${num(x - w / 2)},${num(y)}`,
    fill,
    ...extra,
  });
}

/** A leaf (vesica) pointing along `angle` degrees. */
export function leaf(x: number, y: number, length: number, fill: string, angle: number): string {
  const l = length / 2;
  const w = length / 4;
  return el('path', {
    d: `M${num(-l)} 0Q0 ${num(-w)} ${num(l)} 0Q0 ${num(w)} ${num(-l)} 0Z`,
    fill,
    transform: `translate(${num(x)} ${num(y)}) rotate(${num(angle)})`,
  });
}

/** A peacock in profile, about `size` tall, facing left. */
export function peacock(x: number, y: number, size: number, body: string, tail: string, accent: string): string {
  const k = size / 100;
  let feathers = '';
  for (let i = 0; i < 7; i++) {
    const a = -20 + i * 18;
    feathers += el('ellipse', { cx: 38, cy: 0, rx: 34, ry: 9, fill: tail, transform: `rotate(${a} 0 0)`, opacity: 0.85 });
    const rad = (a * Math.PI) / 180;
    feathers += el('circle', { cx: Math.cos(rad) * 62, cy: Math.sin(rad) * 62, r: 6, fill: accent });
  }
  const figure =
    el('g', { transform: 'translate(8 10)' }, feathers) +
    el('ellipse', { cx: 0, cy: 14, rx: 22, ry: 14, fill: body }) +
    el('path', { d: 'M-12 6Q-22-14-16-34', stroke: body, 'stroke-width': 8, fill: 'none', 'stroke-linecap': 'round' }) +
    el('circle', { cx: -16, cy: -36, r: 8, fill: body }) +
    el('path', { d: 'M-24-36l-9 3 9 2Z', fill: accent }) +
    el('path', { d: 'M-16-44l-3-10M-14-44l2-10M-18-44l-8-8', stroke: accent, 'stroke-width': 2 }) +
    el('path', { d: 'M-6 27v14M6 27v14', stroke: accent, 'stroke-width': 3 });
  return el('g', { transform: `translate(${num(x)} ${num(y)}) scale(${Math.round(k * 100) / 100})` }, figure);
}

/** A faceted coloured stone in a metal setting, with a highlight. */
export function stone(x: number, y: number, r: number, colour: string, metal: string): string {
  return (
    el('circle', { cx: x, cy: y, r: r + Math.max(1.5, r * 0.28), fill: metal }) +
    el('circle', { cx: x, cy: y, r, fill: colour }) +
    el('circle', { cx: x - r * 0.35, cy: y - r * 0.35, r: r * 0.3, fill: '#ffffff', opacity: 0.55 })
  );
}

/** A round pearl with a soft highlight. */
export function pearl(x: number, y: number, r: number, colour = '#f6f0e3'): string {
  return el('circle', { cx: x, cy: y, r, fill: colour }) + el('circle', { cx: x - r * 0.3, cy: y - r * 0.35, r: r * 0.35, fill: '#ffffff', opacity: 0.8 });
}

/** A kundan setting: a square of white glass in a gold frame, turned by `angle`. */
export function kundan(x: number, y: number, size: number, metal: string, glass = '#fbf7ec', angle = 0): string {
  const s = size / 2;
  return el(
    'g',
    { transform: `translate(${num(x)} ${num(y)}) rotate(${num(angle)})` },
    el('rect', { x: -s - 3, y: -s - 3, width: size + 6, height: size + 6, rx: 3, fill: metal }) +
      el('rect', { x: -s, y: -s, width: size, height: size, rx: 2, fill: glass }) +
      el('path', { d: `M${num(-s)} ${num(-s)}L${num(s)} ${num(s)}M${num(s)} ${num(-s)}L${num(-s)} ${num(s)}`, stroke: lighten(glass, 0.6), 'stroke-width': 1, opacity: 0.7 }),
  );
}

/** An uncut (polki) stone: an irregular pale polygon in metal. */
export function polki(x: number, y: number, r: number, metal: string, seed: number): string {
  const points: string[] = [];
  const sides = 7;
  for (let i = 0; i < sides; i++) {
    const a = (i / sides) * Math.PI * 2 + seed;
    const rr = r * (0.8 + 0.2 * Math.abs(Math.sin(seed * 3 + i * 1.7)));
    points.push(`${num(x + Math.cos(a) * rr)},${num(y + Math.sin(a) * rr)}`);
  }
  return el('circle', { cx: x, cy: y, r: r + 4, fill: metal }) + el('polygon', { points: points.join(' '), fill: '#f1ece0', stroke: '#d8d0bd', 'stroke-width': 1 });
}

/** A teardrop hanging from x, y (point up). */
export function drop(x: number, y: number, length: number, fill: string, metal: string): string {
  const w = length * 0.38;
  const d = `M${num(x)} ${num(y)}C${num(x + w)} ${num(y + length * 0.45)} ${num(x + w)} ${num(y + length)} ${num(x)} ${num(y + length)}C${num(x - w)} ${num(y + length)} ${num(x - w)} ${num(y + length * 0.45)} ${num(x)} ${num(y)}Z`;
  return el('path', { d, fill, stroke: metal, 'stroke-width': 2 });
}

/** A temple coin: a gold disc with a raised rim and a tiny figure. */
export function templeCoin(x: number, y: number, r: number, metal: string, dark: string): string {
  return (
    el('circle', { cx: x, cy: y, r, fill: metal, stroke: dark, 'stroke-width': 1.5 }) +
    el('circle', { cx: x, cy: y, r: r * 0.72, fill: 'none', stroke: dark, 'stroke-width': 1, opacity: 0.6 }) +
    el('circle', { cx: x, cy: y - r * 0.25, r: r * 0.16, fill: dark, opacity: 0.7 }) +
    el('path', { d: `M${num(x - r * 0.3)} ${num(y + r * 0.4)}L${num(x)} ${num(y - r * 0.1)}L${num(x + r * 0.3)} ${num(y + r * 0.4)}Z`, fill: dark, opacity: 0.6 })
  );
}
