import { Link } from 'react-router';
import { searchPath } from '@ssd/shared/search-path';
import { useSpellingSuggestion } from '../api/get-spelling-suggestion';

/** "Did you mean ‘silk’?" linking to that search, when the store knows a spelling for the text; else nothing. */
export function DidYouMean({ text }: { text: string }) {
  const suggestion = useSpellingSuggestion(text);
  if (!suggestion) return null;
  return (
    <p className="mt-3 text-lg text-ink">
      Did you mean{' '}
      <Link to={searchPath(suggestion)} className="font-semibold text-maroon-700 underline underline-offset-2 hover:text-maroon-800">
        ‘{suggestion}’
      </Link>
      ?
    </p>
  );
}
