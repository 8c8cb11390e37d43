/**
 * Image fields hold either a content-service file id (what the seed writes, as Directus does) or an
 * absolute URL (what an admin may paste). One rule turns either into something an <img> can load.
 */
export const ASSETS_PATH = '/content/assets';

export function assetUrl(value: string | null | undefined, contentBase = ''): string | null {
  if (!value) return null;
  if (/^https?:\/\//i.test(value) || value.startsWith('/')) return value;
  return `${contentBase}${ASSETS_PATH}/${encodeURIComponent(value)}`;
}
