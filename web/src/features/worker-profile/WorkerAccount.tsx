import { useEffect, useState } from 'react';
import { loadChoices, loadProfile, type ProfileChoices, type WorkerProfileData } from './api';
import { OnboardingWizard } from './components/OnboardingWizard';
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

  useEffect(() => {
    let active = true;
    Promise.all([loadProfile(profileId), loadChoices()])
      .then(([p, c]) => {
        if (!active) return;
        setProfile(p);
        setChoices(c);
      })
      .catch(
        (caught: unknown) => active && setError(caught instanceof Error ? caught.message : 'Error al obtener datos.'),
      );
    return () => {
      active = false;
    };
  }, [profileId]);

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
  return <WorkerProfileView profile={profile} />;
}
