import { restoreDirectoryFilters, type DirectoryFilters } from '@cym/common';
import { useEffect, useState } from 'react';

function restore(key: string): DirectoryFilters {
  try {
    return restoreDirectoryFilters(JSON.parse(sessionStorage.getItem(key) ?? 'null'));
  } catch {
    return restoreDirectoryFilters(null);
  }
}

/**
 * A directory's chosen filters, kept in session storage under the page's own key (spec 02 §2.1):
 * coming back to the page in the same tab finds them as they were; anything unreadable there
 * (an old shape, a hand edit) starts with no filters.
 */
export function useStoredFilters(storageKey: string) {
  const [filters, setFilters] = useState<DirectoryFilters>(() => restore(storageKey));
  useEffect(() => {
    sessionStorage.setItem(storageKey, JSON.stringify(filters));
  }, [storageKey, filters]);
  return [filters, setFilters] as const;
}
