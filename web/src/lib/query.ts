import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/errors';

/** One more try, a second later, for a call worth repeating (see `ApiError.retryable`). */
const RETRIES = 1;
const RETRY_DELAY_MS = 1_000;

/** The first part of every catalog query's key: the same answer for everyone, kept across logins. */
export const CATALOG_KEY = 'catalog';

/** What rarely changes while a page is open: the choice lists and the public site settings. */
export const CATALOG_STALE_MS = 60 * 60_000;

/** Server state of the whole app: every screen reads the API through it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answers the same the second time (and a 401/403/404 is a screen of its own); no
        // answer or a 5xx may be a moment's trouble on a phone's connection, worth one more try.
        retry: (failures, error) => failures < RETRIES && error instanceof ApiError && error.retryable,
        retryDelay: RETRY_DELAY_MS,
        // Stale at once: a screen opened again shows what it had at once and asks the server
        // again, as the screens always did (they read fresh data on every visit; writes made
        // elsewhere, by the other party of a chat or an admin, show up). Catalog queries say
        // otherwise (CATALOG_STALE_MS).
        staleTime: 0,
        // No refetch when the tab regains focus: on a phone, every switch to WhatsApp and back
        // is a focus, and each would re-ask every open query over a slow, metered connection
        // (the storms the option's default causes); screens refresh on visit and after writes.
        refetchOnWindowFocus: false,
      },
      // A write is never repeated on its own: a second POST could create a second offer.
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
