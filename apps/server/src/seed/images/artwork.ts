/**
 * The pictures of the demo catalogue, made here rather than downloaded: SVG documents drawn from
 * the product's kind, style and colours, seeded by the product so every product looks different
 * and every run draws the same pictures.
 */
import type { ImageSpec } from '../catalogue';
import { renderFabric } from './fabrics';
import { renderJewellery } from './jewellery';
import { svgDocument } from './svg';

/** Shared definitions (patterns, gradients, the piece) and the body of each view in an 800×1000 box. */
export interface Artwork {
  defs: string;
  views: string[];
}

export const PRODUCT_IMAGE = { width: 800, height: 1000 } as const;
export const CATALOG_IMAGE = { width: 600, height: 600 } as const;

export function renderArtwork(spec: ImageSpec): Artwork {
  return spec.kind === 'saree' || spec.kind === 'suit' || spec.kind === 'lehenga' ? renderFabric(spec) : renderJewellery(spec);
}

/** The product's pictures as complete SVG documents, `count` of them (at most the views drawn). */
export function productImages(spec: ImageSpec, title: string, count: number): string[] {
  const art = renderArtwork(spec);
  return art.views.slice(0, count).map((body) =>
    svgDocument({ ...PRODUCT_IMAGE, title, defs: art.defs, body }),
  );
}

/** A square catalog tile: the middle of the first view. */
export function catalogImage(spec: ImageSpec, title: string): string {
  const art = renderArtwork(spec);
  return svgDocument({
    ...CATALOG_IMAGE,
    viewBox: '0 100 800 800',
    title,
    defs: art.defs,
    body: art.views[0] ?? '',
  });
}

/** Gives every id in `markup` a prefix (and every reference to one), so several drawings can share a document. */
export function prefixIds(markup: string, prefix: string): string {
  return markup
    .replace(/ id="([^"]+)"/g, ` id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/ href="#([^"]+)"/g, ` href="#${prefix}$1"`);
}
