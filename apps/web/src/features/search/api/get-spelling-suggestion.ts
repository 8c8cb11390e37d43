import { queryOptions, useQuery } from '@tanstack/react-query';
import { itemKeys } from '../../../lib/api/storefront-keys';
import { contentGet } from '../../../lib/content-client';

/**
 * "Did you mean": the spelling the store knows for a text that found nothing (docs/decisions/0044).
 * Asked of the content service as `meta=suggestion` on a read of no rows, only when a search came up
 * empty, so the results' own read keeps the spec's shape.
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
      return typeof suggestion === 'string' && suggestion.trim() !== '' ? suggestion : null;
    },
    // The answer follows the catalogue, which changes rarely; a failed look-up just offers nothing.
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The suggested spelling, or null while it is asked, when there is none, or when asking failed. */
export function useSpellingSuggestion(text: string): string | null {
  const { data } = useQuery(spellingSuggestionQueryOptions(text));
  return data && data.toLowerCase() !== text.trim().toLowerCase() ? data : null;
}
