import { Link } from 'react-router';
import { STORE_NAME } from '@ssd/shared/constants';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SCREENS } from '../../../lib/paths';
import { CollectionsSection } from '../components/collections-section';

/**
 * Home (/) for now: a hero and the catalogs. The full home of spec 2 (banners, shop tiles, new
 * arrivals) comes with the storefront issue.
 */
export function HomeScreen() {
  useDocumentTitle('Home');
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-maroon-800 via-maroon-700 to-maroon-900 text-white">
        <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgba(212,175,55,0.25),transparent_45%)]" />
        <div className="relative mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-200 uppercase">Fabrics &amp; Jewellery</p>
          <h1 className="mt-3 text-4xl font-bold sm:text-5xl">{STORE_NAME}</h1>
          <p className="mt-4 max-w-xl text-lg text-maroon-50">
            Handpicked sarees, suits and lehengas with jewellery to match, delivered across India.
          </p>
          <Link to={SCREENS.contact.path} className={buttonClasses('secondary', 'mt-8 border-gold-300')}>
            Talk to us
          </Link>
        </div>
      </section>
      <CollectionsSection />
    </>
  );
}
