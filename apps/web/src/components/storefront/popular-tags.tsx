import { useRef } from 'react';
import { Link } from 'react-router';
import { NETWORK_MESSAGES } from '@ssd/shared/api';
import { usePopularTags } from '../../lib/api/get-tags';
import { searchPath } from '@ssd/shared/search-path';
import { useNearViewport } from '../../lib/use-near-viewport';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/skeleton';

/**
 * While the tags load, chips of mixed widths wrap over about as many lines as a store's tags do, so
 * the sections below do not jump when the tags arrive (the demo store has about 30).
 */
const PLACEHOLDER_CHIPS = 28;
const PLACEHOLDER_WIDTHS = ['w-24', 'w-20', 'w-28', 'w-16', 'w-32'];

/**
 * Popular Tags (spec 2): tags with their counts, loaded when the section comes near the viewport,
 * each a link to a search for the tag. Home and the search screen show them.
 */
export function PopularTags({ limit, headingLevel = 2 }: { limit?: number; headingLevel?: 2 | 3 }) {
  const ref = useRef<HTMLElement | null>(null);
  const near = useNearViewport(ref);
  const tags = usePopularTags(near);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const list = limit === undefined ? tags.data : tags.data?.slice(0, limit);

  return (
    <section ref={ref} aria-labelledby="popular-tags-heading" className="py-6">
      <Heading id="popular-tags-heading" className="heading-section">
        Popular Tags
      </Heading>
      <div className="mt-4">
        {tags.isError ? (
          <div className="flex items-center gap-3">
            <p role="alert" className="text-sm text-ink">
              {NETWORK_MESSAGES.content}
            </p>
            <Button variant="secondary" onClick={() => void tags.refetch()}>
              Try Again
            </Button>
          </div>
        ) : !list ? (
          <div aria-hidden="true" className="flex flex-wrap gap-2">
            {Array.from({ length: limit ?? PLACEHOLDER_CHIPS }, (_, index) => (
              <Skeleton key={index} className={`h-8 rounded-full ${PLACEHOLDER_WIDTHS[index % PLACEHOLDER_WIDTHS.length]}`} />
            ))}
          </div>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted">No tags yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {list.map((tag) => (
              <li key={tag.title}>
                <Link
                  to={searchPath(tag.title)}
                  className="inline-flex items-center gap-2 rounded-full border border-maroon-200 bg-white px-3 py-1.5 text-sm text-ink hover:border-maroon-700 hover:text-maroon-700"
                >
                  {tag.title}
                  <span className="rounded-full bg-maroon-50 px-2 text-xs text-maroon-800">
                    <span className="sr-only">, </span>
                    {tag.count}
                    <span className="sr-only"> items</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
