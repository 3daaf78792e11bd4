import { formatPhone } from '@cym/common';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api/errors';
import { useProfileChoices } from '../../lib/catalog';
import { useProfileSaved, useWorkerProfile } from './api';
import { OnboardingWizard } from './components/OnboardingWizard';
import { PhotoUploader } from '../../components/PhotoUploader';
import { SectionEditor, type SectionName } from './components/SectionEditors';
import { WorkerCv } from './components/WorkerCv';
import { useWageRules } from '../wages';
import { ProfileSection, WorkerProfileView } from './components/WorkerProfileView';
import './worker-profile.css';

interface Props {
  profileId: number;
  userId: number;
  lastName: string;
  onboarding: boolean;
}

/** The worker's part of /user-account: the wizard with ?onboarding=true, else the profile. */
export default function WorkerAccount({ profileId, userId, lastName, onboarding }: Props) {
  const profileQuery = useWorkerProfile(profileId);
  const choicesQuery = useProfileChoices();
  const saved = useProfileSaved(profileId);
  const [editing, setEditing] = useState<SectionName | null>(null);
  // The pencil that opened the editor gets the focus back when it closes (Escape, Cerrar or a
  // save), not the page's <body>.
  const opener = useRef<HTMLElement | null>(null);
  const edit = (section: SectionName) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(section);
  };
  useEffect(() => {
    if (editing !== null || !opener.current) return;
    if (opener.current.isConnected) opener.current.focus();
    opener.current = null;
  }, [editing]);
  // The hourly price editor's legal minimum, as a reference.
  const wageRules = useWageRules().data;
  const profile = profileQuery.data;
  const choices = choicesQuery.data;
  const failed = profileQuery.error ?? choicesQuery.error;
  const error = failed ? errorMessage(failed, 'Error al obtener datos.') : null;

  if (error)
    return (
      <p className="notice notice--error" role="alert">
        {error}
      </p>
    );
  // A screen high, as the account page's own placeholder (features/account/AccountLoading.tsx).
  if (!profile || !choices)
    return (
      <p role="status" className="account__loading">
        Cargando tu perfil…
      </p>
    );
  if (onboarding)
    return (
      <OnboardingWizard
        profileId={profileId}
        userId={userId}
        lastName={lastName}
        profile={profile}
        choices={choices}
        onExit={() => window.location.assign('/user-account')}
      />
    );
  const { user } = profile.info;
  const visible = user.profile_visibility;
  // The account is complete with first name, last name, e-mail and phone.
  const accountDone = !!(user.first_name && lastName && user.email && user.phone);
  return (
    <>
      {/* On paper only the CV shows (worker-cv.css); on screen only the editor. */}
      <div className="worker-editor">
        {!visible && (
          <div className="banner" role="status">
            <p>
              <strong>Tu perfil no está visible</strong>
            </p>
            <Link to="/user-account?onboarding=true" className="button">
              Completar perfil
            </Link>
          </div>
        )}
        <div className="account__tools">
          <button type="button" className="button button--secondary" onClick={() => window.print()}>
            Descargar CV
          </button>
        </div>
        <ProfileSection title="Foto de perfil" done={!!user.profile_image}>
          <PhotoUploader userId={userId} image={user.profile_image} onChange={() => void saved()} />
        </ProfileSection>
        <ProfileSection
          title={user.first_name}
          done={accountDone}
          edit={{ label: 'Editar cuenta', onClick: () => edit('account') }}
        >
          <dl className="details">
            <dt>Apellido (privado)</dt>
            <dd>{lastName}</dd>
            <dt>Correo electrónico</dt>
            <dd>{user.email}</dd>
            <dt>Teléfono</dt>
            <dd>{formatPhone(user.phone) ?? 'Sin asignar'}</dd>
          </dl>
        </ProfileSection>
        <WorkerProfileView profile={profile} choices={choices} onEdit={edit} />
      </div>
      <WorkerCv profile={profile} choices={choices} lastName={lastName} />
      {editing && (
        <SectionEditor
          section={editing}
          profileId={profileId}
          userId={userId}
          lastName={lastName}
          profile={profile}
          choices={choices}
          onClose={() => setEditing(null)}
          onSaved={() => void saved(editing === 'account')}
          wageRules={wageRules}
        />
      )}
    </>
  );
}
