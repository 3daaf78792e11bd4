import { ADMIN_MESSAGES, formatCount, OFFER_PUBLIC_VISIBILITY, PRODUCT_NAME, type JobOfferInput } from '@cym/common';
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { OfferWizard } from '../employer';
import { useWageRules } from '../wages';
import { errorMessage } from '../../lib/api/errors';
import { profileChoicesQuery, type ProfileChoices } from '../../lib/catalog';
import { adminApi, adminKeys, adminOfferToInput, type AdminOffer, type ListQuery, type OfferVisibility } from './api';
import { AdminListView, AdminSearch, useSearchList } from './AdminList';
import './admin.css';
import './admin-offers.css';

type WizardState = { mode: 'create' } | { mode: 'edit'; offer: AdminOffer };

const countLabel = (count: number) => formatCount(count, 'oferta laboral', 'ofertas laborales');

/**
 * /admin/job-offers, 'Empleos': every offer, searched by title on the server and paged by 50 (the
 * same list hook as the other admin pages). The team creates offers with the employer's nine-step
 * wizard (they have no employer and show at once) and edits only those; any offer can be deleted.
 * The visible switch only shows the stored state; beside it, what the public sees (an employer
 * without an active membership hides a switched-on offer), which the list can also be filtered by.
 */
export default function AdminJobOffersPage() {
  const [visibility, setVisibility] = useState<OfferVisibility | ''>('');
  const fetchOffers = useCallback((q: ListQuery) => adminApi.offers(q, visibility || null), [visibility]);
  const list = useSearchList(adminKeys.list('offers', visibility), fetchOffers);
  const client = useQueryClient();
  const [choices, setChoices] = useState<ProfileChoices | null>(null);
  const [wizard, setWizard] = useState<WizardState | null>(null);
  // The price step's legal minimum.
  const wageRules = useWageRules().data;
  const [opening, setOpening] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

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
      setChoices(await client.fetchQuery(profileChoicesQuery));
      setWizard(state);
    } catch (error) {
      setActionError(errorMessage(error, 'Error al cargar la información.'));
    } finally {
      setOpening(false);
    }
  }

  async function submitOffer(input: JobOfferInput) {
    if (!wizard) return;
    if (wizard.mode === 'edit') {
      const saved = await adminApi.updateOffer(wizard.offer.id, input);
      // An edit never changes what the public sees of it: the row keeps that part.
      list.replace({ ...wizard.offer, ...saved });
      setNotice(`Se guardaron los cambios de «${saved.title}».`);
    } else {
      const created = await adminApi.addOffer(input);
      // Newest first: the new offer heads the first page of an empty search.
      list.setText('');
      list.setPage(1);
      list.reload();
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
      await adminApi.deleteOffer(offer.id);
      list.reload();
      setNotice(`Se eliminó la oferta «${offer.title}».`);
      titleRef.current?.focus();
    } catch (error) {
      setActionError(ADMIN_MESSAGES.deleteFailed + errorMessage(error, ''));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <div className="admin-page admin-offers">
      <h1 ref={titleRef} tabIndex={-1} className="admin-page__title">
        {ADMIN_MESSAGES.offersTitle}
      </h1>

      <div className="admin-toolbar">
        <AdminSearch id="admin-offers-search" label="Buscar por título" value={list.text} onChange={list.setText} />
        <label className="admin-filter">
          <span>Visibilidad</span>
          <select
            value={visibility}
            onChange={(event) => {
              setVisibility(event.target.value as OfferVisibility | '');
              list.setPage(1);
            }}
          >
            <option value="">Todas</option>
            {OFFER_PUBLIC_VISIBILITY.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
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

      <AdminListView
        list={list}
        loadFailed={ADMIN_MESSAGES.offersLoadFailed}
        emptyText={ADMIN_MESSAGES.noOffers}
        countLabel={countLabel}
        tableLabel="Ofertas laborales"
        className="admin-offers__table"
      >
        {(offers) => (
          <>
            <thead>
              <tr>
                <th scope="col">Publicada</th>
                <th scope="col">Título</th>
                <th scope="col">Empleador</th>
                <th scope="col">Provincia</th>
                <th scope="col">Partido</th>
                <th scope="col">Acciones</th>
                <th scope="col">Visibilidad</th>
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
          </>
        )}
      </AdminListView>

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
              wageRules={wageRules}
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
  // Only the team's own offers (no employer) can be edited here.
  const editable = offer.parent_profile === null;
  return (
    <tr>
      <td data-label="Publicada">{offer.formatted_created_at}</td>
      <th scope="row" className="admin-offers__wrap admin-offers__title">
        {title}
      </th>
      <td className="admin-offers__wrap" data-label="Empleador">
        {offer.parent_profile?.user.first_name ?? PRODUCT_NAME}
      </td>
      <td className="admin-offers__wrap" data-label="Provincia">
        {offer.location.province.name}
      </td>
      <td className="admin-offers__wrap" data-label="Partido">
        {offer.location.municipality.name}
      </td>
      <td className="admin-table__actions-cell">
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
            <span className="admin-action-label">Eliminar</span>
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
            <span className="admin-action-label">Ver</span>
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
              <span className="admin-action-label">Editar</span>
            </button>
          ) : (
            <span className="admin-offers__icon-space" aria-hidden="true" />
          )}
        </div>
      </td>
      <td data-label="Visibilidad">
        <label className="switch admin-offers__switch">
          <input
            type="checkbox"
            role="switch"
            checked={offer.status}
            readOnly
            disabled
            aria-label={`Oferta ${title} activada`}
          />
          <span className={`admin-visibility admin-visibility--${offer.public_visibility}`}>
            {offer.public_visibility_display}
          </span>
        </label>
      </td>
    </tr>
  );
}
