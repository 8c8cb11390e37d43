import {
  ADMIN_FILE_MESSAGES as M,
  MAX_UPLOAD_FILENAME_LENGTH,
  UPLOAD_IMAGE_TYPES,
  uploadedImagePath,
  type UploadImageType,
  type UploadedImage,
} from '@ssd/shared/admin-files';
import type { Database } from '../../../db/client';
import { files } from '../../../db/schema';
import { AppError, fail } from '../../../lib/envelope';
import { ResponseCode } from '@ssd/shared/api';
import { recordAudit } from '../audit';
import { imageDimensions, sniffImageType } from './sniff';

/** 415 Unsupported Media Type: the bytes are not one of the accepted image formats. */
const notAnImage = () => new AppError(415, ResponseCode.WARNING, M.notAnImage);

/**
 * The name kept for downloads: the last path segment of what the browser sent, without control
 * characters, cut to a sane length, and with the extension of what the bytes are — so a PNG sent as
 * photo.jpg is kept as photo.png, and no stored name can make the asset route think it is an SVG.
 */
export function storedFilename(sent: string | undefined, type: UploadImageType): string {
  const base = (sent ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const stem = clean.replace(/\.[^.]*$/, '').trim().slice(0, MAX_UPLOAD_FILENAME_LENGTH) || 'image';
  return `${stem}.${UPLOAD_IMAGE_TYPES[type]}`;
}

/**
 * Checks an upload by its bytes and stores it in the files table, where every server of the store
 * serves it from at /content/assets/{id} (docs/decisions/0035); the audit entry is written in the same
 * transaction and describes the file, not its bytes.
 */
export async function storeUploadedImage(db: Database, actorId: string, bytes: Uint8Array, sentName: string | undefined): Promise<UploadedImage> {
  if (bytes.length === 0) throw fail.badRequest(M.empty);
  const type = sniffImageType(bytes);
  if (!type) throw notAnImage();
  const size = imageDimensions(bytes, type);
  if (!size) throw fail.unprocessable(M.unreadable);
  const filename = storedFilename(sentName, type);

  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(files)
      .values({ filename_download: filename, title: filename.replace(/\.[^.]*$/, ''), type, filesize: bytes.length, ...size, data: bytes })
      .returning({ id: files.id });
    const uploaded: UploadedImage = { id: row!.id, path: uploadedImagePath(row!.id), filename, type, filesize: bytes.length, ...size };
    await recordAudit(tx, { actorId, action: 'file.upload', entity: 'file', entityId: uploaded.id, before: null, after: uploaded });
    return uploaded;
  });
}
