import { ADMIN_MESSAGES } from '@cym/common';
import { adminApi, type AdminWorker } from './api';
import { PeoplePage } from './PeoplePage';

const chatTarget = (profileId: number) => ({ workerId: profileId });
const profileHref = (row: AdminWorker) => `/worker-profile/${row.id}`;

/** /admin/workers, 'Perfiles': the workers, with the profile-visible switch last. */
export default function AdminWorkersPage() {
  return (
    <PeoplePage<AdminWorker>
      kind="workers"
      title={ADMIN_MESSAGES.workersTitle}
      emptyText={ADMIN_MESSAGES.noWorkers}
      loadFailed={ADMIN_MESSAGES.workersLoadFailed}
      confirmDelete={ADMIN_MESSAGES.confirmDeleteWorker}
      fetchPage={adminApi.workers}
      fetchAll={adminApi.allWorkers}
      chatTarget={chatTarget}
      profileHref={profileHref}
      lastHeader="Perfil visible"
      renderLast={(row, { busy, run }) => {
        const visible = row.user.profile_visibility === true;
        return (
          // The switch follows the server: it moves only when the change is accepted.
          <label className="switch admin-switch">
            <input
              type="checkbox"
              role="switch"
              checked={visible}
              // Not disabled while saving: a disabled control drops the focus to <body>.
              aria-disabled={busy}
              aria-label={`Perfil visible de ${row.user.full_name}`}
              onChange={() =>
                run(
                  () => adminApi.setVisibility(row.user.id, !visible),
                  (message) => message || 'No pudimos cambiar la visibilidad del perfil.',
                  (changed) =>
                    changed.user.profile_visibility
                      ? `El perfil de ${changed.user.full_name} ahora es visible.`
                      : `El perfil de ${changed.user.full_name} quedó oculto.`,
                )
              }
            />
            <span aria-hidden="true">{visible ? 'Visible' : 'Oculto'}</span>
          </label>
        );
      }}
    />
  );
}
