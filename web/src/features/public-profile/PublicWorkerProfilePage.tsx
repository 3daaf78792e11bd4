import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ageFromBirthDate, formatAge, formatPesos, workerPageText, nationalityDisplay } from '@cym/common';
import { AvailabilityTable } from '../../components/AvailabilityTable';
import { PersonPhoto } from '../../components/PersonPhoto';
import { SaveButton } from '../../components/SaveButton';
import { ServiceIcon } from '../../components/ServiceIcon';
import { VerifiedBadges } from '../../components/VerifiedBadges';
import { useWorkerBadges, workerBadgesQuery } from './api';
import { InactiveMembershipDialog } from '../employer';
import { useSession } from '../../lib/session';
import { startChat } from '../chat';
import { ProfileBlockButton } from '../blocks';
import { ProfileRating, referencePageQuery, ReferencesSection } from '../references';
import { useDocumentTitle } from '../../lib/title';
import { ReportButton } from '../moderation';
import { isNotFoundError, markedNotFound, useNotFoundHere } from '../../lib/not-found';
import type { Prefetch } from '../../lib/lazy';
import { NotFoundPage } from '../static-pages';
import { SignUpLinks, useAuthDialogs } from '../auth';
import {
  PROFILE_LOAD_MESSAGES,
  ProfileLoadError,
  useWorkerProfile,
  workerProfileQuery,
  type WorkerProfileData,
} from '../worker-profile';
import { directoryFiltersQuery, useDirectoryFilterChoices, type ServiceChoice } from '../../lib/catalog';
import './public-profile.css';

type Service = ServiceChoice;
type Named = { id: number; label: string };

interface Loaded {
  profile: WorkerProfileData;
  services: Service[];
  tasks: Named[];
  arrangements: Named[];
}

const NONE = 'Sin asignar';

/** The public worker profile; hidden profiles answer 404 and show the error. */
/** 'Lucía, 34 — Niñera/o en Comuna 6': who, what and where, so open tabs can be told apart. */
function workerTitle({ profile, services }: Loaded): string {
  const { info } = profile;
  return workerPageText({
    firstName: info.user.first_name,
    age: info.date_of_birth ? ageFromBirthDate(info.date_of_birth) : null,
    service: services[0]?.title_display ?? null,
    place: info.location.municipality?.name ?? info.location.province?.name ?? null,
  });
}

const isProfileId = (id: number) => Number.isInteger(id) && id >= 1;

/**
 * The labels (the directory's lists) and the profile; once it is there, its badges, and with the
 * labels too, the first page of its references, as the page draws them.
 */
export const prefetch: Prefetch = async ({ client, params, url }) => {
  const id = Number(params.profileId);
  const labels = client.fetchQuery(directoryFiltersQuery);
  if (!isProfileId(id) || markedNotFound(client, url.pathname)) return labels;
  const [profile, labelled] = await Promise.allSettled([client.fetchQuery(workerProfileQuery(id)), labels]);
  if (profile.status === 'rejected') return;
  await Promise.all([
    client.prefetchQuery(workerBadgesQuery(id)),
    labelled.status === 'fulfilled' ? client.prefetchQuery(referencePageQuery('workers', id, 1)) : undefined,
  ]);
};

export default function PublicWorkerProfilePage() {
  const { profileId } = useParams();
  const id = Number(profileId);
  const { user, role, settled } = useSession();
  const { open } = useAuthDialogs();
  const navigate = useNavigate();
  const [membershipPrompt, setMembershipPrompt] = useState(false);
  // A hidden, deleted or unknown profile: the server said so with the page (then nothing is asked).
  const notFoundHere = useNotFoundHere();
  const valid = isProfileId(id) && !notFoundHere;
  const profileQuery = useWorkerProfile(id, valid);
  const badges = useWorkerBadges(id, valid && !!profileQuery.data).data;
  // The labels come from the directory's lists; without them the profile still shows.
  const choicesQuery = useDirectoryFilterChoices();
  const loaded = profileQuery.data;
  const c = choicesQuery.data;
  const data = useMemo<Loaded | null>(
    () =>
      loaded && !choicesQuery.isPending
        ? {
            profile: loaded,
            services: (c?.services ?? []).filter((s) => loaded.services.includes(s.id)),
            tasks: (c?.tasks ?? [])
              .filter((t) => loaded.tasks.includes(t.id))
              .map((t) => ({ id: t.id, label: t.title_display })),
            arrangements: (c?.work_arrangements ?? [])
              .filter((w) => loaded.arrangements.includes(w.id))
              .map((w) => ({ id: w.id, label: w.value_display })),
          }
        : null,
    [loaded, c, choicesQuery.isPending],
  );
  // What failed to load: the info, the shifts, or anything else, each with its own message.
  const failure = profileQuery.error;
  const error = !valid
    ? PROFILE_LOAD_MESSAGES.info
    : failure
      ? PROFILE_LOAD_MESSAGES[failure instanceof ProfileLoadError ? failure.part : 'other']
      : null;

  useDocumentTitle(data ? workerTitle(data) : null);

  // Chatear: visitors sign up; non-admins without membership get the membership prompt. Right after
  // a start the session is known in full once its refresh answers (profile, membership).
  const chat = async () => {
    if (role === 'visitor' || !user) return open('signup', { profileType: 'Parent' });
    const viewer = await settled();
    if (!viewer) return open('signup', { profileType: 'Parent' });
    if (!viewer.is_admin && !viewer.membership_status) return setMembershipPrompt(true);
    const result = await startChat(viewer, { workerId: id });
    if ('id' in result) return void navigate(`/conversations/chat/${result.id}`);
    if (result.code === 'MEMBERSHIP_REQUIRED') setMembershipPrompt(true);
    else console.error('start chat:', result.error);
  };

  if (!valid || isNotFoundError(failure)) return <NotFoundPage />;
  if (error)
    return (
      <section className="container not-found" role="alert">
        <h1>Mi perfil</h1>
        <p>{error}</p>
      </section>
    );
  if (!data)
    return (
      <div className="page-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">Cargando…</span>
      </div>
    );

  const { profile } = data;
  const { info } = profile;
  const age = info.date_of_birth ? ageFromBirthDate(info.date_of_birth) : null;
  const lastSeen = info.user.formatted_last_seen;
  const shifts = new Set(profile.shifts.map((s) => `${s.day_display}:${s.shift_display}`));

  return (
    <div className="container public-profile">
      <section className="card public-profile__top">
        <div className="public-profile__photo">
          <PersonPhoto name={info.user.first_name} image={info.user.profile_image} size={160} priority />
          {lastSeen && lastSeen !== '-' && <span className="last-seen">{lastSeen}</span>}
        </div>
        <div>
          {/* The person heads the page: 'Lucía, 34', as the tab's title. */}
          <h1>
            {info.user.first_name}
            {age !== null && `, ${age}`}
          </h1>
          <ProfileRating subject="workers" profileId={id} />
          {badges && (
            <VerifiedBadges
              identity={badges.identity}
              background={badges.background}
              backgroundUntil={badges.background_until}
            />
          )}
          <dl className="details">
            <dt>Edad</dt>
            <dd>{age !== null ? formatAge(age) : NONE}</dd>
            <dt>Género</dt>
            <dd>{info.gender_display ?? NONE}</dd>
            <dt>Barrio</dt>
            <dd>{info.location.neighborhood ?? NONE}</dd>
            <dt>Partido</dt>
            <dd>{info.location.municipality?.name ?? NONE}</dd>
            <dt>Provincia</dt>
            <dd>{info.location.province?.name ?? NONE}</dd>
            <dt>Nacionalidad</dt>
            <dd>{nationalityDisplay(info.nationality, info.gender) ?? NONE}</dd>
          </dl>
          <p className="card-actions">
            {role !== 'worker' && (
              <button type="button" className="button" onClick={() => void chat()}>
                Chatear
              </button>
            )}
            <SaveButton item="worker" id={id} name={info.user.first_name} />
          </p>
        </div>
      </section>

      <section className="card">
        <h2>Sobre mí</h2>
        <p>{profile.introduction ?? 'No hay presentación registrada.'}</p>
      </section>
      <section className="card">
        <h2>Servicios</h2>
        {data.services.length === 0 ? (
          <p>No hay servicios registrados.</p>
        ) : (
          <ul className="service-list service-list--left">
            {data.services.map((s) => (
              <li key={s.id} className="service-chip">
                <ServiceIcon serviceKey={s.title} /> {s.title_display}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card">
        <h2>Tareas</h2>
        <p>{data.tasks.map((t) => t.label).join(', ') || 'No hay tareas registradas.'}</p>
      </section>
      <section className="card">
        <h2>Modalidad de trabajo</h2>
        <p>{data.arrangements.map((a) => a.label).join(', ') || NONE}</p>
      </section>
      <section className="card">
        <h2>Disponibilidad</h2>
        <AvailabilityTable selected={shifts} onLabel="Disponible" />
      </section>
      <section className="card">
        <h2>Valor por hora</h2>
        <p>{profile.hourPrice ? formatPesos(Number(profile.hourPrice)) : NONE}</p>
      </section>
      <section className="card">
        <h2>Idiomas</h2>
        <p>
          {profile.languages.map((l) => `${l.language_name_display}${l.native ? ' (nativo)' : ''}`).join(', ') ||
            'No hay idiomas registrados.'}
        </p>
      </section>
      <section className="card">
        <h2>Experiencia laboral</h2>
        {profile.experiences.length === 0 ? (
          <p>No hay experiencias registradas.</p>
        ) : (
          <ul>
            {profile.experiences.map((e) => (
              <li key={e.id}>
                <strong>{e.title}</strong>
                {e.currently_working ? ' (actual)' : ''}: {e.description}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card">
        <h2>Educación</h2>
        {profile.educations.length === 0 ? (
          <p>No hay educación registrada.</p>
        ) : (
          <ul>
            {profile.educations.map((e) => (
              <li key={e.id}>
                <strong>{e.title}</strong> — {e.place} ({e.status_display})
              </li>
            ))}
          </ul>
        )}
      </section>
      <ReferencesSection subject="workers" profileId={id} subjectName={info.user.first_name} />
      {/* Last on the page: they come with the session, after the first paint, and move nothing above them. */}
      <div className="profile-safety no-print">
        <ReportButton target="worker_profile" targetId={id} ownerProfileId={id} />
        <ProfileBlockButton userId={info.user_id} name={info.user.first_name} />
      </div>
      <SignUpLinks />
      <InactiveMembershipDialog
        open={membershipPrompt}
        onClose={() => setMembershipPrompt(false)}
        message="Para chatear con trabajadores necesitás una membresía activa."
      />
    </div>
  );
}
