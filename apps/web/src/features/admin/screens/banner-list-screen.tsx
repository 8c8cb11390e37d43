import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ADMIN_CONTENT_MESSAGES as M } from '@ssd/shared/admin-content-messages';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { bannerListQueryOptions, deleteBanner } from '../api/banners';
import { adminKeys } from '../api/keys';
import { AdminHeader } from '../components/admin-states';
import { AdminTable, CELL, RecordLink, RowActions, Thumb } from '../components/admin-table';
import { ListStates } from '../components/query-states';
import { useAdminWrite } from '../lib/use-admin-write';
import { bannerPath } from '../lib/admin-paths';

/** admin-banner (spec 3 §2): every banner, with its detail, update and delete. */
export function BannerListScreen() {
  useDocumentTitle('Banners');
  const query = useQuery(bannerListQueryOptions());
  const remove = useAdminWrite({
    write: deleteBanner,
    success: M.bannerDeleted,
    failure: M.bannerDeleteFailed,
    invalidates: [adminKeys.banners()],
  });

  return (
    <section>
      <AdminHeader title="Banners">
        <Link to={bannerPath('add')} className={buttonClasses()}>
          Add Banner
        </Link>
      </AdminHeader>
      <ListStates query={query} failedTitle={M.bannerListFailed}>
        {(banners) => (
          <AdminTable caption="Banners" columns={['Image', 'Title', 'Status', 'Link', 'Actions']}>
            {banners.map((banner) => (
              <tr key={banner.banner_id}>
                <td className={CELL}>
                  <Thumb src={banner.banner_image} />
                </td>
                <td className={CELL}>
                  <RecordLink to={bannerPath('detail', banner.banner_id)}>{banner.title}</RecordLink>
                </td>
                <td className={CELL}>{banner.isactive ? 'Active' : 'Inactive'}</td>
                <td className={`${CELL} max-w-48 truncate`}>{banner.link ?? '—'}</td>
                <RowActions editTo={bannerPath('update', banner.banner_id)} what="banner" name={banner.title} onDelete={() => remove.mutateAsync(banner.banner_id)} />
              </tr>
            ))}
          </AdminTable>
        )}
      </ListStates>
    </section>
  );
}
