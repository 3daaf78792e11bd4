import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api/client';
import { loadChoices, loadProfile, type ProfileChoices, type WorkerProfileData } from './api';
import { OnboardingWizard } from './components/OnboardingWizard';
import { PhotoUploader } from './components/PhotoUploader';
import { SectionEditor, type SectionName } from './components/SectionEditors';
import { WorkerProfileView } from './components/WorkerProfileView';

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
  const visible = profile.info.user.profile_visibility;
  return (
    <>
      {!visible && (
        <div className="banner no-print" role="status">
          <p>
            <strong>Tu perfil no está visible</strong>
          </p>
          <Link to="/user-account?onboarding=true" className="button">
            Completar perfil
          </Link>
        </div>
      )}
      <div className="account__tools no-print">
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          Descargar CV
        </button>
      </div>
      <section className="card profile-section">
        <header className="profile-section__header">
          <h3>Foto de perfil</h3>
        </header>
        <PhotoUploader userId={userId} image={profile.info.user.profile_image} onChange={() => void reload()} />
      </section>
      <section className="card profile-section">
        <header className="profile-section__header">
          <h3>{profile.info.user.first_name}</h3>
          <button
            type="button"
            className="icon-button no-print"
            aria-label="Editar Cuenta"
            onClick={() => setEditing('account')}
          >
            ✎
          </button>
        </header>
        <dl className="details">
          <dt>Apellido (privado)</dt>
          <dd>{names.last}</dd>
          <dt>Correo electrónico</dt>
          <dd>{profile.info.user.email}</dd>
          <dt>Teléfono</dt>
          <dd>{profile.info.user.phone ?? 'Sin asignar'}</dd>
        </dl>
      </section>
      <WorkerProfileView profile={profile} choices={choices} onEdit={setEditing} />
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
