import { ADMIN_MESSAGES, formatDate } from '@cym/common';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { adminApi, type AdminMembership, type AdminParent } from './admin-api';
import { PeoplePage } from './PeoplePage';

const chatTarget = (profileId: number) => ({ parentId: profileId });

const day = (iso: string | null) => (iso ? formatDate(new Date(iso)) : ADMIN_MESSAGES.notAvailable);

/** 'Activa' when switched on and not expired; a switched-on membership past its end says so. */
function stateLabel(membership: AdminMembership): string {
  if (membership.active) return 'Activa';
  return membership.status ? 'Vencida' : 'Inactiva';
}

/** /admin/parents, 'Empleadores' (spec 03 §2): the employers, with their membership last. */
export default function AdminParentsPage() {
  const [details, setDetails] = useState<AdminMembership | null>(null);
  const [open, setOpen] = useState(false);

  return (
    <PeoplePage<AdminParent>
      kind="parents"
      title={ADMIN_MESSAGES.parentsTitle}
      emptyText={ADMIN_MESSAGES.noParents}
      loadFailed={ADMIN_MESSAGES.parentsLoadFailed}
      confirmDelete={ADMIN_MESSAGES.confirmDeleteParent}
      fetchPage={adminApi.parents}
      fetchAll={adminApi.allParents}
      chatTarget={chatTarget}
      lastHeader="Membresía"
      renderLast={(row, { busy, run }) => {
        const membership = row.membership;
        const name = row.user.full_name;
        if (!membership)
          return (
            <label className="switch admin-switch">
              <input type="checkbox" role="switch" checked={false} disabled aria-label={`Membresía de ${name}`} />
              <span>Sin membresía</span>
            </label>
          );
        return (
          <div className="admin-table__actions">
            {/* The answer of the server replaces the row's membership (spec 03 §4). */}
            <label className="switch admin-switch">
              <input
                type="checkbox"
                role="switch"
                checked={membership.status}
                disabled={busy}
                aria-label={`Membresía de ${name}`}
                onChange={() =>
                  run(
                    async () => ({ ...row, membership: await adminApi.toggleMembership(membership.id) }),
                    () => ADMIN_MESSAGES.membershipToggleFailed,
                  )
                }
              />
              <span aria-hidden="true">{stateLabel(membership)}</span>
            </label>
            <button
              type="button"
              className="admin-icon-button"
              aria-label={`Ver membresía de ${name}`}
              title="Ver membresía"
              onClick={() => {
                setDetails(membership);
                setOpen(true);
              }}
            >
              <Eye size={20} aria-hidden="true" />
            </button>
          </div>
        );
      }}
    >
      <Dialog open={open} title="Detalle de membresía" onClose={() => setOpen(false)}>
        {details && (
          <dl className="details admin-details">
            <dt>Usuario</dt>
            <dd>{details.user_full_name}</dd>
            <dt>Estado</dt>
            <dd>{details.active ? 'Activa' : 'Inactiva'}</dd>
            <dt>Fecha de inicio</dt>
            <dd>{day(details.start_date)}</dd>
            <dt>Fecha de vencimiento</dt>
            <dd>{day(details.end_date)}</dd>
            <dt>Medio de pago</dt>
            <dd>{details.payment_method_display ?? ADMIN_MESSAGES.notAvailable}</dd>
            <dt>ID de transacción</dt>
            <dd className="admin-details__code">{details.transaction_id ?? ADMIN_MESSAGES.notAvailable}</dd>
          </dl>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Cerrar
          </button>
        </div>
      </Dialog>
    </PeoplePage>
  );
}
