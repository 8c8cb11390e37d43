import { Link } from 'react-router';
import { assetUrl } from '@ssd/shared/assets';
import type { ContentCatalog } from '@ssd/shared/content';

/** The 'Shop for' tiles (spec 2 home): title, description, two images, value, name, path. */
export interface ShopTile {
  title: string;
  description: string;
  value: 'fabrics' | 'jewel';
  name: string;
  path: string;
  /** The two images: those of these catalogs (the content service has no shop images). */
  images: readonly [string, string];
}

export const SHOP_TILES: readonly ShopTile[] = [
  {
    title: 'Fabrics',
    description: 'Sarees, suits and lehengas woven for every occasion.',
    value: 'fabrics',
    name: 'fabrics-store',
    path: '/fabrics',
    images: ['Sarees', 'Lehengas'],
  },
  {
    title: 'Jewel',
    description: 'Necklaces, earrings and bracelets to complete the look.',
    value: 'jewel',
    name: 'jewel-store',
    path: '/jewels',
    images: ['Necklaces', 'Earrings'],
  },
];

export function ShopFor({ catalogs }: { catalogs: readonly Pick<ContentCatalog, 'title' | 'image'>[] }) {
  const imageOf = (title: string) => assetUrl(catalogs.find((catalog) => catalog.title === title)?.image);
  return (
    <section aria-labelledby="shop-for-heading" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h2 id="shop-for-heading" className="heading-section">
        Shop for
      </h2>
      <ul className="mt-5 grid gap-5 sm:grid-cols-2">
        {SHOP_TILES.map((tile) => (
          <li key={tile.value}>
            <Link
              to={tile.path}
              data-value={tile.value}
              data-name={tile.name}
              className="group flex h-full flex-col overflow-hidden rounded-2xl border border-maroon-100 bg-white shadow-sm hover:shadow-md"
            >
              <div className="grid grid-cols-2 gap-1">
                {tile.images.map((catalog) => {
                  const src = imageOf(catalog);
                  return src ? (
                    <img
                      key={catalog}
                      src={src}
                      alt=""
                      width={320}
                      height={240}
                      loading="lazy"
                      decoding="async"
                      className="aspect-[4/3] w-full object-cover"
                    />
                  ) : (
                    <div key={catalog} className="aspect-[4/3] w-full bg-gradient-to-br from-maroon-100 to-gold-100" />
                  );
                })}
              </div>
              <div className="p-4">
                <p className="font-serif text-xl font-semibold text-maroon-800 group-hover:underline">{tile.title}</p>
                <p className="mt-1 text-sm text-muted">{tile.description}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
