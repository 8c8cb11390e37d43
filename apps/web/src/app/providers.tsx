import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider, type SessionSeed } from '../lib/session';
import { FooterFlagProvider } from '../lib/footer-flag';
import { ToastProvider } from '../components/ui/toast';
import { LoaderProvider } from '../components/ui/loader-overlay';
import { AssumedViewportContext, type AssumedViewport } from '../lib/use-media-query';

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
  assumedViewport = 'phone',
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  initialSession?: SessionSeed;
  /** The screen a server-rendered page was drawn for (lib/use-media-query.ts). */
  assumedViewport?: AssumedViewport;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AssumedViewportContext value={assumedViewport}>
        <SessionProvider initialSession={initialSession}>
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
