import { useQuery } from '@tanstack/react-query';
import { api } from './api/client';
import { dataOf } from './api/errors';
import type { components } from './api/schema';
import { catalogQuery, LOAD_FAILED } from './catalog';

export type SiteConfig = components['schemas']['SiteConfigDto'];

export const siteConfigQuery = catalogQuery('site-config', () => dataOf(api.GET('/api/site-config'), LOAD_FAILED));

/** Public contact values from the server's configuration, one cached query for the page's life. */
export function useSiteConfig(): SiteConfig | null {
  return useQuery(siteConfigQuery).data ?? null;
}

export function whatsappLink(number: string, text?: string): string {
  const query = text ? `?text=${encodeURIComponent(text)}` : '';
  return `https://wa.me/${number}${query}`;
}
