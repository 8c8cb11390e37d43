import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Tag } from 'lucide-react';
import { assetUrl } from '@ssd/shared/assets';
import { SALE_PAGE_SKELETONS } from '@ssd/shared/constants';
import { formatDay } from '@ssd/shared/dates';
import { ProductGrid, ProductGridSkeleton } from '../../../components/product/product-grid';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useActiveSales } from '../../../lib/api/get-active-sales';
import { useSaleItems } from '../api/get-sale-items';
import { SALE_ITEMS_ID, SaleBanner } from '../components/sale-banner';
import { deepestDiscount } from '../lib/deepest-discount';

export const SALE_FAILURE_TOAST = 'Failed to load sale items.';
export const SALE_EMPTY_TEXT = 'No items found for this sale.';

/** /sale/{tag} (spec 2): the sale's banner with its words as text, tag chip, end date and its 40 items. */
export function SaleScreen() {
  const { tag = '' } = useParams();
  const sales = useActiveSales();
  const sale = sales.data?.find((entry) => entry.tag_name === tag) ?? null;
  const items = useSaleItems(tag);
  const { showToast } = useToast();
  const title = sale?.sale_name ?? tag;
  useDocumentTitle(title);

  const failed = items.isError;
  const failedAt = items.errorUpdatedAt;
  useEffect(() => {
    if (failed) showToast(SALE_FAILURE_TOAST, 'error');
  }, [failed, failedAt, showToast]);

  const laptop = assetUrl(sale?.banner_image_laptop ?? sale?.banner_image);
  const mobile = assetUrl(sale?.banner_image_mobile ?? sale?.banner_image);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      {sales.isPending ? (
        <Skeleton className="min-h-72 w-full rounded-2xl md:aspect-[3/1] md:min-h-0" />
      ) : (
        <SaleBanner title={title} laptop={laptop} mobile={mobile} deepestOff={items.data ? deepestDiscount(items.data) : null} />
      )}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <span className="inline-flex items-center gap-1 rounded-full bg-gold-100 px-3 py-1 text-sm font-semibold text-maroon-800">
          <Tag aria-hidden="true" className="size-4" />
          {tag}
        </span>
        {sale ? <span className="text-sm font-medium text-red-700">Ends {formatDay(sale.active_till)}</span> : null}
      </div>
      <section id={SALE_ITEMS_ID} tabIndex={-1} className="mt-6 scroll-mt-24 outline-none">
        {items.isPending ? (
          <ProductGridSkeleton count={SALE_PAGE_SKELETONS} label="Loading sale items" />
        ) : items.isError ? (
          <div className="flex justify-center py-10">
            <Button variant="secondary" onClick={() => void items.refetch()} disabled={items.isFetching}>
              Try Again
            </Button>
          </div>
        ) : items.data.length === 0 ? (
          <p className="rounded-2xl border border-maroon-100 bg-white px-4 py-12 text-center text-ink">{SALE_EMPTY_TEXT}</p>
        ) : (
          <ProductGrid items={items.data} label="Sale items" />
        )}
      </section>
    </div>
  );
}
