import { useEffect, useState } from 'react';
import { api } from './api/client';
import type { components } from './api/schema';

export type SiteConfig = components['schemas']['SiteConfigDto'];

let cached: Promise<SiteConfig | null> | undefined;

function loadSiteConfig(): Promise<SiteConfig | null> {
  cached ??= api
    .GET('/api/site-config')
    .then(({ data }) => data ?? null)
    .catch(() => null);
  return cached;
}

/** Public contact values from the server's configuration, fetched once per page load. */
export function useSiteConfig(): SiteConfig | null {
  const [config, setConfig] = useState<SiteConfig | null>(null);
  useEffect(() => {
    let active = true;
    void loadSiteConfig().then((value) => active && setConfig(value));
    return () => {
      active = false;
    };
  }, []);
  return config;
}

export function whatsappLink(number: string, text?: string): string {
  const query = text ? `?text=${encodeURIComponent(text)}` : '';
  return `https://wa.me/${number}${query}`;
}
