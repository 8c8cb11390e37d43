import { describe, expect, it } from 'vitest';
import { splitDescription, stripMarkup } from './description';
import { QUANTITY_MESSAGES, unitsLeftText, validateQuantity } from './quantity';

describe('splitDescription', () => {
  it("splits the admin's '>' separators into bullet points", () => {
    expect(splitDescription('Pure silk > Zari border >Handwoven in Varanasi').list).toEqual([
      'Pure silk',
      'Zari border',
      'Handwoven in Varanasi',
    ]);
  });

  it('splits on line breaks, <br>, list items and bullet marks; a lone sentence stays a paragraph', () => {
    expect(splitDescription('<ul><li>Soft</li><li>Light &amp; airy</li></ul>').list).toEqual(['Soft', 'Light & airy']);
    expect(splitDescription('Soft<br>Light\n• Festive ● Gift box\n- 2-piece set').list).toEqual([
      'Soft',
      'Light',
      'Festive',
      'Gift box',
      '2-piece set',
    ]);
    expect(splitDescription('<p>A simple <b>cotton</b> dupatta.</p>')).toEqual({ text: 'A simple cotton dupatta.', list: [] });
    expect(splitDescription('')).toEqual({ text: '', list: [] });
  });

  it('drops scripts and styles, and keeps escaped markup as visible text', () => {
    expect(stripMarkup('Nice<script>alert(1)</script><style>p{}</style>')).toBe('Nice');
    expect(splitDescription('Use &lt;b&gt; tags').text).toBe('Use <b> tags');
  });
});

describe('direct-buy quantity', () => {
  it('needs at least 1 and at most the stock', () => {
    expect(validateQuantity(0, 5)).toBe(QUANTITY_MESSAGES.tooFew);
    expect(validateQuantity(-1, 5)).toBe('Please select item quantity greater than 0.');
    expect(validateQuantity(6, 5)).toBe('Requested quantity is not available.');
    expect(validateQuantity(5, 5)).toBeNull();
    expect(unitsLeftText(1)).toBe('Only 1 unit left');
    expect(unitsLeftText(12)).toBe('Only 12 units left');
  });
});
