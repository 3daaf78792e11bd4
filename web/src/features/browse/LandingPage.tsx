import { COMMON_MESSAGES, directoryFiltersToQuery, formatProfileCount, NO_DIRECTORY_FILTERS } from '@cym/common';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';
import type { Prefetch } from '../../lib/lazy';
import { useDocumentTitle } from '../../lib/title';
import { isNotFoundError, markedNotFound, useNotFoundHere } from '../../lib/not-found';
import { NotFoundPage } from '../static-pages';
import { directoryQuery, landingQuery, type Landing } from './api';
import { Cards } from './Cards';
import { WorkerCard } from './WorkerCard';
import './directory.css';

type LandingLink = components['schemas']['LandingLinkDto'];

/** Cards on a landing page: the directory's first page. */
const FIRST_SCREEN = { page: 1, size: 50, all: false };

/** The directory's query of a landing page's search: its service and place. */
function landingSearch(page: Landing): Record<string, string> {
  return directoryFiltersToQuery({
    ...NO_DIRECTORY_FILTERS,
    services: [page.service.title_display],
    province: [String(page.province.id)],
    municipality: page.municipality ? [String(page.municipality.id)] : [],
  });
}

/** The landing page, then the directory's first page of its search (unless the server found no page). */
export const prefetch: Prefetch = async ({ client, params, url }) => {
  if (markedNotFound(client, url.pathname)) return;
  const { service = '', province = '', municipality } = params;
  const page = await client.fetchQuery(landingQuery(service, province, municipality ?? null));
  await client.prefetchQuery(directoryQuery('workers', landingSearch(page), FIRST_SCREEN));
};

function Links({ title, links }: { title: string; links: LandingLink[] }) {
  if (links.length === 0) return null;
  return (
    <section className="landing__links">
      <h2>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.path}>
            <Link to={link.path}>
              {link.title} <span className="muted">({link.count})</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A service's landing page in a place: "Niñeras en Córdoba", how many, the directory's first page
 * for that search, the way into the full directory with those filters, and the pages nearby. A
 * place without listed workers has no page.
 */
export default function LandingPage() {
  const { service = '', province = '', municipality } = useParams();
  // No listed worker there: the server said so with the page (then nothing is asked).
  const notFoundHere = useNotFoundHere();
  const landing = useQuery({ ...landingQuery(service, province, municipality ?? null), enabled: !notFoundHere });
  const page = landing.data;
  useDocumentTitle(page?.title ?? null);
  const query = page ? landingSearch(page) : {};
  const workers = useQuery({ ...directoryQuery('workers', query, FIRST_SCREEN), enabled: !!page });

  if (notFoundHere || isNotFoundError(landing.error)) return <NotFoundPage />;
  if (landing.isPending) {
    return (
      <div className="page-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">Cargando…</span>
      </div>
    );
  }
  if (!page) {
    return (
      <section className="not-found container">
        <h1>No pudimos cargar la página</h1>
        <p>{errorMessage(landing.error, COMMON_MESSAGES.connection)}</p>
        <Link to={paths.workers} className="button">
          Ver todos los perfiles
        </Link>
      </section>
    );
  }
  const place = page.municipality ? `${page.municipality.name}, ${page.province.name}` : page.province.name;
  const more = `${paths.workers}?${new URLSearchParams(query).toString()}`;
  return (
    <div className="container directory landing">
      <h1>{page.title}</h1>
      <p className="muted" role="status">
        {formatProfileCount(page.count)} de {page.service.plural.toLowerCase()} en {place}
      </p>
      {workers.data && (
        <Cards
          items={workers.data.results}
          renderItem={(worker) => <WorkerCard worker={worker} />}
          itemKey={(worker) => worker.id}
          gridClass="card-grid--two"
        />
      )}
      {workers.isPending && <span className="spinner" aria-hidden="true" />}
      <p>
        <Link to={more} className="button">
          Ver todos y filtrar por horario, tareas e idiomas
        </Link>
      </p>
      <Links title={`${page.service.plural} cerca`} links={page.places} />
      <Links title={`Otros servicios en ${place}`} links={page.services} />
    </div>
  );
}
