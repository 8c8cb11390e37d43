/** The synonyms screens' addresses: the list, a new group, and a group by its name (?group=). */
export const SYNONYMS_PATH = '/admin/search-synonyms';

export function synonymGroupPath(type: 'add' | 'update', group?: string): string {
  return group === undefined ? `${SYNONYMS_PATH}/${type}` : `${SYNONYMS_PATH}/${type}?${new URLSearchParams({ group })}`;
}
