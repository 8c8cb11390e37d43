import { useEffect, useMemo, useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { assetUrl } from '@ssd/shared/assets';
import { MOBILE_MENU_BREAKPOINT_PX } from '@ssd/shared/constants';
import { decodeBase64Url } from '@ssd/shared/base64';
import type { ContentItem } from '@ssd/shared/content';
import type { ProductCard } from '@ssd/shared/storefront';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { useRating } from '../../../lib/api/get-rating';
import { LOGIN_TO_CONTINUE_MESSAGE } from '../../../lib/login-redirect';
import { goBackOrHome } from '../../../lib/navigation';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useLoginGate } from '../../../lib/use-login-gate';
import { useProduct } from '../api/get-product';
import { BuyNowDialog } from '../components/buy-now-dialog';
import { Description } from '../components/description';
import { ImageGallery, type GalleryImage } from '../components/image-gallery';
import { PriceBlock } from '../components/price-block';
import { BuyActions, PhoneBuyBar } from '../components/buy-actions';
import { WishlistToggle } from '../components/product-actions';
import { RatingBadge } from '../components/rating-badge';
import { ReviewsList } from '../components/reviews-list';
import { Suggestions } from '../components/suggestions';
import { parseProductId } from '../lib/product-id';

export const PRODUCT_FAILED_MESSAGE = 'Failed to get product details';

function toCard(item: ContentItem): ProductCard {
  const { id, title, catalog, shop, price, market_price, thumbnail_image, quantity } = item;
  return { id, title, catalog, shop, price, market_price, thumbnail_image, quantity };
}

function galleryImages(item: ContentItem): GalleryImage[] {
  const images: GalleryImage[] = [];
  for (const image of item.images) {
    const src = assetUrl(image.directus_files_id);
    if (src) images.push({ key: image.id, src });
  }
  if (images.length === 0) {
    const thumbnail = assetUrl(item.thumbnail_image);
    if (thumbnail) images.push({ key: 'thumbnail', src: thumbnail });
  }
  return images;
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => goBackOrHome(navigate)}
      className="inline-flex items-center gap-2 self-start rounded-full px-3 py-1.5 text-sm font-semibold text-maroon-700 hover:bg-maroon-50"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back
    </button>
  );
}

function ProductSkeleton({ title }: { title: string }) {
  return (
    <div className="grid gap-8 md:grid-cols-2" aria-busy="true">
      <Skeleton className="aspect-[4/5] w-full" />
      <div className="flex flex-col gap-4">
        <Skeleton className="h-4 w-40" />
        {title ? <h1 className="heading-page">{title}</h1> : <Skeleton className="h-8 w-3/4" />}
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
      <p className="sr-only" role="status">
        Loading product
      </p>
    </div>
  );
}

function ProductFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-lg text-ink">{PRODUCT_FAILED_MESSAGE}</p>
      <Button onClick={onRetry}>Try Again</Button>
    </div>
  );
}

/**
 * No product with this id (the content service answered 404, or the address holds no product id): a
 * dead end a Try Again cannot help, so the way on is the shop (issue 12, item 7).
 */
function ProductNotFound() {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <h1 className="heading-page">Product not found</h1>
      <p className="text-muted">This product is no longer in our store, or the address is not quite right.</p>
      <Link to="/shop" className={buttonClasses('primary')}>
        Continue shopping
      </Link>
    </div>
  );
}

/** The content service said the product does not exist (not that it could not be reached). */
const isNotFound = (error: unknown) => error instanceof ApiError && !error.network && error.status === 404;

/** Below 768 px the buy buttons move to the sticky buy bar at the end of the page. */
const PHONE_QUERY = `(max-width: ${MOBILE_MENU_BREAKPOINT_PX - 1}px)`;

/**
 * A loaded product: its details, reviews and suggestions. The buy buttons are one component shown in
 * one place at a time: beside the wishlist button from 768 px, in the phone's sticky buy bar below.
 */
function ProductDetail({ item }: { item: ContentItem }) {
  const { shopperOrLogin } = useLoginGate();
  const rating = useRating(item.id);
  const phone = useMediaQuery(PHONE_QUERY);
  const [buying, setBuying] = useState(false);
  const card = useMemo(() => toCard(item), [item]);
  const images = useMemo(() => galleryImages(item), [item]);

  const average = rating.data?.avg_rating ?? item.rating;
  const total = rating.data?.total ?? 0;
  const showRating = average !== null && (total > 0 || item.rating !== null);

  const onBuyNow = () => {
    void shopperOrLogin(LOGIN_TO_CONTINUE_MESSAGE).then((loggedIn) => loggedIn && setBuying(true));
  };

  return (
    <>
      <div className="grid gap-8 md:grid-cols-2">
        <ImageGallery images={images} title={item.title} />
        <div className="flex flex-col gap-4">
          <Link
            to={`/catalog/${encodeURIComponent(item.catalog)}`}
            className="self-start text-sm font-semibold text-maroon-700 underline-offset-4 hover:underline"
          >
            Visit the {item.catalog} store
          </Link>
          <h1 className="heading-page">{item.title}</h1>
          {showRating && average !== null ? <RatingBadge average={average} total={total} /> : null}
          <PriceBlock price={item.price} marketPrice={item.market_price} />
          <Description description={item.description} />
          {item.size_description ? (
            <p className="text-sm text-muted">
              <span className="font-semibold text-ink">Size: </span>
              {item.size_description}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <WishlistToggle itemId={item.id} />
            {phone ? null : <BuyActions item={card} onBuyNow={onBuyNow} />}
          </div>
        </div>
      </div>
      <ReviewsList productId={item.id} />
      <Suggestions productId={item.id} />
      {phone ? (
        <PhoneBuyBar>
          <BuyActions item={card} onBuyNow={onBuyNow} wide />
        </PhoneBuyBar>
      ) : null}
      {buying ? <BuyNowDialog item={card} onClose={() => setBuying(false)} /> : null}
    </>
  );
}

/** /product/{id}/{title} (spec 2 Product detail). Public: see docs/decisions/0012. */
export function ProductScreen() {
  const params = useParams();
  const id = parseProductId(params.id);
  const urlTitle = useMemo(() => decodeBase64Url(params.title ?? '')?.trim() ?? '', [params.title]);
  const product = useProduct(id);
  const { showToast } = useToast();
  // One failure toast per failed load; a product that does not exist is not a failure.
  const notFound = id === null || isNotFound(product.error);
  useDocumentTitle(notFound ? 'Product not found' : (product.data?.title ?? (urlTitle || 'Product')));
  const failedAt = notFound ? 0 : product.isError ? product.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt !== 0) showToast(PRODUCT_FAILED_MESSAGE, 'error');
  }, [failedAt, showToast]);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 py-6">
      <BackButton />
      {notFound ? (
        <ProductNotFound />
      ) : product.isPending ? (
        <ProductSkeleton title={urlTitle} />
      ) : product.isError ? (
        <ProductFailure onRetry={() => void product.refetch()} />
      ) : (
        <ProductDetail key={product.data.id} item={product.data} />
      )}
    </div>
  );
}
