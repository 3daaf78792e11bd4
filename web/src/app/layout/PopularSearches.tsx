import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../lib/api/client';
import { dataOf } from '../../lib/api/errors';

/** How long the list is kept before it is asked again: it changes as workers join, not by the minute. */
const KEEP_MS = 10 * 60_000;

/**
 * The landing pages with the most workers ("Niñeras en Córdoba"), in the footer of every page —
 * the home page's too — so people and search engines find them. Nothing shows until they load.
 */
export function PopularSearches() {
  const popular = useQuery({
    queryKey: ['landing-pages', 'popular'],
    queryFn: () => dataOf(api.GET('/api/landing-pages/popular'), ''),
    staleTime: KEEP_MS,
  });
  if (!popular.data?.length) return null;
  return (
    <div className="footer__popular">
      <h2 id="footer-popular">Búsquedas populares</h2>
      <ul>
        {popular.data.map((link) => (
          <li key={link.path}>
            <Link to={link.path}>{link.title}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
