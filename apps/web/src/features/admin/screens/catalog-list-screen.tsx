import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ADMIN_CONTENT_MESSAGES as M } from '@ssd/shared/admin-content-messages';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { catalogListQueryOptions, deleteCatalog } from '../api/catalogs';
import { adminKeys } from '../api/keys';
import { AdminHeader } from '../components/admin-states';
import { AdminTable, CELL, RecordLink, RowActions, Thumb } from '../components/admin-table';
import { ListStates } from '../components/query-states';
import { catalogPath } from '../lib/admin-paths';
import { useAdminWrite } from '../lib/use-admin-write';

/** Ours: spec 3 §8 names no text for a catalog list that cannot be read (docs/decisions/0032). */
export const CATALOG_LIST_FAILED = 'Failed to get catalog list';

/** admin-catalog (spec 3 §2): every catalog by priority, with its detail, update and delete. */
export function CatalogListScreen() {
  useDocumentTitle('Catalogs');
  const query = useQuery(catalogListQueryOptions());
  const remove = useAdminWrite({
    write: deleteCatalog,
    success: M.catalogDeleted,
    failure: M.catalogDeleteFailed,
    invalidates: [adminKeys.catalogs(), adminKeys.products()],
  });

  return (
    <section>
      <AdminHeader title="Catalogs">
        <Link to={catalogPath('add')} className={buttonClasses()}>
          Add Catalog
        </Link>
      </AdminHeader>
      <ListStates query={query} failedTitle={CATALOG_LIST_FAILED}>
        {(catalogs) => (
          <AdminTable caption="Catalogs" columns={['Image', 'Title', 'Priority', 'Products', 'Actions']}>
            {catalogs.map((catalog) => (
              <tr key={catalog.id}>
                <td className={CELL}>
                  <Thumb src={catalog.image} />
                </td>
                <td className={CELL}>
                  <RecordLink to={catalogPath('detail', catalog.title)}>{catalog.title}</RecordLink>
                </td>
                <td className={CELL}>{catalog.priority}</td>
                <td className={CELL}>{catalog.product_count}</td>
                <RowActions editTo={catalogPath('update', catalog.title)} what="catalog" name={catalog.title} onDelete={() => remove.mutateAsync(catalog.title)} />
              </tr>
            ))}
          </AdminTable>
        )}
      </ListStates>
    </section>
  );
}
