import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { HOME_PAGE_SIZE, STORE_NAME } from '@ssd/shared/constants';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useHomeCatalogs, useTrending } from '../api/home-queries';
import { CatalogStrip } from '../components/catalog-strip';
import { HomeBanners } from '../components/home-banners';
import { NewArrivals } from '../components/new-arrivals';
import { ProductRow } from '../components/product-row';
import { ShopFor } from '../components/shop-for';

const PopularTags = lazy(() =>
  import('../../search/components/popular-tags').then((m) => ({ default: m.PopularTags })),
);

/**
 * Popular Tags sit at the bottom of home: their code, like their data, loads when the section
 * comes near the viewport (at once without IntersectionObserver), keeping it off the first load.
 */
function PopularTagsBelowTheFold() {
  const ref = useRef<HTMLDivElement | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = ref.current;
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near]);
  const placeholder = <div ref={ref} aria-hidden="true" className="min-h-40" />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <PopularTags limit={HOME_PAGE_SIZE} />
    </Suspense>
  );
}

/** Home (spec 2): banners, 'Shop for', Catalog, New Arrivals, trending products and Popular tags. */
export function HomeScreen() {
  useDocumentTitle('Home');
  const catalogs = useHomeCatalogs();
  const trending = useTrending();
  return (
    <>
      <h1 className="sr-only">{STORE_NAME}</h1>
      <HomeBanners />
      <ShopFor catalogs={catalogs.data ?? []} />
      <CatalogStrip
        catalogs={catalogs.data}
        isPending={catalogs.isPending}
        isError={catalogs.isError}
        onRetry={() => void catalogs.refetch()}
      />
      <NewArrivals />
      <ProductRow
        id="trending"
        title="Trending"
        items={trending.data}
        isPending={trending.isPending}
        isError={trending.isError}
        onRetry={() => void trending.refetch()}
        emptyText="No trending products right now."
      />
      <div className="mx-auto max-w-7xl px-4 pb-10 sm:px-6">
        <PopularTagsBelowTheFold />
      </div>
    </>
  );
}
