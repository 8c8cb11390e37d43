import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { deleteSynonymGroup, synonymGroupsQueryOptions, synonymKeys } from '../api/search-synonyms';
import { AdminHeader } from '../components/admin-states';
import { AdminTable, CELL, RowActions } from '../components/admin-table';
import { ListStates } from '../components/query-states';
import { synonymGroupPath } from '../lib/synonym-paths';
import { useAdminWrite } from '../lib/use-admin-write';

export const SYNONYMS_TEXT = {
  title: 'Search synonyms',
  intro: 'Words in one group find each other’s products: a search for one spelling also finds the others.',
  add: 'Add Group',
  failed: 'Failed to get search synonyms',
  deleted: 'Synonym group deleted',
  deleteFailed: 'Failed to delete synonym group',
} as const;

/** /admin/search-synonyms: every group of spelling variants search treats as one word (docs/decisions/0044, 0050). */
export function SearchSynonymsScreen() {
  useDocumentTitle(SYNONYMS_TEXT.title);
  const query = useQuery(synonymGroupsQueryOptions());
  const remove = useAdminWrite({
    write: deleteSynonymGroup,
    success: SYNONYMS_TEXT.deleted,
    failure: SYNONYMS_TEXT.deleteFailed,
    invalidates: [synonymKeys.all()],
  });

  return (
    <section>
      <AdminHeader title={SYNONYMS_TEXT.title}>
        <Link to={synonymGroupPath('add')} className={buttonClasses()}>
          {SYNONYMS_TEXT.add}
        </Link>
      </AdminHeader>
      <p className="mb-4 max-w-2xl text-sm text-muted">{SYNONYMS_TEXT.intro}</p>
      <ListStates query={query} failedTitle={SYNONYMS_TEXT.failed}>
        {(groups) => (
          <AdminTable caption="Synonym groups" columns={['Group', 'Words', 'Actions']}>
            {groups.map(({ group, words }) => (
              <tr key={group}>
                <td className={`${CELL} font-semibold text-ink`}>{group}</td>
                <td className={CELL}>{words.join(', ')}</td>
                <RowActions editTo={synonymGroupPath('update', group)} editLabel="Edit" what="synonym group" name={group} onDelete={() => remove.mutateAsync(group)} />
              </tr>
            ))}
          </AdminTable>
        )}
      </ListStates>
    </section>
  );
}
