import { useEffect, useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { History, Search } from 'lucide-react';
import { recordRecentSearch, useShownRecentSearches } from '../../../lib/recent-searches';
import { SEARCH_FORM_PARAM, searchPath } from '@ssd/shared/search-path';

/**
 * The search box of the search landing and the results page (spec 2): up to 3 recent searches as
 * suggestions; an empty submit does nothing; a search goes to /search/{base64 text} and is
 * recorded. On the results page it starts with the text searched (`initialText`), editable.
 *
 * On a server-rendered page a shopper can type and submit before the app has taken the page over:
 * the form then submits natively to /search?q=…, which the server redirects to the results. The
 * field is uncontrolled so that what was typed before the takeover stays in it and is what a later
 * submit searches.
 */
export function SearchBox({ initialText = '', autoFocus = false, focusKey }: { initialText?: string; autoFocus?: boolean; focusKey?: string }) {
  const navigate = useNavigate();
  const recent = useShownRecentSearches(initialText);
  const input = useRef<HTMLInputElement | null>(null);
  const id = useId();

  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus, focusKey]);

  return (
    <div>
      <form
        role="search"
        aria-label="Products"
        action="/search"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          const term = (input.current?.value ?? '').trim();
          if (!term) return;
          recordRecentSearch(term);
          void navigate(searchPath(term));
        }}
        className="flex items-center gap-2 rounded-full border border-maroon-200 bg-white px-4 py-2 shadow-sm focus-within:border-maroon-700"
      >
        <Search aria-hidden="true" className="size-5 text-muted" />
        <label htmlFor={`${id}-q`} className="sr-only">
          Search products
        </label>
        <input
          ref={input}
          id={`${id}-q`}
          type="search"
          name={SEARCH_FORM_PARAM}
          defaultValue={initialText}
          placeholder="Search sarees, jhumkas, silk…"
          className="min-w-0 flex-1 bg-transparent py-1 text-ink outline-none"
        />
        <button type="submit" className="rounded-full bg-maroon-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-maroon-800">
          Search
        </button>
      </form>
      {recent.length > 0 ? (
        <div className="mt-3">
          <h2 id={`${id}-recent`} className="text-xs font-semibold tracking-wide text-muted uppercase">
            Recent searches
          </h2>
          <ul aria-labelledby={`${id}-recent`} className="mt-2 flex flex-wrap gap-2">
            {recent.map((term) => (
              <li key={term}>
                <Link
                  to={searchPath(term)}
                  className="inline-flex items-center gap-1.5 rounded-full bg-maroon-50 px-3 py-1 text-sm text-maroon-800 hover:bg-maroon-100"
                >
                  <History aria-hidden="true" className="size-3.5" />
                  {term}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
