import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from '../src/base64';

describe('base64 in URLs', () => {
  it('round-trips Unicode titles', () => {
    for (const text of ['Banarasi Silk Saree', 'झुमका earrings', 'Kundan — bridal set ✨', '']) {
      expect(decodeBase64Url(encodeBase64Url(text))).toBe(text);
    }
  });
  it('never writes a slash, plus or padding', () => {
    const encoded = encodeBase64Url('??>>??>>~~ subjects');
    expect(encoded).not.toMatch(/[/+=]/);
  });
  it('reads the standard alphabet with padding too', () => {
    expect(decodeBase64Url(btoa('silk saree'))).toBe('silk saree');
  });
  it('answers null for what is not base64 of UTF-8', () => {
    expect(decodeBase64Url('not base64!')).toBeNull();
    expect(decodeBase64Url('_w')).toBeNull(); // 0xff alone is not UTF-8
  });
});
