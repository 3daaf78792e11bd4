import { ADMIN_MESSAGES, PRODUCT_NAME, type JobOfferInput } from '@cym/common';
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { OfferWizard } from '../employer/OfferWizard';
import { loadChoices, type ProfileChoices } from '../worker-profile/api';
import { ADMIN_OFFERS_PAGE_SIZE, adminOfferToInput, adminOffersApi, type AdminOffer } from './admin-offers-api';
import './admin.css';
import './admin-offers.css';

/** Typing in the search waits this long before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;
/** The server accepts searches up to this length. */
const SEARCH_MAX = 100;

interface ListState {
  /** null until the first answer arrives. */
  offers: AdminOffer[] | null;
  count: number;
  loading: boolean;
  failed: boolean;
}

type WizardState = { mode: 'create' } | { mode: 'edit'; offer: AdminOffer };

const message = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

const countLabel = (count: number) => (count === 1 ? '1 oferta laboral' : `${count} ofertas laborales`);

/** Page numbers to show: first, last, and the current one with its neighbours; null marks a gap. */
function pageList(current: number, total: number): (number | null)[] {
  const shown = [...new Set([1, current - 1, current, current + 1, total])]
    .filter((n) => n >= 1 && n <= total)
    .sort((a, b) => a - b);
  const list: (number | null)[] = [];
  shown.forEach((n, i) => {
    if (i > 0 && n - shown[i - 1]! > 1) list.push(null);
    list.push(n);
  });
  return list;
}

/**
 * /admin/job-offers, 'Empleos' (spec 03 §2, §4, §7, §8): every offer, searched by title on the
 * server and paged by 50. The team creates offers with the employer's nine-step wizard (they have
 * no employer and show at once) and edits only those; any offer can be deleted. The visible
 * switch only shows the state.
 */
export default function AdminJobOffersPage() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ term: '', page: 1 });
  const [reloads, setReloads] = useState(0);
  const [list, setList] = useState<ListState>({ offers: null, count: 0, loading: true, failed: false });
  const [choices, setChoices] = useState<ProfileChoices | null>(null);
  const [wizard, setWizard] = useState<WizardState | null>(null);
  const [opening, setOpening] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  // The search goes to the server once typing pauses; a new search starts at page 1.
  useEffect(() => {
    const term = search.trim();
    if (term === query.term) return;
    const timer = setTimeout(() => setQuery({ term, page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, query.term]);

  // The rows on screen stay while the next answer loads; an older answer never replaces a newer one.
  useEffect(() => {
    const controller = new AbortController();
    setList((current) => ({ ...current, loading: true, failed: false }));
    adminOffersApi.list(query.term, query.page, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        // A page emptied by deletes elsewhere: go back to the last page that has offers.
        const last = Math.max(1, Math.ceil(page.count / ADMIN_OFFERS_PAGE_SIZE));
        if (page.results.length === 0 && query.page > last) {
          setQuery({ term: query.term, page: last });
          return;
        }
        setList({ offers: page.results, count: page.count, loading: false, failed: false });
      },
      () => {
        if (controller.signal.aborted) return;
        setList((current) => ({ ...current, loading: false, failed: true }));
      },
    );
    return () => controller.abort();
  }, [query, reloads]);

  function goToPage(page: number) {
    setQuery({ term: query.term, page });
    window.scrollTo({ top: 0 });
  }

  async function openWizard(state: WizardState) {
    setActionError(null);
    setNotice(null);
    if (choices) {
      setWizard(state);
      return;
    }
    // The same catalog loader as the employer's account page (services, places, shifts...).
    setOpening(true);
    try {
      setChoices(await loadChoices());
      setWizard(state);
    } catch (error) {
      setActionError(message(error, 'Error al cargar la información.'));
    } finally {
      setOpening(false);
    }
  }

  async function submitOffer(input: JobOfferInput) {
    if (!wizard) return;
    if (wizard.mode === 'edit') {
      const saved = await adminOffersApi.update(wizard.offer.id, input);
      setList((current) => ({
        ...current,
        offers: current.offers?.map((offer) => (offer.id === saved.id ? saved : offer)) ?? null,
      }));
      setNotice(`Se guardaron los cambios de «${saved.title}».`);
    } else {
      const created = await adminOffersApi.add(input);
      // Newest first: on the first page of a search it matches, the offer goes on top;
      // otherwise the search is cleared so the new offer shows first.
      if (query.page === 1 && created.title.toLowerCase().includes(query.term.toLowerCase()))
        setList((current) => ({
          ...current,
          offers: [created, ...(current.offers ?? [])].slice(0, ADMIN_OFFERS_PAGE_SIZE),
          count: current.count + 1,
        }));
      else {
        setSearch('');
        setQuery({ term: '', page: 1 });
      }
      setNotice(`Se creó la oferta «${created.title}».`);
    }
    setWizard(null);
  }

  async function remove(offer: AdminOffer) {
    if (!window.confirm(ADMIN_MESSAGES.confirmDeleteOffer)) return;
    setActionError(null);
    setNotice(null);
    setDeleting(offer.id);
    try {
      await adminOffersApi.remove(offer.id);
      const left = (list.offers ?? []).filter((o) => o.id !== offer.id);
      setList((current) => ({
        ...current,
        offers: current.offers?.filter((o) => o.id !== offer.id) ?? null,
        count: Math.max(0, current.count - 1),
      }));
      setNotice(`Se eliminó la oferta «${offer.title}».`);
      // The page emptied while more offers remain: load the page that now holds them.
      if (left.length === 0 && list.count - 1 > 0) setQuery({ term: query.term, page: Math.max(1, query.page - 1) });
      titleRef.current?.focus();
    } catch (error) {
      setActionError(message(error, ADMIN_MESSAGES.deleteFailed));
    } finally {
      setDeleting(null);
    }
  }

  const { offers, count, loading, failed } = list;
  const pages = Math.ceil(count / ADMIN_OFFERS_PAGE_SIZE);

  return (
    <div className="admin-page admin-offers">
      <h1 ref={titleRef} tabIndex={-1} className="admin-page__title">
        {ADMIN_MESSAGES.offersTitle}
      </h1>

      <div className="admin-toolbar">
        <label htmlFor="admin-offers-search" className="visually-hidden">
          Buscar por título
        </label>
        <input
          id="admin-offers-search"
          type="search"
          placeholder="Buscar por título"
          autoComplete="off"
          maxLength={SEARCH_MAX}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button type="button" className="button" disabled={opening} onClick={() => void openWizard({ mode: 'create' })}>
          <Plus size={20} aria-hidden="true" />
          {opening && wizard === null ? 'Cargando...' : 'Crear oferta laboral'}
        </button>
      </div>

      {actionError && (
        <p className="admin-error notice notice--error" role="alert">
          {actionError}
        </p>
      )}
      <p className={notice ? 'notice notice--success admin-offers__notice' : 'visually-hidden'} role="status">
        {notice}
      </p>

      {failed && (
        <div className="admin-status">
          <p className="admin-error" role="alert">
            {ADMIN_MESSAGES.offersLoadFailed}
          </p>
          <button type="button" className="button button--secondary" onClick={() => setReloads((n) => n + 1)}>
            Reintentar
          </button>
        </div>
      )}
      {!failed && loading && !offers?.length && (
        <p className="admin-status" role="status">
          Cargando...
        </p>
      )}
      {!failed && !loading && offers?.length === 0 && <p className="admin-status">{ADMIN_MESSAGES.noOffers}</p>}

      {!failed && offers !== null && offers.length > 0 && (
        <>
          <p className="admin-offers__count" aria-live="polite">
            {loading ? 'Buscando...' : countLabel(count)}
          </p>
          <div
            className="table-scroll admin-offers__scroll"
            role="region"
            aria-label="Ofertas laborales"
            aria-busy={loading}
            tabIndex={0}
          >
            <table className="admin-table admin-offers__table">
              <thead>
                <tr>
                  <th scope="col">Publicada</th>
                  <th scope="col">Título</th>
                  <th scope="col">Empleador</th>
                  <th scope="col">Provincia</th>
                  <th scope="col">Partido</th>
                  <th scope="col">Acciones</th>
                  <th scope="col">Visible</th>
                </tr>
              </thead>
              <tbody>
                {offers.map((offer) => (
                  <OfferRow
                    key={offer.id}
                    offer={offer}
                    deleting={deleting === offer.id}
                    onDelete={() => void remove(offer)}
                    onEdit={() => void openWizard({ mode: 'edit', offer })}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      {!failed && pages > 1 && (
        <nav className="pager admin-offers__pager" aria-label="Páginas">
          <button
            type="button"
            className="pager__page admin-offers__step"
            disabled={query.page <= 1}
            onClick={() => goToPage(query.page - 1)}
          >
            Anterior
          </button>
          {pageList(query.page, pages).map((n, i) =>
            n === null ? (
              <span key={`gap-${i}`} className="admin-offers__gap" aria-hidden="true">
                …
              </span>
            ) : (
              <button
                key={n}
                type="button"
                className={`pager__page ${n === query.page ? 'pager__page--current' : ''}`}
                aria-label={`Página ${n}`}
                aria-current={n === query.page ? 'page' : undefined}
                onClick={() => goToPage(n)}
              >
                {n}
              </button>
            ),
          )}
          <button
            type="button"
            className="pager__page admin-offers__step"
            disabled={query.page >= pages}
            onClick={() => goToPage(query.page + 1)}
          >
            Siguiente
          </button>
        </nav>
      )}

      <Dialog
        open={wizard !== null}
        title={wizard?.mode === 'edit' ? 'Editar oferta laboral' : 'Crear oferta laboral'}
        onClose={() => setWizard(null)}
      >
        {wizard && choices && (
          <div className="admin-offers-wizard">
            <OfferWizard
              key={wizard.mode === 'edit' ? `edit-${wizard.offer.id}` : 'create'}
              mode={wizard.mode}
              initial={wizard.mode === 'edit' ? adminOfferToInput(wizard.offer, choices.shifts) : undefined}
              choices={choices}
              onSubmit={submitOffer}
              onCancel={() => setWizard(null)}
            />
          </div>
        )}
      </Dialog>
    </div>
  );
}

interface OfferRowProps {
  offer: AdminOffer;
  deleting: boolean;
  onDelete: () => void;
  onEdit: () => void;
}

function OfferRow({ offer, deleting, onDelete, onEdit }: OfferRowProps) {
  const { title } = offer;
  // Only the team's own offers (no employer) can be edited here (spec 03 §4).
  const editable = offer.parent_profile === null;
  return (
    <tr>
      <td>{offer.formatted_created_at}</td>
      <td className="admin-offers__wrap admin-offers__title">{title}</td>
      <td className="admin-offers__wrap">{offer.parent_profile?.user.first_name ?? PRODUCT_NAME}</td>
      <td className="admin-offers__wrap">{offer.location.province.name}</td>
      <td className="admin-offers__wrap">{offer.location.municipality.name}</td>
      <td>
        <div className="admin-table__actions">
          <button
            type="button"
            className="icon-button admin-offers__icon admin-offers__icon--danger"
            aria-label={`Eliminar la oferta ${title}`}
            title="Eliminar"
            disabled={deleting}
            onClick={onDelete}
          >
            <Trash2 size={20} aria-hidden="true" />
          </button>
          <a
            className="icon-button admin-offers__icon"
            href={`/job-offer/${offer.id}`}
            target="_blank"
            rel="noreferrer"
            aria-label={`Ver la oferta ${title} (se abre en otra pestaña)`}
            title="Ver"
          >
            <Eye size={20} aria-hidden="true" />
          </a>
          {editable ? (
            <button
              type="button"
              className="icon-button admin-offers__icon"
              aria-label={`Editar la oferta ${title}`}
              title="Editar"
              onClick={onEdit}
            >
              <Pencil size={20} aria-hidden="true" />
            </button>
          ) : (
            <span className="admin-offers__icon-space" aria-hidden="true" />
          )}
        </div>
      </td>
      <td>
        <label className="switch admin-offers__switch">
          <input
            type="checkbox"
            role="switch"
            checked={offer.status}
            readOnly
            disabled
            aria-label={`Oferta ${title} visible`}
          />
          <span aria-hidden="true">{offer.status ? 'Visible' : 'Oculta'}</span>
        </label>
      </td>
    </tr>
  );
}
