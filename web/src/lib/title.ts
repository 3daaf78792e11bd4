import { DEFAULT_TITLE, pageTitle } from '@cym/common';
import { useEffect, useLayoutEffect } from 'react';
import { useMatches } from 'react-router';

/** The title of the home page (and of index.html before any script runs): common's. */
export { DEFAULT_TITLE };

/** What a route declares in its `handle`: the first half of its tab's title. */
export interface RouteHandle {
  title?: string;
}

export const titleOf = pageTitle;

/**
 * Sets the tab's title from the deepest route that declares one. A layout effect, so it runs
 * before the pages' own (passive) effects: a page that knows more (a worker's name) wins.
 */
export function RouteTitle(): null {
  const matches = useMatches();
  const declared = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title);
  const title = (declared?.handle as RouteHandle | undefined)?.title;
  useLayoutEffect(() => {
    document.title = titleOf(title);
  }, [title, matches]);
  return null;
}

/** A page's own title once it knows it (null while loading keeps the route's). */
export function useDocumentTitle(text: string | null): void {
  useEffect(() => {
    if (text) document.title = titleOf(text);
  }, [text]);
}
