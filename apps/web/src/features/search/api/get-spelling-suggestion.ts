import { queryOptions, useQuery } from '@tanstack/react-query';
import { itemKeys } from '../../../lib/api/storefront-keys';
import { contentGet } from '../../../lib/content-client';

/**
 * "Did you mean": the spelling the store knows for a text that found nothing (docs/decisions/0044).
 * The results' first page asks for it (`meta=suggestion`) and puts the answer under this key
 * (docs/decisions/0050); when that answer is not at hand, it is asked with a read of no rows.
 */
export const suggestionKeys = {
  of: (text: string) => [...itemKeys.all, 'suggestion', text] as const,
};

export function spellingSuggestionQueryOptions(text: string) {
  return queryOptions({
    queryKey: suggestionKeys.of(text),
    queryFn: async ({ signal }): Promise<string | null> => {
      const body = await contentGet<unknown[]>('/content/items/items', { search: text, fields: 'id', limit: 0, meta: 'suggestion' }, signal);
      const suggestion = body.meta?.suggestion;
      return typeof suggestion === 'string' ? suggestion : null;
    },
    // The answer follows the catalogue, which changes rarely; a failed look-up just offers nothing.
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** A spelling worth offering for `text`: not blank, and not the text itself in other letter case. */
export function usableSuggestion(suggestion: string | null | undefined, text: string): string | null {
  if (!suggestion || suggestion.trim() === '') return null;
  return suggestion.trim().toLowerCase() === text.trim().toLowerCase() ? null : suggestion;
}

/**
 * The suggested spelling, or null while it is asked, when there is none, or when asking failed.
 * The results' first page usually answered it already (get-search-results.ts), so no read is made.
 */
export function useSpellingSuggestion(text: string): string | null {
  const { data } = useQuery(spellingSuggestionQueryOptions(text));
  return usableSuggestion(data, text);
}
