import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Any path without a screen (spec 1 §2: the page reads 'Not found'). */
export function NotFoundScreen() {
  useDocumentTitle('Not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p aria-hidden="true" className="font-serif text-6xl font-bold text-gold-600">
        404
      </p>
      <h1 className="mt-4 heading-page">Not found</h1>
      <p className="mt-3 text-muted">We could not find the page you were looking for.</p>
      <Link to="/" className={buttonClasses('primary', 'mt-8')}>
        Back to Home
      </Link>
    </section>
  );
}
