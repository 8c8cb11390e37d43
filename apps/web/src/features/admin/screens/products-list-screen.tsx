import { useEffect, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ADMIN_CONTENT_MESSAGES as M, ADMIN_PAGE_SIZES, ADMIN_SHOP_LIST, ALL_CATALOGS } from '@ssd/shared/admin-content-messages';
import { formatINR } from '@ssd/shared/money';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { catalogListQueryOptions } from '../api/catalogs';
import { adminKeys } from '../api/keys';
import { deleteProduct, productListQueryOptions, type PageParam } from '../api/products';
import { AdminHeader } from '../components/admin-states';
import { AdminTable, CELL, RecordLink, RowActions, Thumb } from '../components/admin-table';
import { SelectField } from '../components/form-parts';
import { ListStates } from '../components/query-states';
import { ADMIN_PATHS, productPath } from '../lib/admin-paths';
import { initialPageSize, productsListPath, readProductsRoute, type ProductsRoute } from '../lib/products-route';
import { useAdminWrite } from '../lib/use-admin-write';

/**
 * admin-products (spec 3 §2, §4, §9): products by shop type and catalog, in pages of 10, 20, 30, 50,
 * 75 or 100. Load more appends the next page and keeps the route in sync (limit = rows loaded, offset
 * 0), so a reload shows the same rows; Load more shows only after a full page.
 */
export function ProductsListScreen() {
  useDocumentTitle('Products');
  const { type: typeParam } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const route = readProductsRoute(typeParam, search);

  // The first page is what the route named when the list opened (or its filter changed); Load more
  // then only rewrites the route's limit, which must not start the list again.
  const [first, setFirst] = useState<PageParam>(() => ({ offset: route?.offset ?? 0, limit: route?.limit ?? 10 }));
  const [pageSize, setPageSize] = useState(() => initialPageSize(route?.limit ?? 10));

  useEffect(() => {
    if (!route) void navigate(ADMIN_PATHS.products, { replace: true });
  }, [route, navigate]);

  const query = useInfiniteQuery({
    ...productListQueryOptions(route?.type ?? 'all', route?.catalog ?? ALL_CATALOGS, first, pageSize),
    enabled: route !== null,
  });
  const catalogs = useQuery(catalogListQueryOptions());
  const remove = useAdminWrite({
    write: deleteProduct,
    success: M.productDeleted,
    failure: M.productDeleteFailed,
    invalidates: [adminKeys.products(), adminKeys.catalogs()],
  });

  if (!route) return null;
  const rows = query.data?.pages.flat();

  /** A new filter or page size starts the list again from its first page. */
  const restart = (next: Partial<ProductsRoute>, size = pageSize) => {
    const target = { ...route, ...next, limit: size, offset: 0 };
    setFirst({ offset: 0, limit: size });
    setPageSize(size);
    void navigate(productsListPath(target), { replace: true });
  };

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    const loaded = result.data?.pages.flat().length;
    if (!result.isError && loaded !== undefined) {
      setSearch({ catalog: route.catalog, limit: String(loaded), offset: '0' }, { replace: true });
    }
  };

  return (
    <section>
      <AdminHeader title="Products">
        <Link to={productPath('add')} className={buttonClasses()}>
          Add Product
        </Link>
      </AdminHeader>
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <SelectField label="Shop" value={route.type} onChange={(event) => restart({ type: event.target.value as ProductsRoute['type'] })}>
          <option value="all">All</option>
          {ADMIN_SHOP_LIST.map((shop) => (
            <option key={shop.value} value={shop.value}>
              {shop.title}
            </option>
          ))}
        </SelectField>
        <SelectField label="Catalog" value={route.catalog} onChange={(event) => restart({ catalog: event.target.value })}>
          <option value={ALL_CATALOGS}>All</option>
          {catalogs.data?.map((catalog) => (
            <option key={catalog.id} value={catalog.title}>
              {catalog.title}
            </option>
          ))}
          {/* A catalog named by the address but not (or not yet) in the list stays choosable. */}
          {route.catalog !== ALL_CATALOGS && !catalogs.data?.some((catalog) => catalog.title === route.catalog) ? (
            <option value={route.catalog}>{route.catalog}</option>
          ) : null}
        </SelectField>
        <SelectField label="Page size" value={pageSize} onChange={(event) => restart({}, Number(event.target.value))}>
          {ADMIN_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </SelectField>
      </div>
      <ListStates query={{ ...query, data: rows }} failedTitle={M.productListFailed}>
        {(products) => (
          <>
            <AdminTable caption="Products" columns={['Image', 'Title', 'Shop', 'Catalog', 'Price', 'Quantity', 'Actions']}>
              {products.map((product) => (
                <tr key={product.id}>
                  <td className={CELL}>
                    <Thumb src={product.thumbnail_image} />
                  </td>
                  <td className={CELL}>
                    <RecordLink to={productPath('detail', product.id)}>{product.title}</RecordLink>
                  </td>
                  <td className={CELL}>{product.shop}</td>
                  <td className={CELL}>{product.catalog}</td>
                  <td className={CELL}>{formatINR(product.price)}</td>
                  <td className={CELL}>{product.quantity}</td>
                  <RowActions editTo={productPath('update', product.id)} what="product" name={product.title} onDelete={() => remove.mutateAsync(product.id)} />
                </tr>
              ))}
            </AdminTable>
            {query.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="secondary"
                  onClick={() => void loadMore()}
                  disabled={query.isFetchingNextPage}
                  aria-busy={query.isFetchingNextPage || undefined}
                >
                  Load more
                </Button>
              </div>
            ) : null}
          </>
        )}
      </ListStates>
    </section>
  );
}
