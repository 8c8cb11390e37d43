import type { AdminProductDetailRow } from '@ssd/shared/admin-content';
import { IMAGE_SEPARATOR, IMAGE_TITLE_SEPARATOR, TAG_SEPARATOR } from '@ssd/shared/admin-content-messages';

/** A product as the detail read's rows describe it (spec 3 §3: one row per tag or image). */
export interface ProductRecord {
  product: AdminProductDetailRow;
  tags: { id: number; title: string }[];
  images: { id: number; url: string; title: string | null }[];
}

/** Gathers the rows: the product's fields from the first, its tags and images from every row, in order. */
export function productFromRows(rows: readonly AdminProductDetailRow[]): ProductRecord {
  const [product] = rows as [AdminProductDetailRow, ...AdminProductDetailRow[]];
  const tags: ProductRecord['tags'] = [];
  const images: ProductRecord['images'] = [];
  for (const row of rows) {
    if (row.tag_id !== null && row.tag_title !== null) tags.push({ id: row.tag_id, title: row.tag_title });
    if (row.image_id !== null && row.image_url !== null) images.push({ id: row.image_id, url: row.image_url, title: row.image_title });
  }
  return { product, tags, images };
}

/** spec 3 §5: tags are entered comma separated; blanks between commas are dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(TAG_SEPARATOR)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** spec 3 §5: images are entered as `URL ~ title` pairs, comma separated (the title may be left out). */
export function parseImages(text: string): { url: string; title: string }[] {
  return text
    .split(IMAGE_SEPARATOR)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const at = entry.indexOf(IMAGE_TITLE_SEPARATOR);
      return at < 0 ? { url: entry, title: '' } : { url: entry.slice(0, at).trim(), title: entry.slice(at + 1).trim() };
    });
}

/** The form's text of a product's tags and images, as parseTags and parseImages read them back. */
export function tagsText(tags: ProductRecord['tags']): string {
  return tags.map((tag) => tag.title).join(`${TAG_SEPARATOR} `);
}

export function imagesText(images: ProductRecord['images']): string {
  return images
    .map((image) => (image.title ? `${image.url} ${IMAGE_TITLE_SEPARATOR} ${image.title}` : image.url))
    .join(`${IMAGE_SEPARATOR} `);
}

/**
 * The images text with an uploaded image added at the end, titled by its file name (without the
 * extension, and without the separators, which would split the entry).
 */
export function withImage(text: string, image: { path: string; filename: string }): string {
  const title = image.filename
    .replace(/\.[^.]*$/, '')
    .replaceAll(IMAGE_SEPARATOR, ' ')
    .replaceAll(IMAGE_TITLE_SEPARATOR, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const entry = title ? `${image.path} ${IMAGE_TITLE_SEPARATOR} ${title}` : image.path;
  let before = text.trim();
  if (before.endsWith(IMAGE_SEPARATOR)) before = before.slice(0, -IMAGE_SEPARATOR.length).trim();
  return before ? `${before}${IMAGE_SEPARATOR} ${entry}` : entry;
}
