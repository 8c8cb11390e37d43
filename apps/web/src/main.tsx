import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { makeAppRouter } from './app/router';
import { putServerReads, type ServerState } from './lib/server-reads';
import { SERVER_STATE_ELEMENT_ID } from '@ssd/shared/constants';
import './index.css';

/**
 * Starts the app in four tasks, so that none is long enough to block input for long (TBT, issue 12):
 * the entry's modules are evaluated in one, the router is made in the next and started in the third
 * (together about 25 ms on a fast machine, four times that on Lighthouse's phone), and the first render
 * is scheduled in the last.
 */
async function start(container: HTMLElement): Promise<void> {
  // A first visit's storefront page may come rendered by the server with its reads' answers
  // (src/entry-server.tsx): the app takes over that HTML with the same data instead of drawing it again.
  const serverElement = document.getElementById(SERVER_STATE_ELEMENT_ID);
  const serverState = serverElement?.textContent ? (JSON.parse(serverElement.textContent) as ServerState) : null;
  const queryClient = createQueryClient();
  if (serverState) putServerReads(queryClient, serverState.reads);

  // The address the screen would write once loaded (a listing's whole state, spec 2 §3), taken before
  // the router starts, so the app has nothing to rewrite after taking the page over (lib/rendered-address.ts).
  if (serverState?.address) history.replaceState(history.state, '', serverState.address + location.hash);
  await nextTask();
  const router = makeAppRouter();
  await nextTask();
  router.initialize();
  await nextTask();

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} drawnFor={serverState}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // As a transition, the first render (or taking the server's HTML over) is done in slices that let
  // the browser paint and answer input between them, instead of one long task.
  startTransition(() => {
    if (serverState && container.firstElementChild) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

function nextTask(): Promise<void> {
  return new Promise((done) => setTimeout(done, 0));
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
void start(container);
