import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PopularTags } from '../../../components/storefront/popular-tags';
import { SearchBox } from '../components/search-box';
import { TrendingNow } from '../components/trending-now';

/** /search (spec 2 search landing): the search box with recent searches, Popular Tags, Trending Now. */
export function SearchScreen() {
  useDocumentTitle('Search');
  const location = useLocation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="sr-only">Search</h1>
      <div className="mx-auto max-w-2xl">
        {/* The navbar's search button lands here: the box takes the focus on each visit. */}
        <SearchBox autoFocus focusKey={location.key} />
      </div>
      <PopularTags />
      <TrendingNow />
    </div>
  );
}
