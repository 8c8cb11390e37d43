import { describe, expect, it } from 'vitest';
import { percentOff } from '@ssd/shared/money';
import { BANNERS, SALE_BANNER } from '../src/seed/banners';
import { buildCatalogue, FESTIVE_SALE } from '../src/seed/catalogue';
import { BANNER_SIZES, bannerImage, type BannerFormat } from '../src/seed/images/banners';

/*
 * Banner pictures carry no words (issue 12, item 1): the storefront lays the title over them as
 * text, so a panel's crop can never cut a headline.
 */
describe('seeded banner pictures', () => {
  const formats = Object.keys(BANNER_SIZES) as BannerFormat[];

  it.each([SALE_BANNER, ...BANNERS].map((def) => [def.title, def] as const))('%s: drawn without any text', (_title, def) => {
    for (const format of formats) {
      const svg = bannerImage(def, format);
      // The <title> element names the picture for assistive technology and is never painted.
      const painted = svg.replace(/<title>[^<]*<\/title>/, '');
      expect(painted).not.toMatch(/<(text|tspan|textPath|foreignObject)\b/);
      expect(painted).not.toMatch(/font-(family|size)/);
      expect(svg).toContain(`width="${BANNER_SIZES[format].width}" height="${BANNER_SIZES[format].height}"`);
    }
  });

  it("marks the sale's items down by up to 40%, which the sale page shows as 'Up to 40% off'", () => {
    const onSale = buildCatalogue().filter((product) => product.tags.includes(FESTIVE_SALE.tag_name));
    const offs = onSale.map((product) => percentOff(product.pricePaise, product.marketPricePaise));
    expect(Math.max(...offs)).toBe(40);
    expect(new Set(offs)).toEqual(new Set(FESTIVE_SALE.discountsPercent));
  });
});
