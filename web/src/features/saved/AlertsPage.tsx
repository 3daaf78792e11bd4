import { useState } from 'react';
import { Link } from 'react-router';
import {
  EMAIL_FREQUENCIES,
  EMAIL_FREQUENCY_HINTS,
  EMAIL_FREQUENCY_LABELS,
  SAVED_SEARCH_MESSAGES,
  savedSearchNameProblem,
  type EmailFrequency,
} from '@cym/common';
import { paths } from '../../config/paths';
import { PageHero } from '../../components/PageHero';
import { SelectField } from '../../components/ui/SelectField';
import { errorMessage } from '../../lib/api/errors';
import { useSession } from '../../lib/session';
import { usePlaces } from '../../lib/catalog';
import { useDocumentTitle } from '../../lib/title';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch, type SavedSearch } from './api';
import { SavedTabs } from './SavedTabs';
import { searchSummary } from './search-words';
import { SearchNameField } from './SearchNameField';
import './saved.css';

/** The directory page of a search, with its filters. */
function searchLink(search: SavedSearch): string {
  const params = new URLSearchParams(search.query).toString();
  const base = search.kind === 'workers' ? paths.workers : paths.jobOffers;
  return params ? `${base}?${params}` : base;
}

function SearchCard({ search }: { search: SavedSearch }) {
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(search.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const failure = update.error ?? remove.error;
  const places = usePlaces().data;
  const change = (changes: Parameters<typeof update.mutate>[0]['changes']) => update.mutate({ id: search.id, changes });

  return (
    <article className="card alert-card" aria-labelledby={`alert-${search.id}`}>
      {renaming ? (
        <form
          className="form alert-card__rename"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const problem = savedSearchNameProblem(name);
            setNameError(problem);
            if (problem) return;
            update.mutate({ id: search.id, changes: { name: name.trim() } }, { onSuccess: () => setRenaming(false) });
          }}
        >
          <SearchNameField value={name} onChange={setName} error={nameError} />
          <p className="alert-card__actions">
            <button type="submit" className="button" disabled={update.isPending}>
              Guardar nombre
            </button>
            <button type="button" className="button button--ghost" onClick={() => setRenaming(false)}>
              Cancelar
            </button>
          </p>
        </form>
      ) : (
        <h2 id={`alert-${search.id}`}>{search.name}</h2>
      )}
      <p className="muted alert-card__summary">{searchSummary(search.kind, search.query, places)}</p>
      <p>
        {search.paused ? (
          <span className="badge badge--warning">En pausa</span>
        ) : search.email_frequency === 'never' ? (
          <span className="badge badge--neutral">Sin e-mails</span>
        ) : (
          <span className="badge badge--done">Activa</span>
        )}{' '}
        {search.match_count === 1
          ? '1 coincidencia nueva desde que la guardaste'
          : `${search.match_count} coincidencias nuevas desde que la guardaste`}
      </p>
      <SelectField<EmailFrequency>
        label="Avisos por e-mail"
        value={search.email_frequency}
        placeholder="Elegí una opción"
        options={EMAIL_FREQUENCIES.map((value) => ({ value, label: EMAIL_FREQUENCY_LABELS[value] }))}
        hint={EMAIL_FREQUENCY_HINTS[search.email_frequency]}
        disabled={update.isPending}
        onChange={(value) => value && change({ email_frequency: value })}
      />
      {failure && (
        <p className="notice notice--error" role="alert">
          {errorMessage(failure, 'No pudimos guardar el cambio. Intentá de nuevo.')}
        </p>
      )}
      <p className="alert-card__actions">
        <Link className="button" to={searchLink(search)}>
          Ver resultados
        </Link>
        <button
          type="button"
          className="button button--secondary"
          disabled={update.isPending}
          onClick={() => change({ paused: !search.paused })}
        >
          {search.paused ? 'Reanudar avisos' : 'Pausar avisos'}
        </button>
        {!renaming && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setName(search.name);
              setRenaming(true);
            }}
          >
            Cambiar nombre
          </button>
        )}
        {confirming ? (
          <>
            <button
              type="button"
              className="button button--danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(search.id)}
            >
              Sí, borrar
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
              No
            </button>
          </>
        ) : (
          <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
            Borrar
          </button>
        )}
      </p>
    </article>
  );
}

/** /alertas: the saved searches, each renamed, paused, set to e-mail or deleted here. */
export default function AlertsPage() {
  const { role } = useSession();
  useDocumentTitle('Búsquedas y alertas');
  const searches = useSavedSearches();
  return (
    <>
      <PageHero title="Búsquedas y alertas" />
      <div className="container saved">
        <SavedTabs role={role} />
        {searches.isPending && <p role="status">Cargando…</p>}
        {searches.isError && (
          <p className="notice notice--error" role="alert">
            {errorMessage(searches.error, 'No pudimos cargar tus búsquedas guardadas.')}
          </p>
        )}
        {searches.data?.length === 0 && (
          <div className="saved-empty">
            <p>{SAVED_SEARCH_MESSAGES.empty}</p>
            <Link className="button" to={role === 'worker' ? paths.jobOffers : paths.workers}>
              {role === 'worker' ? 'Buscar ofertas' : 'Buscar perfiles'}
            </Link>
          </div>
        )}
        {searches.data && searches.data.length > 0 && (
          <div className="alert-list">
            {searches.data.map((search) => (
              <SearchCard key={search.id} search={search} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}
