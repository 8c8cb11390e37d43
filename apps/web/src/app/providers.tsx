import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider, type SessionSeed } from '../lib/session';
import { FooterFlagProvider } from '../lib/footer-flag';
import { ToastProvider } from '../components/ui/toast';
import { LoaderProvider } from '../components/ui/loader-overlay';
import { AssumedViewportContext } from '../lib/use-media-query';
import type { DrawnFor } from '../lib/server-reads';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** Everything the screens and the shell read from context, outside the router. */
export function AppProviders({
  children,
  queryClient,
  initialSession,
  drawnFor,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  initialSession?: SessionSeed;
  /**
   * Whom a server-rendered page was drawn for: the screen (lib/use-media-query.ts; a phone when
   * unknown) and the signed-in shopper (lib/session.tsx).
   */
  drawnFor?: DrawnFor | null;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AssumedViewportContext value={drawnFor?.viewport ?? 'phone'}>
        <SessionProvider initialSession={initialSession} serverSession={drawnFor?.session}>
          <ToastProvider>
            <LoaderProvider>
              <FooterFlagProvider>{children}</FooterFlagProvider>
            </LoaderProvider>
          </ToastProvider>
        </SessionProvider>
      </AssumedViewportContext>
    </QueryClientProvider>
  );
}
