import { ResponseCode } from '@ssd/shared/api';
import { authHeaders, failureOf, isEnvelope, type ApiRequestOptions } from './api-client';
import { networkError } from './api-error';

/*
 * File downloads from the product API (an invoice PDF), apart from ./api-client.ts so that only the
 * screens that download load it, not the first load of every page.
 */

/** A file the API serves (a PDF) and the name its Content-Disposition gives it. */
export interface ApiFile {
  blob: Blob;
  filename: string | null;
}

/**
 * Downloads a file from the product API with the session's headers, e.g. an invoice PDF. A failure
 * answers the usual envelope and throws as apiRequest does; an answer that is neither throws the
 * network failure.
 */
export async function apiDownload(path: string, options: Pick<ApiRequestOptions, 'signal' | 'ignoreLoginNeeded'> = {}): Promise<ApiFile> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'GET', headers: authHeaders(undefined, {}), credentials: 'same-origin', signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError(0);
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('application/json')) {
    const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
    return { blob: await response.blob(), filename };
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError(response.status);
  }
  if (!isEnvelope(parsed) || parsed.code === ResponseCode.SUCCESS) throw networkError(response.status);
  throw failureOf(parsed, response.status, options);
}
