import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { bannerAddSchema, type AdminBanner, type BannerAddInput } from '@ssd/shared/admin-content';
import { ADMIN_CONTENT_MESSAGES as M } from '@ssd/shared/admin-content-messages';
import { assetUrl } from '@ssd/shared/assets';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { addBanner, bannerQueryOptions, deleteBanner, updateBanner } from '../api/banners';
import { adminKeys } from '../api/keys';
import { AdminHeader, AdminNoData } from '../components/admin-states';
import { DeleteAction } from '../components/delete-action';
import { ImageUpload } from '../components/image-upload';
import { CARD, FormActions, SelectField } from '../components/form-parts';
import { RecordStates } from '../components/query-states';
import { RecordView } from '../components/record-view';
import { useConfirmedSubmit } from '../components/use-confirmed-submit';
import { ADMIN_PATHS, bannerPath, idParam } from '../lib/admin-paths';
import { useDetailType } from '../lib/detail-type';
import { checkForm } from '../lib/form-check';
import { useAdminForm } from '../lib/use-admin-form';
import { useAdminWrite } from '../lib/use-admin-write';

type BannerField = 'title' | 'banner_image' | 'status' | 'link';
type BannerValues = Record<BannerField, string>;

const EMPTY: BannerValues = { title: '', banner_image: '', status: 'active', link: '' };

function valuesOf(banner: AdminBanner): BannerValues {
  return { title: banner.title, banner_image: banner.banner_image, status: banner.isactive ? 'active' : 'inactive', link: banner.link ?? '' };
}

/** The banner form (spec 3 §3, §5): title, image URL, Active or Inactive (sent as isactive), optional link. */
function BannerForm({ initial, bannerId }: { initial: BannerValues; bannerId?: number }) {
  const { values, errors, setErrors, set, setValue, reset } = useAdminForm<BannerField>(initial);
  const navigate = useNavigate();
  const adding = bannerId === undefined;
  const save = useAdminWrite({
    write: (payload: BannerAddInput) => (adding ? addBanner(payload) : updateBanner({ ...payload, banner_id: bannerId })),
    success: adding ? M.bannerAdded : M.bannerUpdated,
    failure: adding ? 'Failed to add banner' : 'Failed to update banner',
    invalidates: [adminKeys.banners()],
    // An update goes back to the banner's detail in place of the form (spec 3 §2); an add to the list.
    onSaved: () => void navigate(adding ? ADMIN_PATHS.banners : bannerPath('detail', bannerId), { replace: !adding }),
  });
  const { onSubmit, dialog, busy } = useConfirmedSubmit({
    title: adding ? 'Add this banner?' : 'Save changes to this banner?',
    confirmLabel: 'Save',
    check: () => {
      const payload = { title: values.title, banner_image: values.banner_image, link: values.link, isactive: values.status === 'active' };
      const checked = checkForm<typeof bannerAddSchema, BannerField | 'isactive'>(bannerAddSchema, payload);
      if (checked.ok) {
        setErrors({});
        return payload;
      }
      const { isactive, ...rest } = checked.errors;
      setErrors({ ...rest, status: isactive });
      return null;
    },
    save: (payload) => save.mutateAsync(payload),
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={adding ? 'Add banner' : 'Update banner'} className={`${CARD} space-y-4`}>
      <TextField label="Title" name="title" value={values.title} onChange={set('title')} error={errors.title} required />
      <TextField
        label="Banner image URL"
        name="banner_image"
        type="url"
        value={values.banner_image}
        onChange={set('banner_image')}
        error={errors.banner_image}
        required
      />
      <ImageUpload label="Upload banner image" onUploaded={(image) => setValue('banner_image', () => image.path)} />
      <SelectField label="Status" name="status" value={values.status} onChange={set('status')} error={errors.status}>
        <option value="active">Active</option>
        <option value="inactive">Inactive</option>
      </SelectField>
      <TextField label="Link (optional)" name="link" type="url" value={values.link} onChange={set('link')} error={errors.link} />
      <FormActions
        submitLabel={adding ? 'Add Banner' : 'Save'}
        busy={busy}
        onReset={reset}
      />
      {dialog}
    </form>
  );
}

function BannerDetail({ banner }: { banner: AdminBanner }) {
  const navigate = useNavigate();
  const remove = useAdminWrite({
    write: deleteBanner,
    success: M.bannerDeleted,
    failure: M.bannerDeleteFailed,
    invalidates: [adminKeys.banners()],
    onSaved: () => void navigate(ADMIN_PATHS.banners, { replace: true }),
  });
  const image = assetUrl(banner.banner_image);
  return (
    <>
      <div className="mb-4 flex flex-wrap gap-2">
        <Button onClick={() => void navigate(bannerPath('update', banner.banner_id), { replace: true })}>Update</Button>
        <DeleteAction what="banner" name={banner.title} onDelete={() => remove.mutateAsync(banner.banner_id)} />
      </div>
      <RecordView
        rows={[
          ['Title', banner.title],
          ['Status', banner.isactive ? 'Active' : 'Inactive'],
          ['Link', banner.link ?? '—'],
          ['Banner image', image ? <img src={image} alt={banner.title} className="max-h-48 rounded-lg object-contain" /> : '—'],
        ]}
      />
    </>
  );
}

/** banner-detail (spec 3 §2): /admin/banner/{add|detail|update}?id= */
export function BannerDetailScreen() {
  const type = useDetailType(ADMIN_PATHS.banners);
  const id = idParam(useSearchParams()[0].get('id'));
  const reads = type !== null && type !== 'add' && id !== null;
  const query = useQuery({ ...bannerQueryOptions(id ?? 0), enabled: reads });
  useDocumentTitle(type === 'add' ? 'Add Banner' : type === 'update' ? 'Update Banner' : 'Banner');
  if (type === null) return null;
  if (type === 'add') {
    return (
      <section>
        <AdminHeader title="Add Banner" />
        <BannerForm initial={EMPTY} />
      </section>
    );
  }
  return (
    <section>
      <AdminHeader title={type === 'update' ? 'Update Banner' : 'Banner'} />
      {id === null ? (
        <AdminNoData>{M.noRelatedData}</AdminNoData>
      ) : (
        <RecordStates query={query} failedTitle={M.bannerDataFailed}>
          {(banner) =>
            type === 'update' ? (
              <BannerForm key={banner.updated_on} initial={valuesOf(banner)} bannerId={banner.banner_id} />
            ) : (
              <BannerDetail banner={banner} />
            )
          }
        </RecordStates>
      )}
    </section>
  );
}
