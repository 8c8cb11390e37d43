import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { SCREENS } from '../../../lib/paths';

/** A full-screen message of the checkout (nothing to order, a hold or order that ended) with a way on. */
export function CheckoutNotice({ heading, children, actions }: { heading: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <h1 className="heading-page">{heading}</h1>
      {children}
      <div className="flex flex-wrap justify-center gap-3">{actions}</div>
    </div>
  );
}

/** The link to the shop the notices of spec 3 §2 carry. */
export function ShopLink({ children = 'Continue shopping' }: { children?: ReactNode }) {
  return (
    <Link to={SCREENS.shop.path} className={buttonClasses('primary')}>
      {children}
    </Link>
  );
}
