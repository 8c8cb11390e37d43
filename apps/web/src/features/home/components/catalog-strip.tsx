import { useRef } from 'react';
import { Link } from 'react-router';
import { assetUrl } from '@ssd/shared/assets';
import type { ContentCatalog } from '@ssd/shared/content';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAutoScrollRow, usePauseOnInteraction } from '../hooks';
import { SectionEmpty, SectionError } from './section-states';

export type CatalogTile = Pick<ContentCatalog, 'id' | 'title' | 'image'>;

/** The Catalog strip (spec 2 home): tiles (title, image) to /catalog/{title}, auto-scrolling every 3.5 s. */
export function CatalogStrip({
  catalogs,
  isPending,
  isError,
  onRetry,
}: {
  catalogs: readonly CatalogTile[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  const row = useRef<HTMLUListElement | null>(null);
  const { paused, handlers } = usePauseOnInteraction();
  useAutoScrollRow(row, paused, Boolean(catalogs && catalogs.length > 1));

  return (
    <section aria-labelledby="catalog-heading" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h2 id="catalog-heading" className="heading-section">
        Catalog
      </h2>
      <div className="mt-5" {...handlers}>
        {isPending ? (
          <div role="status" aria-label="Loading catalogs" className="flex gap-4 overflow-hidden">
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} className="aspect-square w-40 shrink-0 rounded-2xl" />
            ))}
          </div>
        ) : isError ? (
          <SectionError onRetry={onRetry} />
        ) : !catalogs || catalogs.length === 0 ? (
          <SectionEmpty text="No catalogs yet." />
        ) : (
          <ul ref={row} className="flex snap-x gap-4 overflow-x-auto pb-2">
            {catalogs.map((catalog) => {
              const src = assetUrl(catalog.image);
              return (
                <li key={catalog.id} className="w-36 shrink-0 snap-start sm:w-44">
                  <Link to={`/catalog/${encodeURIComponent(catalog.title)}`} className="group block text-center">
                    {src ? (
                      <img
                        src={src}
                        alt=""
                        width={176}
                        height={176}
                        loading="lazy"
                        decoding="async"
                        className="aspect-square w-full rounded-full border-4 border-gold-100 object-cover"
                      />
                    ) : (
                      <div className="aspect-square w-full rounded-full bg-gradient-to-br from-maroon-100 to-gold-100" />
                    )}
                    <span className="mt-2 block font-serif text-lg font-semibold text-ink group-hover:text-maroon-700">
                      {catalog.title}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
