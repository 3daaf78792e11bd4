import { useState } from 'react';
import { Link } from 'react-router';
import {
  EMAIL_FREQUENCY_HINTS,
  EMAIL_FREQUENCY_LABELS,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_OWNER,
  savedSearchNameProblem,
  type SavedSearchKind,
} from '@cym/common';
import { paths } from '../../config/paths';
import { Dialog } from '../../components/ui/Dialog';
import { PushOffer } from '../../components/PushOffer';
import { SelectField } from '../../components/ui/SelectField';
import { errorMessage } from '../../lib/api/errors';
import { useDirectoryFilterChoices, usePlaces } from '../../lib/catalog';
import { mayOfferPush } from '../../lib/push';
import { useSession } from '../../lib/session';
import { useAuthDialogs } from '../auth';
import { useCreateSavedSearch } from './api';
import { suggestedSearchName } from './search-words';
import { SearchNameField } from './SearchNameField';
import './saved.css';

/**
 * 'Guardar búsqueda' on a directory: the filters shown now, under a name, with how to be told of
 * new matches. Visitors are asked to sign up first; the other kind of account has no button (it
 * cannot save this directory's searches).
 */
export function SaveSearchButton({ kind, query }: { kind: SavedSearchKind; query: Record<string, string> }) {
  const { role, user } = useSession();
  const { open: openAuth } = useAuthDialogs();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [frequency, setFrequency] = useState<'immediate' | 'daily'>('immediate');
  const [nameError, setNameError] = useState<string | null>(null);
  const create = useCreateSavedSearch();
  // The name names the search's place: a province from the directory's lists; a municipality
  // ('Ubicación' or 'Cerca de') from the whole list of places, asked for only when there is one.
  const lists = useDirectoryFilterChoices().data;
  const namesMunicipality = Boolean(query.municipality || query.near);
  const owner = role !== 'visitor' && user?.profile_type === SAVED_SEARCH_OWNER[kind];
  const allPlaces = usePlaces(namesMunicipality && owner).data;
  const places = allPlaces ?? (lists && { provinces: lists.provinces, municipalities: [] });
  // Saving a search is a moment that explains the question: offered once per save, if never asked.
  const [offerPush, setOfferPush] = useState(false);

  if (role !== 'visitor' && user?.profile_type !== SAVED_SEARCH_OWNER[kind]) return null;

  const start = () => {
    if (role === 'visitor') return openAuth('signup', { profileType: kind === 'workers' ? 'Parent' : 'Worker' });
    create.reset();
    setName(suggestedSearchName(query, places));
    setNameError(null);
    setOpen(true);
  };
  const submit = () => {
    const problem = savedSearchNameProblem(name);
    setNameError(problem);
    if (problem) return;
    create.mutate(
      { kind, name: name.trim(), query, email_frequency: frequency },
      { onSuccess: () => setOfferPush(mayOfferPush()) },
    );
  };

  return (
    <>
      <button type="button" className="button button--secondary save-search" onClick={start}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0" />
        </svg>
        Guardar búsqueda
      </button>
      <Dialog open={open} title="Guardar búsqueda" onClose={() => setOpen(false)}>
        {create.isSuccess ? (
          <div className="save-search__done">
            <p role="status">{SAVED_SEARCH_MESSAGES.saved}</p>
            {offerPush && (
              <PushOffer
                title="¿Querés enterarte también en este dispositivo? Activá las notificaciones."
                onDone={() => setOfferPush(false)}
              />
            )}
            <p className="dialog__actions">
              <Link className="button" to={paths.alerts} onClick={() => setOpen(false)}>
                Ver mis alertas
              </Link>
              <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
                Seguir buscando
              </button>
            </p>
          </div>
        ) : (
          <form
            className="form save-search__form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <p className="muted">
              {kind === 'workers'
                ? 'Te avisamos cuando aparezca un perfil nuevo con estos filtros.'
                : 'Te avisamos cuando se publique una oferta nueva con estos filtros.'}
            </p>
            <SearchNameField value={name} onChange={setName} error={nameError} />
            <SelectField
              label="¿Cuándo te avisamos por e-mail?"
              value={frequency}
              placeholder="Elegí una opción"
              options={(['immediate', 'daily'] as const).map((value) => ({
                value,
                label: EMAIL_FREQUENCY_LABELS[value],
              }))}
              hint={EMAIL_FREQUENCY_HINTS[frequency]}
              onChange={(value) => setFrequency(value ?? 'immediate')}
            />
            {create.isError && (
              <p className="notice notice--error" role="alert">
                {errorMessage(create.error, 'No pudimos guardar la búsqueda. Intentá de nuevo.')}
              </p>
            )}
            <p className="dialog__actions">
              <button type="submit" className="button" disabled={create.isPending}>
                {create.isPending ? 'Guardando…' : 'Guardar'}
              </button>
            </p>
          </form>
        )}
      </Dialog>
    </>
  );
}
