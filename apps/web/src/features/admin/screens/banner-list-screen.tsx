import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ADMIN_CONTENT_MESSAGES as M } from '@ssd/shared/admin-content-messages';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { bannerListQueryOptions, deleteBanner } from '../api/banners';
import { adminKeys } from '../api/keys';
import { AdminHeader } from '../components/admin-states';
import { AdminTable, CELL, Thumb } from '../components/admin-table';
import { DeleteAction } from '../components/delete-action';
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
                  <Link to={bannerPath('detail', banner.banner_id)} className="font-semibold text-maroon-700 hover:underline">
                    {banner.title}
                  </Link>
                </td>
                <td className={CELL}>{banner.isactive ? 'Active' : 'Inactive'}</td>
                <td className={`${CELL} max-w-48 truncate`}>{banner.link ?? '—'}</td>
                <td className={CELL}>
                  <div className="flex gap-2">
                    <Link
                      to={bannerPath('update', banner.banner_id)}
                      aria-label={`Update ${banner.title}`}
                      className={buttonClasses('secondary', 'px-3 py-1.5')}
                    >
                      Update
                    </Link>
                    <DeleteAction compact what="banner" name={banner.title} onDelete={() => remove.mutateAsync(banner.banner_id)} />
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </ListStates>
    </section>
  );
}
