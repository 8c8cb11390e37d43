import { HOME_PAGE_SIZE, STORE_NAME } from '@ssd/shared/constants';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PopularTags } from '../../search/components/popular-tags';
import { useHomeCatalogs, useTrending } from '../api/home-queries';
import { CatalogStrip } from '../components/catalog-strip';
import { HomeBanners } from '../components/home-banners';
import { NewArrivals } from '../components/new-arrivals';
import { ProductRow } from '../components/product-row';
import { ShopFor } from '../components/shop-for';

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
        <PopularTags limit={HOME_PAGE_SIZE} />
      </div>
    </>
  );
}
