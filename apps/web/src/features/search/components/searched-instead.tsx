import { Link } from 'react-router';
import { searchPath } from '@ssd/shared/search-path';

/**
 * Above results the typo fallback found (the text as typed matched nothing): says so, and names the
 * spelling searched instead, linking to that search (docs/decisions/0050). The page's heading keeps
 * the text typed, as the spec writes it.
 */
export function SearchedInstead({ typed, searched }: { typed: string; searched: string }) {
  return (
    <p className="mb-2 break-words text-ink">
      Showing results for{' '}
      <Link to={searchPath(searched)} className="font-semibold text-maroon-700 underline underline-offset-2 hover:text-maroon-800">
        ‘{searched}’
      </Link>{' '}
      instead: nothing matched ‘{typed}’.
    </p>
  );
}
