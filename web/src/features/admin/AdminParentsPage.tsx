import { ADMIN_MESSAGES, formatDate } from '@cym/common';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { adminApi, type AdminMembership, type AdminParent } from './api';
import { MembershipSwitch, membershipResult, membershipStateLabel, switchMembership } from './MembershipSwitch';
import { PeoplePage } from './PeoplePage';

/** The admin's view of one employer. */
export const adminParentPath = (profileId: number) => `/admin/parents/${profileId}`;

const chatTarget = (profileId: number) => ({ parentId: profileId });

const day = (iso: string | null) => (iso ? formatDate(new Date(iso)) : ADMIN_MESSAGES.notAvailable);

/** /admin/parents, 'Empleadores': the employers, with their membership last. */
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
      profileHref={(row) => adminParentPath(row.id)}
      profileLabel="Ver empleador"
      lastHeader="Membresía"
      renderLast={(row, { busy, run }) => {
        const membership = row.membership;
        const name = row.user.full_name;
        // The answer of the server replaces the row's membership; without one, the switch grants a
        // month by hand.
        const onSwitch = () =>
          run(
            async () => ({ ...row, membership: await switchMembership(row.id, membership) }),
            () => ADMIN_MESSAGES.membershipToggleFailed,
            (changed) => membershipResult(name, changed.membership),
          );
        return (
          <div className="admin-table__actions">
            <MembershipSwitch membership={membership} name={name} busy={busy} onSwitch={onSwitch} />
            {membership && (
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
            )}
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
            <dd>{membershipStateLabel(details)}</dd>
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
