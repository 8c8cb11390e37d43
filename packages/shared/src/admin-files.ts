import { ASSETS_PATH } from './assets';

/**
 * Image upload of the admin console (issue 11, "Images"; docs/decisions/0035): the limits and texts
 * the server enforces and the console's upload control shows. Free of zod, so the control can import
 * it without the contracts.
 *
 * The call: `POST /api/admin/files?filename={name}` with the file's bytes as the body (one file per
 * request). The type is read from the bytes, never from the name or the Content-Type header.
 */

export const ADMIN_FILES_PATH = '/api/admin/files';

/** 5 MB: a large product photograph; more is almost always a camera original nobody should serve. */
export const MAX_IMAGE_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The upload's name is kept for downloads (Content-Disposition); longer names are cut. */
export const MAX_UPLOAD_FILENAME_LENGTH = 200;

/** The accepted types, with the extension a stored name gets. */
export const UPLOAD_IMAGE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;

export type UploadImageType = keyof typeof UPLOAD_IMAGE_TYPES;

/** What the file input offers; the server decides by the bytes all the same. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp';

export const ADMIN_FILE_MESSAGES = {
  uploaded: 'Image uploaded.',
  empty: 'Choose an image to upload.',
  notAnImage: 'Only JPEG, PNG or WebP images can be uploaded.',
  unreadable: 'The image could not be read. Upload a complete JPEG, PNG or WebP file.',
  tooLarge: `The image is too large (${MAX_IMAGE_UPLOAD_BYTES / (1024 * 1024)} MB at most).`,
  uploadFailed: 'Failed to upload the image',
} as const;

/** The answer of a successful upload: `path` is what an image field takes (see isImageRef). */
export interface UploadedImage {
  id: string;
  path: string;
  filename: string;
  type: UploadImageType;
  filesize: number;
  width: number;
  height: number;
}

export const uploadedImagePath = (id: string): string => `${ASSETS_PATH}/${id}`;
