import { useEffect, useMemo, useState } from 'react';
import { ageFromBirthDate } from '@cym/common';
import { ServiceIcon } from '../../components/ServiceIcon';
import { api } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { useSession } from '../../lib/session';
import { SignUpLinks } from '../auth/SignUpLinks';
import { FilterBar, filtersToQuery, NO_FILTERS, PAGE_SIZE, type FilterChoices, type Filters } from './FilterBar';

type Worker = components['schemas']['WorkerCardDto'];

const STORAGE_KEY = 'workersFilters';
const INTRO_CUT = 155;
const INTRO_ELLIPSIS_OVER = 160;

function restoreFilters(): Filters {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Filters> | null;
    return saved ? { ...NO_FILTERS, ...saved } : NO_FILTERS;
  } catch {
    return NO_FILTERS;
  }
}

function introduction(text: string | null): string {
  if (!text) return '';
  return text.length > INTRO_ELLIPSIS_OVER ? `${text.slice(0, INTRO_CUT)}...` : text.slice(0, INTRO_CUT);
}

function WorkerCard({ worker }: { worker: Worker }) {
  const [loaded, setLoaded] = useState(false);
  const age = worker.date_of_birth ? ageFromBirthDate(worker.date_of_birth) : null;
  const place = worker.location.municipality
    ? `${worker.location.municipality.name}, ${worker.location.province?.name ?? ''}`
    : 'Ubicación sin asignar';
  const seen = worker.user.formatted_last_seen;
  return (
    <article className="card worker-card">
      <div className="worker-card__photo">
        {!loaded && <span className="spinner" aria-hidden="true" />}
        <img
          src={worker.user.profile_image ?? '/favicon.svg'}
          alt={`Foto de ${worker.user.first_name}`}
          width="96"
          height="96"
          loading="lazy"
          onLoad={() => setLoaded(true)}
          onError={(e) => {
            e.currentTarget.src = '/favicon.svg';
          }}
        />
      </div>
      <div className="worker-card__body">
        <h2>
          {worker.user.first_name}
          {age !== null && <span className="muted">, {age} años</span>}
        </h2>
        {seen && seen !== '-' && <span className="badge badge--done">{seen}</span>}
        <p className="muted">{place}</p>
        <p>{introduction(worker.introduction)}</p>
        <p className="worker-card__icons">
          {worker.services.map((s) => (
            <span key={s.id} title={s.title_display}>
              <ServiceIcon serviceKey={s.title} size={20} />
              <span className="visually-hidden">{s.title_display}</span>
            </span>
          ))}
        </p>
        <p>{worker.work_arrangements.map((w) => w.value_display).join(', ') || 'Sin asignar'}</p>
        <a className="button" href={`/worker-profile/${worker.id}`} target="_blank" rel="noopener">
          Ver perfil
        </a>
      </div>
    </article>
  );
}

type State =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'loaded'; workers: Worker[]; count: number };

/** The worker directory (spec 02 §2.1): filters and pages are asked of the server. */
export default function WorkersPage() {
  const { authenticated } = useSession();
  const [choices, setChoices] = useState<FilterChoices | null>(null);
  const [filters, setFilters] = useState<Filters>(restoreFilters);
  const [page, setPage] = useState(1);
  const [showAll, setShowAll] = useState(false);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const query = useMemo(() => filtersToQuery(filters), [filters]);

  useEffect(() => {
    void api.GET('/api/workers/get-filter-choices').then(({ data }) => data && setChoices(data));
    if (authenticated) void api.POST('/api/activity/ping').catch(() => undefined);
  }, [authenticated]);

  useEffect(() => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(filters));
  }, [filters]);

  useEffect(() => {
    let active = true;
    setState({ kind: 'loading' });
    const fetchPage = (n: number, size: number) =>
      api.GET('/api/workers', { params: { query: { ...query, page: n, page_size: size } } }).then(({ data, error }) => {
        if (!data || Array.isArray(data))
          throw new Error((error as { error?: string } | undefined)?.error ?? 'Network response was not ok');
        return data;
      });
    const load = async () => {
      if (!showAll) return fetchPage(page, PAGE_SIZE);
      // 'Mostrar todo': every page of 100, one after the other.
      const first = await fetchPage(1, 100);
      const results = [...first.results];
      for (let n = 2; results.length < first.count; n += 1) results.push(...(await fetchPage(n, 100)).results);
      return { ...first, results };
    };
    load()
      .then((data) => active && setState({ kind: 'loaded', workers: data.results, count: data.count }))
      .catch(
        (caught: unknown) =>
          active && setState({ kind: 'error', message: caught instanceof Error ? caught.message : '' }),
      );
    return () => {
      active = false;
    };
  }, [query, page, showAll]);

  const changeFilters = (next: Filters) => {
    setFilters(next);
    setPage(1);
  };
  const pages = state.kind === 'loaded' ? Math.ceil(state.count / PAGE_SIZE) : 0;

  return (
    <div className="container directory">
      <h1>¿Estás buscando personal para tu casa?</h1>
      {choices && <FilterBar choices={choices} filters={filters} onChange={changeFilters} />}
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
      {state.kind === 'loaded' && state.workers.length === 0 && (
        <p>No hay trabajadores/as disponibles en este momento.</p>
      )}
      {state.kind === 'loaded' && state.workers.length > 0 && (
        <>
          <p className="muted" role="status">
            {state.count} perfiles
          </p>
          <div className="card-grid card-grid--two">
            {state.workers.map((worker) => (
              <WorkerCard key={worker.id} worker={worker} />
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
                  onClick={() => {
                    setPage(n);
                    window.scrollTo({ top: 0 });
                  }}
                >
                  {n}
                </button>
              ))}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setShowAll(true);
                  setPage(1);
                }}
              >
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
