import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { catalogAddSchema, type AdminCatalog, type CatalogAddInput } from '@ssd/shared/admin-content';
import { ADMIN_CONTENT_MESSAGES as M } from '@ssd/shared/admin-content-messages';
import { assetUrl } from '@ssd/shared/assets';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { addCatalog, catalogQueryOptions, deleteCatalog, updateCatalog } from '../api/catalogs';
import { adminKeys } from '../api/keys';
import { AdminHeader, AdminNoData } from '../components/admin-states';
import { DeleteAction } from '../components/delete-action';
import { ImageUpload } from '../components/image-upload';
import { CARD, FormActions } from '../components/form-parts';
import { RecordStates } from '../components/query-states';
import { RecordView } from '../components/record-view';
import { useConfirmedSubmit } from '../components/use-confirmed-submit';
import { ADMIN_PATHS, catalogPath } from '../lib/admin-paths';
import { useDetailType } from '../lib/detail-type';
import { checkForm } from '../lib/form-check';
import { useAdminForm } from '../lib/use-admin-form';
import { useAdminWrite } from '../lib/use-admin-write';

type CatalogField = 'title' | 'image' | 'priority';
type CatalogValues = Record<CatalogField, string>;

const EMPTY: CatalogValues = { title: '', image: '', priority: '' };

const valuesOf = (catalog: AdminCatalog): CatalogValues => ({ title: catalog.title, image: catalog.image, priority: String(catalog.priority) });

/** The catalog form (spec 3 §3, §5): title, image URL, numeric priority. Renaming keeps its products. */
function CatalogForm({ initial, oldTitle }: { initial: CatalogValues; oldTitle?: string }) {
  const { values, errors, setErrors, set, setValue, reset } = useAdminForm<CatalogField>(initial);
  const navigate = useNavigate();
  const adding = oldTitle === undefined;
  const save = useAdminWrite({
    write: (payload: CatalogAddInput) =>
      adding
        ? addCatalog(payload)
        : updateCatalog({ old_title: oldTitle, new_title: payload.title, image: payload.image, priority: payload.priority }),
    success: adding ? M.categoryAdded : M.categoryUpdated,
    failure: adding ? 'Failed to add catalog' : 'Failed to update catalog',
    invalidates: [adminKeys.catalogs(), adminKeys.products()],
    onSaved: (_result, payload) =>
      void navigate(adding ? ADMIN_PATHS.catalogs : catalogPath('detail', String(payload.title).trim()), { replace: !adding }),
  });
  const { onSubmit, dialog, busy } = useConfirmedSubmit({
    title: adding ? 'Add this catalog?' : 'Save changes to this catalog?',
    confirmLabel: 'Save',
    check: () => {
      const checked = checkForm<typeof catalogAddSchema, CatalogField>(catalogAddSchema, values);
      setErrors(checked.ok ? {} : checked.errors);
      return checked.ok ? checked.data : null;
    },
    save: (payload) => save.mutateAsync(payload),
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={adding ? 'Add catalog' : 'Update catalog'} className={`${CARD} space-y-4`}>
      <TextField label="Title" name="title" value={values.title} onChange={set('title')} error={errors.title} required />
      <TextField label="Image URL" name="image" type="url" value={values.image} onChange={set('image')} error={errors.image} required />
      <ImageUpload label="Upload catalog image" onUploaded={(image) => setValue('image', () => image.path)} />
      <TextField
        label="Priority"
        name="priority"
        type="number"
        step={1}
        inputMode="numeric"
        value={values.priority}
        onChange={set('priority')}
        error={errors.priority}
        required
      />
      <FormActions
        submitLabel={adding ? 'Add Catalog' : 'Save'}
        busy={busy}
        onReset={reset}
      />
      {dialog}
    </form>
  );
}

function CatalogDetail({ catalog }: { catalog: AdminCatalog }) {
  const navigate = useNavigate();
  const remove = useAdminWrite({
    write: deleteCatalog,
    success: M.catalogDeleted,
    failure: M.catalogDeleteFailed,
    invalidates: [adminKeys.catalogs(), adminKeys.products()],
    onSaved: () => void navigate(ADMIN_PATHS.catalogs, { replace: true }),
  });
  const image = assetUrl(catalog.image);
  return (
    <>
      <div className="mb-4 flex flex-wrap gap-2">
        <Button onClick={() => void navigate(catalogPath('update', catalog.title), { replace: true })}>Update</Button>
        <DeleteAction what="catalog" name={catalog.title} onDelete={() => remove.mutateAsync(catalog.title)} />
      </div>
      <RecordView
        rows={[
          ['Title', catalog.title],
          ['Priority', catalog.priority],
          ['Products', catalog.product_count],
          ['Image', image ? <img src={image} alt={catalog.title} className="max-h-48 rounded-lg object-contain" /> : '—'],
        ]}
      />
    </>
  );
}

/** catalog-detail (spec 3 §2): /admin/catalog/{add|detail|update}?category={title} */
export function CatalogDetailScreen() {
  const type = useDetailType(ADMIN_PATHS.catalogs);
  const title = useSearchParams()[0].get('category')?.trim() ?? '';
  const query = useQuery({ ...catalogQueryOptions(title), enabled: type !== null && type !== 'add' && title !== '' });
  useDocumentTitle(type === 'add' ? 'Add Catalog' : type === 'update' ? 'Update Catalog' : 'Catalog');
  if (type === null) return null;
  if (type === 'add') {
    return (
      <section>
        <AdminHeader title="Add Catalog" />
        <CatalogForm initial={EMPTY} />
      </section>
    );
  }
  return (
    <section>
      <AdminHeader title={type === 'update' ? 'Update Catalog' : 'Catalog'} />
      {title === '' ? (
        <AdminNoData>{M.noRelatedData}</AdminNoData>
      ) : (
        <RecordStates query={query} failedTitle={M.categoryDetailsFailed}>
          {(catalog) =>
            type === 'update' ? (
              <CatalogForm key={catalog.updated_on} initial={valuesOf(catalog)} oldTitle={catalog.title} />
            ) : (
              <CatalogDetail catalog={catalog} />
            )
          }
        </RecordStates>
      )}
    </section>
  );
}
