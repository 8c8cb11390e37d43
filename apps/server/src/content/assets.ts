import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { files } from '../db/schema';
import { fileNotFound } from './errors';
import { ASSETS_CACHE_CONTROL, matchesIfNoneMatch } from './http-cache';

/**
 * `GET /assets/{id}` (and `/assets/{id}/{filename}`, as Directus allows): the stored bytes with
 * their type. Every asset answer carries a CSP that forbids scripts and sandboxes the document,
 * so an uploaded SVG (or anything mislabelled) opened directly can never run code on our origin;
 * images embedded with <img> are not affected by it.
 */
export const ASSET_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/**
 * The stored type as a safe Content-Type: parameters dropped, SVG named properly; only media types
 * (image, audio, video, font, PDF) pass through, anything else (text/html...) or malformed is
 * served as application/octet-stream so a browser never renders it as a page.
 */
export function assetContentType(type: string, filename: string): string {
  const base = type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (base === 'image/svg+xml' || base === 'image/svg' || /\.svgz?$/i.test(filename)) return 'image/svg+xml';
  if (!MIME.test(base)) return 'application/octet-stream';
  return /^(image|audio|video|font)\//.test(base) || base === 'application/pdf' ? base : 'application/octet-stream';
}

/** RFC 6266/8187 `inline; filename*=UTF-8''…` that survives any stored name. */
function contentDisposition(filename: string): string {
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename*=UTF-8''${encoded}`;
}

export async function serveAsset(db: Database, request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) {
  const id = request.params.file;
  // The id column is a uuid: anything else cannot exist (and must not reach PostgreSQL as a uuid).
  if (!UUID.test(id)) throw fileNotFound(id);
  const etag = `"${id.toLowerCase()}"`;

  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    const [exists] = await db.select({ id: files.id }).from(files).where(eq(files.id, id)).limit(1);
    if (!exists) throw fileNotFound(id);
    return reply.code(304).header('etag', etag).header('cache-control', ASSETS_CACHE_CONTROL).send();
  }

  const [file] = await db
    .select({ type: files.type, filename: files.filename_download, data: files.data })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  if (!file) throw fileNotFound(id);

  const bytes = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
  return reply
    .header('content-type', assetContentType(file.type, file.filename))
    .header('content-disposition', contentDisposition(file.filename))
    .header('content-security-policy', ASSET_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('etag', etag)
    .header('cache-control', ASSETS_CACHE_CONTROL)
    .send(bytes);
}
