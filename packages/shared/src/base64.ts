/**
 * Search text and product titles travel in URL paths base64-encoded (spec 1 §2). We write the
 * URL-safe alphabet without padding so that a '/' never splits a path, and read both alphabets so
 * links written with the standard one keep working. UTF-8 underneath, so 'झुमका' round-trips.
 */

export function encodeBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Returns null for anything that is not valid base64 of valid UTF-8. */
export function decodeBase64Url(encoded: string): string | null {
  const standard = encoded.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(standard)) return null;
  const padded = standard.replace(/=+$/, '').padEnd(Math.ceil(standard.replace(/=+$/, '').length / 4) * 4, '=');
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
