import { assetUrl } from '@ssd/shared/assets';
import { NETWORK_MESSAGES } from '@ssd/shared/api';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCatalogs, type CatalogTile } from '../api/use-catalogs';

const TILE_SIZE = 320;
const SKELETON_TILES = 4;

function Heading() {
  return (
    <h2 id="collections-heading" className="text-2xl font-bold text-maroon-700 sm:text-3xl">
      Our collections
    </h2>
  );
}

function Tile({ catalog }: { catalog: CatalogTile }) {
  const src = assetUrl(catalog.image);
  return (
    <li className="overflow-hidden rounded-2xl border border-maroon-100 bg-white shadow-sm">
      {src ? (
        <img
          src={src}
          alt=""
          width={TILE_SIZE}
          height={TILE_SIZE}
          loading="lazy"
          decoding="async"
          className="aspect-square w-full object-cover"
        />
      ) : (
        <div aria-hidden="true" className="aspect-square w-full bg-gradient-to-br from-maroon-100 to-gold-100" />
      )}
      <p className="px-3 py-3 text-center font-serif text-lg font-semibold text-ink">{catalog.title}</p>
    </li>
  );
}

/**
 * 'Our collections' on home: the catalogs from the content service. Tiles are not links yet
 * (the catalog screen comes with the storefront issue). An empty list hides the section.
 */
export function CollectionsSection() {
  const { data, isPending, isError, refetch, isFetching } = useCatalogs();

  if (isPending) {
    return (
      <section aria-labelledby="collections-heading" aria-busy="true" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <Heading />
        <ul aria-hidden="true" className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {Array.from({ length: SKELETON_TILES }, (_, index) => (
            <li key={index} data-testid="catalog-skeleton">
              <Skeleton className="aspect-square w-full rounded-2xl" />
              <Skeleton className="mx-auto mt-3 h-5 w-2/3" />
            </li>
          ))}
        </ul>
      </section>
    );
  }

  if (isError) {
    return (
      <section aria-labelledby="collections-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <Heading />
        <div className="mt-6 flex flex-col items-center gap-4 rounded-2xl border border-maroon-100 bg-white px-4 py-10 text-center">
          <p role="alert" className="text-ink">
            {NETWORK_MESSAGES.content}
          </p>
          <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
            Try Again
          </Button>
        </div>
      </section>
    );
  }

  if (data.length === 0) return null;

  return (
    <section aria-labelledby="collections-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <Heading />
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {data.map((catalog) => (
          <Tile key={catalog.id} catalog={catalog} />
        ))}
      </ul>
    </section>
  );
}
