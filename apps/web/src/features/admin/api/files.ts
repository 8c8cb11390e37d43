import { ResponseCode } from '@ssd/shared/api';
import { ADMIN_FILES_PATH, type UploadedImage } from '@ssd/shared/admin-files';
import { ASSETS_PATH } from '@ssd/shared/assets';
import { authHeaders, failureOf, isEnvelope, type ApiSuccess } from '../../../lib/api-client';
import { networkError } from '../../../lib/api-error';

/** An answer we can use: the path an image field takes, under the store's own assets. */
function isUploadedImage(data: unknown): data is UploadedImage {
  if (typeof data !== 'object' || data === null) return false;
  const { id, path } = data as Record<string, unknown>;
  return typeof id === 'string' && typeof path === 'string' && path.startsWith(`${ASSETS_PATH}/`);
}

/**
 * Uploads one image to `POST /api/admin/files` (docs/decisions/0035): the file's bytes as the body,
 * its name in the query, the session's headers as every API call has them. A failure throws the
 * ApiError of its envelope (a -2 reaches the admin guard), an unusable answer the network failure.
 */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<ApiSuccess<UploadedImage>> {
  let response: Response;
  try {
    response = await fetch(`${ADMIN_FILES_PATH}?filename=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      // The server reads the type from the bytes; the header only describes the body honestly.
      headers: authHeaders(undefined, { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream' }),
      body: file,
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError(0);
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError(response.status);
  }
  if (!isEnvelope(parsed)) throw networkError(response.status);
  if (parsed.code !== ResponseCode.SUCCESS) throw failureOf(parsed, response.status, {});
  if (!isUploadedImage(parsed.data)) throw networkError(response.status);
  return { data: parsed.data, message: parsed.message };
}
