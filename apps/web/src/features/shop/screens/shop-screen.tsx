import { Link } from 'react-router';
import { Gem, Shirt } from 'lucide-react';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** spec 2 shop chooser: Fabrics (value fabrics) → /fabrics, Jewels (value jewel) → /jewels. */
export const SHOP_CHOICES = [
  { title: 'Fabrics', value: 'fabrics', path: '/fabrics', text: 'Sarees, suits and lehengas', icon: Shirt },
  { title: 'Jewels', value: 'jewel', path: '/jewels', text: 'Necklaces, earrings and bracelets', icon: Gem },
] as const;

export function ShopScreen() {
  useDocumentTitle('Shop');
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="heading-page text-center">Choose a store</h1>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2">
        {SHOP_CHOICES.map((choice) => {
          const Icon = choice.icon;
          return (
            <li key={choice.value}>
              <Link
                to={choice.path}
                data-value={choice.value}
                className="flex flex-col items-center gap-3 rounded-2xl border border-maroon-100 bg-white px-6 py-10 text-center shadow-sm transition-shadow hover:shadow-md"
              >
                <Icon aria-hidden="true" className="size-10 text-gold-600" />
                <span className="font-serif text-2xl font-semibold text-maroon-800">{choice.title}</span>
                <span className="text-sm text-muted">{choice.text}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
