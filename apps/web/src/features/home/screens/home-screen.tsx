import { lazy, Suspense, useRef } from 'react';
import { HOME_PAGE_SIZE, STORE_NAME } from '@ssd/shared/constants';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Skeleton } from '../../../components/ui/skeleton';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useCatalogTiles } from '../api/get-catalog-tiles';
import { CatalogStrip } from '../components/catalog-strip';
import { HomeBanners } from '../components/home-banners';
import { RowSkeleton } from '../components/row-skeleton';
import { ShopFor } from '../components/shop-for';

const HomeProductRows = lazy(() =>
  import('../components/home-product-rows').then((m) => ({ default: m.HomeProductRows })),
);
const PopularTags = lazy(() =>
  import('../../../components/storefront/popular-tags').then((m) => ({ default: m.PopularTags })),
);

/** Home's product rows; New Arrivals has its pills (All, Fabrics, Jewel) beside the heading. */
const PRODUCT_ROWS = [
  { title: 'New Arrivals', pills: true },
  { title: 'Trending', pills: false },
];

/**
 * New Arrivals and Trending sit below the fold: their code and data load when they come near the
 * viewport. Until then each keeps its place with the look of a row loading (heading and pills as
 * bars that wrap like them on a phone, skeleton cards of the cards' size), so nothing below moves
 * when the rows arrive.
 */
function ProductRowsBelowTheFold() {
  const ref = useRef<HTMLDivElement | null>(null);
  const near = useNearViewport(ref);
  const placeholder = (
    <div ref={ref}>
      {PRODUCT_ROWS.map(({ title, pills }) => (
        <div key={title} className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Skeleton className="h-8 w-48 sm:h-9" />
            {pills ? <Skeleton className="h-[34px] w-56 rounded-full" /> : null}
          </div>
          <div className="mt-5">
            <RowSkeleton title={title} />
          </div>
        </div>
      ))}
    </div>
  );
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <HomeProductRows />
    </Suspense>
  );
}

/**
 * Popular Tags sit at the bottom of home: their code, like their data, loads when the section
 * comes near the viewport, keeping it off the first load.
 */
function PopularTagsBelowTheFold() {
  const ref = useRef<HTMLDivElement | null>(null);
  const near = useNearViewport(ref);
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
  const catalogs = useCatalogTiles();
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
      <ProductRowsBelowTheFold />
      <div className="mx-auto max-w-7xl px-4 pb-10 sm:px-6">
        <PopularTagsBelowTheFold />
      </div>
    </>
  );
}
