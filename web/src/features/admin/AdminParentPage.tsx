import { ADMIN_MESSAGES, formatDate, formatPesos, formatPhone, whatsappLink } from '@cym/common';
import { ArrowLeft, MessageCircle } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { startChat } from '../chat';
import { errorMessage } from '../../lib/api/errors';
import { adminKeys, EMPLOYER_LOAD_FAILED, useAdminParent } from './api';
import { AdminLoading } from './AdminList';
import { AdminNotice, type AdminNoticeValue } from './AdminNotice';
import { MembershipSwitch, membershipResult, membershipStateLabel, switchMembership } from './MembershipSwitch';
import { WhatsappIcon } from './PeoplePage';
import './admin.css';
import './admin-parent.css';

const day = (iso: string | null) => (iso ? formatDate(new Date(iso)) : ADMIN_MESSAGES.notAvailable);

const PAYMENT_STATES: Record<string, string> = {
  approved: 'Aprobado',
  pending: 'Pendiente',
  rejected: 'Rechazado',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
};

/**
 * /admin/parents/{id}: one employer as the back office sees them — contact, the membership switch,
 * the membership history, the payments and the offers with what the public sees of each. Lists are
 * cards (no tables), so it reads at 390 px.
 */
export default function AdminParentPage() {
  const { id } = useParams();
  const profileId = Number(id);
  const valid = /^[1-9]\d{0,9}$/.test(id ?? '');
  const { user: admin } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const detail = useAdminParent(profileId, valid);
  const data = detail.data ?? null;
  const failure = detail.isError ? errorMessage(detail.error, EMPLOYER_LOAD_FAILED) : null;
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<AdminNoticeValue>(null);

  async function onSwitch() {
    if (!data || busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const membership = await switchMembership(data.id, data.membership);
      setNotice({ kind: 'success', text: membershipResult(data.user.full_name, membership) });
      // The page and the employers list show the new membership.
      await client.invalidateQueries({ queryKey: adminKeys.parent(data.id) });
      void client.invalidateQueries({ queryKey: adminKeys.list('parents') });
    } catch {
      setNotice({ kind: 'error', text: ADMIN_MESSAGES.membershipToggleFailed });
    } finally {
      setBusy(false);
    }
  }

  async function chat() {
    if (!admin || !data || busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const result = await startChat(admin, { parentId: data.id });
      if ('id' in result) void navigate(`/conversations/chat/${result.id}`);
      else setNotice({ kind: 'error', text: result.error });
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <Link to={paths.admin.parents} className="admin-parent__back">
      <ArrowLeft size={18} aria-hidden="true" />
      Empleadores
    </Link>
  );

  if (!valid || (failure && !data))
    return (
      <div className="admin-page admin-parent">
        {back}
        <h1 className="admin-page__title">Empleador</h1>
        <div className="admin-status">
          <p className="notice notice--error admin-notice" role="alert">
            {valid ? failure : 'No encontramos este empleador.'}
          </p>
          {valid && (
            <button type="button" className="button button--secondary" onClick={() => void detail.refetch()}>
              Reintentar
            </button>
          )}
        </div>
      </div>
    );
  if (!data)
    return (
      <div className="admin-page admin-parent">
        {back}
        <AdminLoading />
      </div>
    );

  const { user, membership } = data;
  const whatsapp = whatsappLink(user.phone, user.first_name);

  return (
    <div className="admin-page admin-parent">
      {back}
      <h1 className="admin-page__title">{user.full_name}</h1>
      <AdminNotice notice={notice} />

      <div className="admin-parent__grid">
        <section className="card admin-parent__section" aria-labelledby="admin-parent-contact">
          <h2 id="admin-parent-contact">Contacto</h2>
          <dl className="admin-parent__facts">
            <dt>Correo electrónico</dt>
            <dd>
              <a href={`mailto:${user.email}`}>{user.email}</a>
            </dd>
            <dt>Teléfono</dt>
            <dd>{formatPhone(user.phone) ?? ADMIN_MESSAGES.notAvailable}</dd>
            <dt>Registro</dt>
            <dd>{user.formatted_created_at}</dd>
            <dt>Último ingreso</dt>
            <dd>{user.formatted_last_login ?? ADMIN_MESSAGES.neverLoggedIn}</dd>
            <dt>Última conexión</dt>
            <dd>{user.formatted_last_seen}</dd>
          </dl>
          <div className="admin-parent__actions">
            {whatsapp && (
              <a className="button button--secondary" href={whatsapp} target="_blank" rel="noreferrer">
                <WhatsappIcon />
                WhatsApp
              </a>
            )}
            <button
              type="button"
              className="button button--secondary"
              disabled={busy || !admin}
              onClick={() => void chat()}
            >
              <MessageCircle size={20} aria-hidden="true" />
              Chatear
            </button>
          </div>
        </section>

        <section className="card admin-parent__section" aria-labelledby="admin-parent-membership">
          <h2 id="admin-parent-membership">Membresía</h2>
          <div className="admin-parent__switch">
            <MembershipSwitch
              membership={membership}
              name={user.full_name}
              busy={busy}
              onSwitch={() => void onSwitch()}
            />
          </div>
          {membership ? (
            <dl className="admin-parent__facts">
              <dt>Estado</dt>
              <dd>{membershipStateLabel(membership)}</dd>
              <dt>Vence</dt>
              <dd className="value">{day(membership.end_date)}</dd>
              <dt>Medio de pago</dt>
              <dd>{membership.payment_method_display ?? ADMIN_MESSAGES.notAvailable}</dd>
            </dl>
          ) : (
            <p className="muted">Sin membresía. Al activarla se otorga un mes a mano (Manual).</p>
          )}
        </section>
      </div>

      <section className="admin-parent__section" aria-labelledby="admin-parent-history">
        <h2 id="admin-parent-history">Historial de membresías</h2>
        {data.memberships.length === 0 ? (
          <p className="muted">No tiene membresías.</p>
        ) : (
          <ul className="admin-parent__list">
            {data.memberships.map((m) => (
              <li key={m.id} className="card admin-parent__item">
                <p className="admin-parent__item-title">
                  <span className="value">
                    {day(m.start_date)} – {day(m.end_date)}
                  </span>
                  <span className={`admin-badge ${m.active ? 'admin-badge--approved' : ''}`}>
                    {m.active ? 'Activa' : m.status ? 'Vencida' : 'Inactiva'}
                  </span>
                </p>
                <dl className="admin-parent__facts">
                  <dt>Medio de pago</dt>
                  <dd>{m.payment_method_display ?? ADMIN_MESSAGES.notAvailable}</dd>
                  <dt>Monto</dt>
                  <dd className="value">{m.amount === null ? ADMIN_MESSAGES.notAvailable : formatPesos(m.amount)}</dd>
                  {m.granted_by && (
                    <>
                      <dt>Otorgada por</dt>
                      <dd>{m.granted_by}</dd>
                    </>
                  )}
                  <dt>ID de transacción</dt>
                  <dd className="admin-details__code">{m.transaction_id ?? ADMIN_MESSAGES.notAvailable}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-parent__section" aria-labelledby="admin-parent-payments">
        <h2 id="admin-parent-payments">Pagos</h2>
        {data.payments.length === 0 ? (
          <p className="muted">{ADMIN_MESSAGES.noPayments}</p>
        ) : (
          <ul className="admin-parent__list">
            {data.payments.map((p) => (
              <li key={p.id} className="card admin-parent__item">
                <p className="admin-parent__item-title">
                  <span className="value">{formatPesos(p.amount)}</span>
                  <span className={`admin-badge admin-badge--${p.status}`}>{PAYMENT_STATES[p.status] ?? p.status}</span>
                </p>
                <dl className="admin-parent__facts">
                  <dt>Fecha</dt>
                  <dd className="value">{day(p.timestamp)}</dd>
                  <dt>Medio de pago</dt>
                  <dd>{p.payment_method_display}</dd>
                  <dt>ID de transacción</dt>
                  <dd className="admin-details__code">{p.transaction_id ?? ADMIN_MESSAGES.notAvailable}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-parent__section" aria-labelledby="admin-parent-offers">
        <h2 id="admin-parent-offers">Ofertas laborales</h2>
        {data.offers.length === 0 ? (
          <p className="muted">No publicó ofertas.</p>
        ) : (
          <ul className="admin-parent__list">
            {data.offers.map((offer) => (
              <li key={offer.id} className="card admin-parent__item">
                <p className="admin-parent__item-title">
                  <span className="admin-parent__offer-title">{offer.title}</span>
                  <span className={`admin-visibility admin-visibility--${offer.public_visibility}`}>
                    {offer.public_visibility_display}
                  </span>
                </p>
                <dl className="admin-parent__facts">
                  <dt>Publicada</dt>
                  <dd className="value">{offer.formatted_created_at}</dd>
                  <dt>Lugar</dt>
                  <dd>
                    {offer.location.municipality.name}, {offer.location.province.name}
                  </dd>
                </dl>
                {offer.public_visibility === 'visible' && (
                  <a className="button button--secondary admin-parent__item-action" href={`/job-offer/${offer.id}`}>
                    Ver oferta
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
