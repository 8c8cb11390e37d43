import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { productAddSchema, productUpdateSchema, type ProductAddInput, type ProductUpdateInput } from '@ssd/shared/admin-content';
import { ADMIN_CONTENT_MESSAGES as M, ADMIN_SHOP_LIST } from '@ssd/shared/admin-content-messages';
import { assetUrl } from '@ssd/shared/assets';
import { formatINR } from '@ssd/shared/money';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { answeredId } from '../api/admin-call';
import { catalogListQueryOptions } from '../api/catalogs';
import { adminKeys } from '../api/keys';
import { addProduct, deleteProduct, productQueryOptions, updateProduct } from '../api/products';
import { AdminHeader, AdminNoData } from '../components/admin-states';
import { DeleteAction } from '../components/delete-action';
import { CARD, FormActions, SelectField } from '../components/form-parts';
import { ImageUpload } from '../components/image-upload';
import { RecordStates } from '../components/query-states';
import { RecordView } from '../components/record-view';
import { useConfirmedSubmit } from '../components/use-confirmed-submit';
import { ADMIN_PATHS, idParam, productPath } from '../lib/admin-paths';
import { useDetailType } from '../lib/detail-type';
import { checkForm } from '../lib/form-check';
import { useAdminForm } from '../lib/use-admin-form';
import { imagesText, parseImages, parseTags, productFromRows, tagsText, withImage, type ProductRecord } from '../lib/product-form';
import { useAdminWrite } from '../lib/use-admin-write';

const FIELDS = [
  'title',
  'thumbnail_image',
  'shop',
  'catalog',
  'market_price',
  'price',
  'quantity',
  'description',
  'size_description',
  'tags',
  'images',
] as const;
type ProductField = (typeof FIELDS)[number];
type ProductValues = Record<ProductField, string>;

const EMPTY = Object.fromEntries(FIELDS.map((field) => [field, ''])) as ProductValues;

function valuesOf({ product, tags, images }: ProductRecord): ProductValues {
  return {
    title: product.title,
    thumbnail_image: product.thumbnail_image,
    shop: product.shop,
    catalog: product.catalog,
    market_price: product.market_price === null ? '' : String(product.market_price),
    price: String(product.price),
    quantity: String(product.quantity),
    description: product.description,
    size_description: product.size_description ?? '',
    tags: tagsText(tags),
    images: imagesText(images),
  };
}

/** The add call's fields from the form: prices and quantity as typed, for the contract to parse and check. */
function addFields(values: ProductValues): ProductAddInput {
  const { tags: _tags, images: _images, ...fields } = values;
  return fields;
}

/**
 * The product form (spec 3 §3, §5). Add sends the product's fields; update also its tags (comma
 * separated, sent as [id, tag] pairs) and images (`URL ~ title` pairs, sent as [id, url, title]).
 * Prices step 0.01 and are read as decimals, quantity as a whole number; an empty shop or catalog warns
 * 'Invalid shop details.' or 'Invalid catalog details.', then 'Invalid product details.'.
 */
function ProductForm({ initial, productId }: { initial: ProductValues; productId?: number }) {
  const { values, errors, setErrors, set, setValue, reset } = useAdminForm<ProductField>(initial);
  const { showToast } = useToast();
  const navigate = useNavigate();
  const catalogs = useQuery(catalogListQueryOptions());
  const adding = productId === undefined;
  const save = useAdminWrite({
    write: (payload: ProductAddInput | ProductUpdateInput) => ('id' in payload ? updateProduct(payload) : addProduct(payload)),
    success: adding ? M.productAdded : M.productUpdated,
    failure: adding ? 'Failed to add product' : 'Failed to update product',
    invalidates: [adminKeys.products(), adminKeys.catalogs()],
    onSaved: (result) => {
      // An update goes back to the detail in place of the form (spec 3 §2); an add opens the new product when the answer names it.
      const id = adding ? answeredId(result.data) : productId;
      void navigate(id === null ? ADMIN_PATHS.products : productPath('detail', id), { replace: !adding });
    },
  });

  const check = (): ProductAddInput | ProductUpdateInput | null => {
    const fields = addFields(values);
    const payload =
      productId === undefined
        ? fields
        : {
            ...fields,
            id: productId,
            tags: parseTags(values.tags).map((tag): [number, string] => [productId, tag]),
            images: parseImages(values.images).map(({ url, title }): [number, string, string] => [productId, url, title]),
          };
    const checked =
      productId === undefined
        ? checkForm<typeof productAddSchema, ProductField>(productAddSchema, payload)
        : checkForm<typeof productUpdateSchema, ProductField>(productUpdateSchema, payload);
    if (checked.ok) {
      setErrors({});
      return checked.data;
    }
    setErrors(checked.errors);
    if (checked.errors.shop === M.invalidShop) showToast(M.invalidShop, 'warning');
    if (checked.errors.catalog === M.invalidCatalog) showToast(M.invalidCatalog, 'warning');
    showToast(M.invalidProduct, 'warning');
    return null;
  };

  const { onSubmit, dialog, busy } = useConfirmedSubmit({
    title: adding ? 'Add this product?' : 'Save changes to this product?',
    confirmLabel: 'Save',
    check,
    save: (payload) => save.mutateAsync(payload),
  });

  const text = (field: ProductField, label: string, extra: Record<string, string | number | boolean> = {}) => (
    <TextField label={label} name={field} value={values[field]} onChange={set(field)} error={errors[field]} {...extra} />
  );
  const catalogTitles = catalogs.data?.map((catalog) => catalog.title) ?? [];
  if (values.catalog && !catalogTitles.includes(values.catalog)) catalogTitles.push(values.catalog);

  return (
    <form noValidate onSubmit={onSubmit} aria-label={adding ? 'Add product' : 'Update product'} className={`${CARD} space-y-4`}>
      {text('title', 'Title', { required: true })}
      {text('thumbnail_image', 'Thumbnail image URL', { type: 'url', required: true })}
      <ImageUpload label="Upload thumbnail" onUploaded={(image) => setValue('thumbnail_image', () => image.path)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Shop" name="shop" value={values.shop} onChange={set('shop')} error={errors.shop} required>
          <option value="">Choose a shop</option>
          {ADMIN_SHOP_LIST.map((shop) => (
            <option key={shop.value} value={shop.value}>
              {shop.title}
            </option>
          ))}
        </SelectField>
        <SelectField label="Catalog" name="catalog" value={values.catalog} onChange={set('catalog')} error={errors.catalog} required>
          <option value="">Choose a catalog</option>
          {catalogTitles.map((title) => (
            <option key={title} value={title}>
              {title}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {text('market_price', 'Market price (optional)', { type: 'number', step: '0.01', min: 0, inputMode: 'decimal' })}
        {text('price', 'Price', { type: 'number', step: '0.01', min: 0, inputMode: 'decimal', required: true })}
        {text('quantity', 'Quantity', { type: 'number', step: 1, min: 0, inputMode: 'numeric', required: true })}
      </div>
      <TextField
        multiline
        rows={4}
        label="Description (points separated by >)"
        name="description"
        value={values.description}
        onChange={set('description')}
        error={errors.description}
        required
      />
      <TextField
        multiline
        rows={2}
        label="Size description (optional)"
        name="size_description"
        value={values.size_description}
        onChange={set('size_description')}
        error={errors.size_description}
      />
      {adding ? null : (
        <>
          {text('tags', 'Tags (comma separated)', { placeholder: 'silk, wedding' })}
          <TextField
            multiline
            rows={3}
            label="Images (URL ~ title, comma separated)"
            name="images"
            placeholder="https://example.com/front.jpg ~ Front, https://example.com/back.jpg ~ Back"
            value={values.images}
            onChange={set('images')}
            error={errors.images}
          />
          <ImageUpload label="Upload an image" onUploaded={(image) => setValue('images', (current) => withImage(current, image))} />
        </>
      )}
      <FormActions
        submitLabel={adding ? 'Add Product' : 'Save'}
        busy={busy}
        onReset={reset}
      />
      {dialog}
    </form>
  );
}

function ProductDetail({ record }: { record: ProductRecord }) {
  const { product, tags, images } = record;
  const navigate = useNavigate();
  const remove = useAdminWrite({
    write: deleteProduct,
    success: M.productDeleted,
    failure: M.productDeleteFailed,
    invalidates: [adminKeys.products(), adminKeys.catalogs()],
    onSaved: () => void navigate(ADMIN_PATHS.products, { replace: true }),
  });
  const thumbnail = assetUrl(product.thumbnail_image);
  return (
    <>
      {product.archived_at ? (
        <p role="status" className="mb-4 rounded-lg bg-maroon-50 px-3 py-2 text-sm font-medium text-maroon-800">
          {M.productArchived}
        </p>
      ) : (
        <div className="mb-4 flex flex-wrap gap-2">
          <Button onClick={() => void navigate(productPath('update', product.id), { replace: true })}>Update</Button>
          <DeleteAction what="product" name={product.title} onDelete={() => remove.mutateAsync(product.id)} />
        </div>
      )}
      <RecordView
        rows={[
          ['Title', product.title],
          ['Shop', product.shop],
          ['Catalog', product.catalog],
          ['Market price', product.market_price === null ? '—' : formatINR(product.market_price)],
          ['Price', formatINR(product.price)],
          ['Quantity', product.quantity],
          ['Description', product.description],
          ['Size description', product.size_description ?? '—'],
          ['Tags', tags.length ? tags.map((tag) => tag.title).join(', ') : '—'],
          ['Thumbnail', thumbnail ? <img src={thumbnail} alt={product.title} className="max-h-40 rounded-lg object-contain" /> : '—'],
          [
            'Images',
            images.length ? (
              <ul className="flex flex-wrap gap-3">
                {images.map((image) => (
                  <li key={image.id} className="flex flex-col items-center gap-1 text-sm">
                    <img src={assetUrl(image.url) ?? undefined} alt={image.title ?? ''} className="size-24 rounded-lg object-cover" />
                    <span>{image.title || image.url}</span>
                  </li>
                ))}
              </ul>
            ) : (
              '—'
            ),
          ],
        ]}
      />
    </>
  );
}

/** products-detail (spec 3 §2): /admin/product/{add|detail|update}?id= */
export function ProductDetailScreen() {
  const type = useDetailType(ADMIN_PATHS.products);
  const id = idParam(useSearchParams()[0].get('id'));
  const query = useQuery({ ...productQueryOptions(id ?? 0), enabled: type !== null && type !== 'add' && id !== null, select: productFromRows });
  useDocumentTitle(type === 'add' ? 'Add Product' : type === 'update' ? 'Update Product' : 'Product');
  if (type === null) return null;
  if (type === 'add') {
    return (
      <section>
        <AdminHeader title="Add Product" />
        <ProductForm initial={EMPTY} />
      </section>
    );
  }
  return (
    <section>
      <AdminHeader title={type === 'update' ? 'Update Product' : 'Product'} />
      {id === null ? (
        <AdminNoData>{M.noRelatedData}</AdminNoData>
      ) : (
        <RecordStates query={query} failedTitle={M.productDetailsFailed}>
          {(record) =>
            type === 'update' && !record.product.archived_at ? (
              <ProductForm key={record.product.updated_on} initial={valuesOf(record)} productId={record.product.id} />
            ) : (
              <ProductDetail record={record} />
            )
          }
        </RecordStates>
      )}
    </section>
  );
}
