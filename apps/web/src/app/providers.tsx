import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider, type SessionSeed } from '../lib/session';
import { FooterFlagProvider } from '../lib/footer-flag';
import { ToastProvider } from '../components/ui/toast';
import { LoaderProvider } from '../components/ui/loader-overlay';

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
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  initialSession?: SessionSeed;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider initialSession={initialSession}>
        <ToastProvider>
          <LoaderProvider>
            <FooterFlagProvider>{children}</FooterFlagProvider>
          </LoaderProvider>
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
