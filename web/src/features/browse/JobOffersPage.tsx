import { useEffect, useMemo, useState } from 'react';
import { PRODUCT_NAME } from '@cym/common';
import { ServiceIcon } from '../../components/ServiceIcon';
import { api } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { useSession } from '../../lib/session';
import { SignUpLinks } from '../auth/SignUpLinks';
import { FilterBar, filtersToQuery, NO_FILTERS, PAGE_SIZE, type FilterChoices, type Filters } from './FilterBar';

type Offer = components['schemas']['JobOfferDto'];

const STORAGE_KEY = 'jobOffersFilters';
const DESCRIPTION_CUT = 155;

function restoreFilters(): Filters {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Filters> | null;
    return saved ? { ...NO_FILTERS, ...saved } : NO_FILTERS;
  } catch {
    return NO_FILTERS;
  }
}

function OfferCard({ offer }: { offer: Offer }) {
  const seen = offer.parent_profile?.user.formatted_last_seen;
  return (
    <article className="card offer-card">
      <h2>{offer.title}</h2>
      <p className="muted">por {offer.parent_profile?.user.first_name ?? PRODUCT_NAME}</p>
      {seen && seen !== '-' && <span className="badge badge--done">{seen}</span>}
      <p className="muted">
        {offer.location
          ? `${offer.location.municipality.name}, ${offer.location.province.name}`
          : 'Ubicación sin asignar'}
      </p>
      <p>
        {offer.description.length > DESCRIPTION_CUT
          ? `${offer.description.slice(0, DESCRIPTION_CUT)}...`
          : offer.description}
      </p>
      <p className="worker-card__icons">
        {offer.services.map((s) => (
          <span key={s.id} title={s.title_display}>
            <ServiceIcon serviceKey={s.title} size={20} />
            <span className="visually-hidden">{s.title_display}</span>
          </span>
        ))}
      </p>
      <p>{offer.work_arrangements.map((w) => w.value_display).join(', ') || 'Sin asignar'}</p>
      <a className="button" href={`/job-offer/${offer.id}`} target="_blank" rel="noopener">
        Ver oferta
      </a>
    </article>
  );
}

type State =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'loaded'; offers: Offer[]; count: number };

/** Job offer search (spec 02 §2.2): the same filter bar, paged by the server. */
export default function JobOffersPage() {
  const { authenticated } = useSession();
  const [choices, setChoices] = useState<FilterChoices | null>(null);
  const [filters, setFilters] = useState<Filters>(restoreFilters);
  const [page, setPage] = useState(1);
  const [showAll, setShowAll] = useState(false);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const query = useMemo(() => filtersToQuery(filters), [filters]);

  useEffect(() => {
    void api.GET('/api/job-offers/get-filter-choices').then(({ data }) => data && setChoices(data));
    if (authenticated) void api.POST('/api/activity/ping').catch(() => undefined);
  }, [authenticated]);

  useEffect(() => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(filters));
  }, [filters]);

  useEffect(() => {
    let active = true;
    setState({ kind: 'loading' });
    const fetchPage = (n: number, size: number) =>
      api
        .GET('/api/job-offers', { params: { query: { ...query, page: n, page_size: size } } })
        .then(({ data, error }) => {
          if (!data || Array.isArray(data))
            throw new Error((error as { error?: string } | undefined)?.error ?? 'Network response was not ok');
          return data;
        });
    const load = async () => {
      if (!showAll) return fetchPage(page, PAGE_SIZE);
      const first = await fetchPage(1, 100);
      const results = [...first.results];
      for (let n = 2; results.length < first.count; n += 1) results.push(...(await fetchPage(n, 100)).results);
      return { ...first, results };
    };
    load()
      .then((data) => active && setState({ kind: 'loaded', offers: data.results, count: data.count }))
      .catch(
        (caught: unknown) =>
          active && setState({ kind: 'error', message: caught instanceof Error ? caught.message : '' }),
      );
    return () => {
      active = false;
    };
  }, [query, page, showAll]);

  const pages = state.kind === 'loaded' ? Math.ceil(state.count / PAGE_SIZE) : 0;
  return (
    <div className="container directory">
      <h1>¿Buscás trabajo en casas de familia o empresas?</h1>
      {choices && (
        <FilterBar
          choices={choices}
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
      )}
      {state.kind === 'loading' && (
        <div className="page-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Cargando…</span>
        </div>
      )}
      {state.kind === 'error' && (
        <p className="notice notice--error" role="alert">
          Error: {state.message}
        </p>
      )}
      {state.kind === 'loaded' && state.offers.length === 0 && (
        <p>No hay ofertas laborales disponibles en este momento.</p>
      )}
      {state.kind === 'loaded' && state.offers.length > 0 && (
        <>
          <p className="muted" role="status">
            {state.count} ofertas
          </p>
          <div className="card-grid card-grid--three">
            {state.offers.map((offer) => (
              <OfferCard key={offer.id} offer={offer} />
            ))}
          </div>
          {!showAll && state.count > PAGE_SIZE && (
            <nav className="pager" aria-label="Páginas">
              {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
                <button
                  key={n}
                  type="button"
                  className={`pager__page ${n === page ? 'pager__page--current' : ''}`}
                  aria-current={n === page ? 'page' : undefined}
                  onClick={() => setPage(n)}
                >
                  {n}
                </button>
              ))}
              <button type="button" className="link-button" onClick={() => setShowAll(true)}>
                Mostrar todo
              </button>
            </nav>
          )}
        </>
      )}
      <SignUpLinks />
    </div>
  );
}
