import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api/client';
import { loadChoices, loadProfile, type ProfileChoices, type WorkerProfileData } from './api';
import { OnboardingWizard } from './components/OnboardingWizard';
import { PhotoUploader } from '../../components/PhotoUploader';
import { SectionEditor, type SectionName } from './components/SectionEditors';
import { WorkerCv } from './components/WorkerCv';
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
  const [profile, setProfile] = useState<WorkerProfileData | null>(null);
  const [choices, setChoices] = useState<ProfileChoices | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<SectionName | null>(null);
  const [names, setNames] = useState({ last: lastName });

  const reload = useCallback(
    () =>
      Promise.all([loadProfile(profileId), loadChoices()])
        .then(([p, c]) => {
          setProfile(p);
          setChoices(c);
        })
        .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'Error al obtener datos.')),
    [profileId],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  if (error)
    return (
      <p className="notice notice--error" role="alert">
        {error}
      </p>
    );
  if (!profile || !choices) return <p role="status">Cargando tu perfil…</p>;
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
  // Spec 02 §4: the account is complete with first name, last name, e-mail and phone.
  const accountDone = !!(user.first_name && names.last && user.email && user.phone);
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
          <PhotoUploader userId={userId} image={user.profile_image} onChange={() => void reload()} />
        </ProfileSection>
        <ProfileSection
          title={user.first_name}
          done={accountDone}
          edit={{ label: 'Editar Cuenta', onClick: () => setEditing('account') }}
        >
          <dl className="details">
            <dt>Apellido (privado)</dt>
            <dd>{names.last}</dd>
            <dt>Correo electrónico</dt>
            <dd>{user.email}</dd>
            <dt>Teléfono</dt>
            <dd>{user.phone ?? 'Sin asignar'}</dd>
          </dl>
        </ProfileSection>
        <WorkerProfileView profile={profile} choices={choices} onEdit={setEditing} />
      </div>
      <WorkerCv profile={profile} choices={choices} lastName={names.last} />
      {editing && (
        <SectionEditor
          section={editing}
          profileId={profileId}
          userId={userId}
          lastName={names.last}
          profile={profile}
          choices={choices}
          onClose={() => setEditing(null)}
          onSaved={() => {
            if (editing === 'account')
              void api.GET('/api/user/get-data').then(({ data }) => data && setNames({ last: data.last_name }));
            void reload();
          }}
        />
      )}
    </>
  );
}
