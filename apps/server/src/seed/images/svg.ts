/**
 * Minimal SVG writing helpers. The documents use presentation attributes only (no <style>, no
 * scripts, no external references), so they render as <img> under a strict Content-Security-Policy.
 */

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A number written short: at most one decimal. */
export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

type AttributeValue = string | number | undefined | null | false;

function attributes(attrs: Record<string, AttributeValue>): string {
  let out = '';
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    out += ` ${key}="${typeof value === 'number' ? num(value) : escapeXml(value)}"`;
  }
  return out;
}

/** One element: el('circle', {cx: 1, r: 2}) or el('g', {fill: 'red'}, children). */
export function el(name: string, attrs: Record<string, AttributeValue> = {}, children?: string): string {
  return children === undefined ? `<${name}${attributes(attrs)}/>` : `<${name}${attributes(attrs)}>${children}</${name}>`;
}

export interface SvgDocumentOptions {
  width: number;
  height: number;
  /** The drawing's own coordinate box; defaults to 0 0 width height. */
  viewBox?: string;
  title: string;
  defs?: string;
  body: string;
}

export function svgDocument({ width, height, viewBox, title, defs, body }: SvgDocumentOptions): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox ?? `0 0 ${width} ${height}`}" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    (defs ? `<defs>${defs}</defs>` : '') +
    body +
    '</svg>'
  );
}

/** Mixes two #rrggbb colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const pa = parseHex(a);
  const pb = parseHex(b);
  const channel = (i: number) => Math.round((pa[i] as number) + ((pb[i] as number) - (pa[i] as number)) * t);
  return `#${[0, 1, 2].map((i) => channel(i).toString(16).padStart(2, '0')).join('')}`;
}

export const lighten = (colour: string, t: number) => mix(colour, '#ffffff', t);
export const darken = (colour: string, t: number) => mix(colour, '#000000', t);

function parseHex(colour: string): [number, number, number] {
  const hex = colour.replace('#', '');
  if (!/^[0-9a-fA-F]{6}$/.test(hex)) throw new Error(`not a #rrggbb colour: ${colour}`);
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative brightness 0..1, to pick a readable text colour or a contrasting ground. */
export function luminance(colour: string): number {
  const [r, g, b] = parseHex(colour);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Points spaced evenly along an ellipse arc, angles in degrees (0 = right, 90 = down). */
export function arcPoints(cx: number, cy: number, rx: number, ry: number, from: number, to: number, count: number) {
  const points: { x: number; y: number; angle: number }[] = [];
  for (let i = 0; i < count; i++) {
    const angle = count === 1 ? (from + to) / 2 : from + ((to - from) * i) / (count - 1);
    const rad = (angle * Math.PI) / 180;
    points.push({ x: cx + rx * Math.cos(rad), y: cy + ry * Math.sin(rad), angle });
  }
  return points;
}

/** A linear gradient, top to bottom unless a direction is given. */
export function linearGradient(id: string, stops: readonly string[], direction: 'down' | 'right' | 'diagonal' = 'down'): string {
  const [x2, y2] = direction === 'down' ? ['0', '1'] : direction === 'right' ? ['1', '0'] : ['1', '1'];
  const body = stops.map((colour, i) => el('stop', { offset: stops.length === 1 ? 0 : i / (stops.length - 1), 'stop-color': colour })).join('');
  return el('linearGradient', { id, x1: 0, y1: 0, x2, y2 }, body);
}

export function radialGradient(id: string, inner: string, outer: string, cx = 0.5, cy = 0.45, r = 0.75): string {
  return el('radialGradient', { id, cx, cy, r }, el('stop', { offset: 0, 'stop-color': inner }) + el('stop', { offset: 1, 'stop-color': outer }));
}
