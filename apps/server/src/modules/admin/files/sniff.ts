import { imageSize } from 'image-size';
import type { UploadImageType } from '@ssd/shared/admin-files';

/**
 * What an uploaded file is, read from its bytes alone: the name and the declared Content-Type are the
 * uploader's word and prove nothing (an HTML page or an SVG with scripts renamed photo.jpg stays what
 * it is). Only the three raster formats the console accepts pass.
 */

const startsWith = (bytes: Uint8Array, at: number, signature: readonly number[]) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The magic numbers: JPEG's SOI + first marker, PNG's 8-byte signature, WebP's RIFF....WEBP container. */
export function sniffImageType(bytes: Uint8Array): UploadImageType | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'image/webp';
  return null;
}

/** image-size's name for each accepted type: its own reading of the header must agree with ours. */
const IMAGE_SIZE_TYPE: Record<UploadImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Width and height from the image's header (image-size reads the header only, it does not decode the
 * pixels), as shown: an EXIF orientation of 5 to 8 turns a JPEG a quarter, so its sides swap.
 * Null when the header cannot be read: a truncated or forged file that merely starts like an image.
 */
export function imageDimensions(bytes: Uint8Array, type: UploadImageType): { width: number; height: number } | null {
  try {
    const size = imageSize(bytes);
    if (size.type !== IMAGE_SIZE_TYPE[type] || !(size.width > 0) || !(size.height > 0)) return null;
    const quarterTurn = (size.orientation ?? 1) >= 5;
    return quarterTurn ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  } catch {
    return null;
  }
}
