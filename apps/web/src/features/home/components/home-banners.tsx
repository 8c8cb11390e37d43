import { assetUrl } from '@ssd/shared/assets';
import type { ContentBanner } from '@ssd/shared/content';
import type { Sale } from '@ssd/shared/sales';
import { Skeleton } from '../../../components/ui/skeleton';
import { useActiveSales } from '../../../lib/api/get-active-sales';
import { useBanners } from '../api/get-banners';
import { BannerCarousel, usePreloadBannerSlider, type BannerSlide } from './banner-carousel';
import { SectionError } from './section-states';

/** What a slide's button says: the banners hold a title and a link, no words of their own for it. */
export const SALE_CTA = 'Shop the sale';
export const BANNER_CTA = 'Shop now';

/** Sale banners first (to /sale/{tag}), then the ordinary banners (to their link, if any). */
export function bannerSlides(sales: readonly Sale[], banners: readonly ContentBanner[]): BannerSlide[] {
  return [
    ...sales.map((sale) => ({
      key: `sale-${sale.sale_id}`,
      title: sale.sale_name,
      href: `/sale/${encodeURIComponent(sale.tag_name)}`,
      cta: SALE_CTA,
      laptop: assetUrl(sale.banner_image_laptop ?? sale.banner_image),
      mobile: assetUrl(sale.banner_image_mobile ?? sale.banner_image),
    })),
    ...banners.map((banner) => ({
      key: `banner-${banner.banner_id}`,
      title: banner.title,
      href: banner.link || null,
      cta: banner.link ? BANNER_CTA : null,
      laptop: assetUrl(banner.banner_image_laptop ?? banner.banner_image),
      mobile: assetUrl(banner.banner_image_mobile ?? banner.banner_image),
    })),
  ];
}

export function HomeBanners() {
  const sales = useActiveSales();
  const banners = useBanners();
  usePreloadBannerSlider();
  if (sales.isPending || banners.isPending) {
    return (
      <div role="status" aria-label="Loading banners" className="mx-auto max-w-7xl px-4 pt-6 sm:px-6">
        <Skeleton className="aspect-[4/5] w-full rounded-2xl md:aspect-auto md:h-[26rem]" />
      </div>
    );
  }
  // A failed sales read leaves the ordinary banners; only both failing is an error.
  if (banners.isError && sales.isError) {
    return (
      <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6">
        <SectionError
          onRetry={() => {
            void sales.refetch();
            void banners.refetch();
          }}
        />
      </div>
    );
  }
  const slides = bannerSlides(sales.data ?? [], banners.data ?? []);
  return <BannerCarousel slides={slides} />;
}
