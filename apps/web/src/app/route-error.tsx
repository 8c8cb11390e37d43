import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * Shown inside the shell when a screen throws or its code cannot be loaded (for instance after a
 * new release replaced the chunk an open tab asks for). Reloading fetches the current release.
 */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  if (import.meta.env.DEV) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="heading-page">Something went wrong</h1>
      <p className="mt-3 text-muted">
        {status ? `The page answered with status ${status}. ` : ''}Please reload the page to try again.
      </p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </section>
  );
}
