import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';

/**
 * The mark the server leaves with its answers when an address it was asked for answers 404 (a
 * hidden profile, an offer no longer public): the page draws the not-found page without asking
 * the API.
 */
export const notFoundKey = (pathname: string) => ['page-not-found', pathname] as const;

/** Whether the server marked `pathname` as an address that does not exist. */
export function markedNotFound(client: QueryClient, pathname: string): boolean {
  return client.getQueryData(notFoundKey(pathname)) === true;
}

/** Whether the server said the current address does not exist. */
export function useNotFoundHere(): boolean {
  return markedNotFound(useQueryClient(), useLocation().pathname);
}

/** Whether a failed query's error is a 404 (as thrown, or as it came with the server's answers). */
export function isNotFoundError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}
