import { SHORTLIST_MESSAGES } from '@cym/common';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { PageHero } from '../../components/PageHero';
import { errorMessage } from '../../lib/api/errors';
import { useSession } from '../../lib/session';
import { useSavedOffers, useSavedWorkers, useToggleSaved, type ShortlistItem } from '../../lib/shortlist';
import { useDocumentTitle } from '../../lib/title';
import { OfferCard, WorkerCard } from '../browse';
import { SavedTabs } from './SavedTabs';
import './saved.css';

/** A saved item the public cannot see any more: said so, with 'Quitar'. */
function Unavailable({ item, id }: { item: ShortlistItem; id: number }) {
  const toggle = useToggleSaved(item);
  return (
    <article className="card saved-gone">
      <h2>{item === 'worker' ? SHORTLIST_MESSAGES.workerUnavailable : SHORTLIST_MESSAGES.offerUnavailable}</h2>
      <p className="muted">
        {item === 'worker'
          ? 'Esta persona ocultó su perfil o ya no está en el sitio.'
          : 'Esta oferta ya no está publicada.'}
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={toggle.isPending}
        onClick={() => toggle.mutate({ id, save: false })}
      >
        Quitar
      </button>
    </article>
  );
}

/**
 * /guardados: an employer's saved workers or a worker's saved offers, newest saved first, with the
 * directories' cards (their heart removes them).
 */
export default function SavedPage() {
  const { role } = useSession();
  useDocumentTitle('Guardados');
  const workers = useSavedWorkers(role === 'parent');
  const offers = useSavedOffers(role === 'worker');
  const query = role === 'worker' ? offers : workers;
  const items = role === 'worker' ? offers.data : workers.data;
  const empty = role === 'worker' ? SHORTLIST_MESSAGES.noOffers : SHORTLIST_MESSAGES.noWorkers;

  return (
    <>
      <PageHero title="Guardados" />
      <div className="container saved">
        <SavedTabs role={role} />
        {role !== 'parent' && role !== 'worker' && (
          <p>Los guardados son para familias, empresas y trabajadores con una cuenta.</p>
        )}
        {query.isPending && query.fetchStatus !== 'idle' && <p role="status">Cargando…</p>}
        {query.isError && (
          <p className="notice notice--error" role="alert">
            {errorMessage(query.error, 'No pudimos cargar tus guardados.')}
          </p>
        )}
        {items && items.length === 0 && (
          <div className="saved-empty">
            <p>{empty}</p>
            <Link className="button" to={role === 'worker' ? paths.jobOffers : paths.workers}>
              {role === 'worker' ? 'Buscar ofertas' : 'Buscar perfiles'}
            </Link>
          </div>
        )}
        {items && items.length > 0 && (
          <>
            <p className="muted" role="status">
              {items.length === 1 ? '1 guardado' : `${items.length} guardados`}
            </p>
            <div className={`card-grid ${role === 'worker' ? 'card-grid--three' : ''}`}>
              {role === 'worker'
                ? offers.data?.map((entry) => (
                    <div key={entry.id}>
                      {entry.card ? <OfferCard offer={entry.card} /> : <Unavailable item="offer" id={entry.id} />}
                    </div>
                  ))
                : workers.data?.map((entry) => (
                    <div key={entry.id}>
                      {entry.card ? <WorkerCard worker={entry.card} /> : <Unavailable item="worker" id={entry.id} />}
                    </div>
                  ))}
            </div>
          </>
        )}
      </div>
    </>
  );
}
