import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { popularSearchesQuery } from '../../lib/popular-searches';

/**
 * The landing pages with the most workers ("Niñeras en Córdoba"), in the footer of every page —
 * the home page's too — so people and search engines find them. Nothing shows until they load.
 */
export function PopularSearches() {
  const popular = useQuery(popularSearchesQuery);
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
