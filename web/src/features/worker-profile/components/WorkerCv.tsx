import {
  ageFromBirthDate,
  formatAge,
  formatPesos,
  formatPhone,
  SHIFT_DAYS,
  SHIFT_PERIODS,
  nationalityDisplay,
} from '@cym/common';
import { UserRound } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import type { ProfileChoices, WorkerProfileData } from '../api';
import './worker-cv.css';

function CvSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="cv__section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** Days across, shifts down: four short rows instead of the editor's seven ('Lun' on narrow paper). */
function CvAvailability({ shifts }: { shifts: WorkerProfileData['shifts'] }) {
  const on = new Set(shifts.map((s) => `${s.day}:${s.shift}`));
  return (
    <table className="cv__shifts">
      <thead>
        <tr>
          <td />
          {SHIFT_DAYS.map((d) => (
            <th key={d.value} scope="col">
              <span className="cv__day">{d.display}</span>
              <span className="cv__day cv__day--short">{d.display.slice(0, 3)}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {SHIFT_PERIODS.map((p) => (
          <tr key={p.value}>
            <th scope="row">{p.display}</th>
            {SHIFT_DAYS.map((d) => {
              const available = on.has(`${d.value}:${p.value}`);
              return (
                <td key={d.value} className={available ? 'cv__shift cv__shift--on' : 'cv__shift'}>
                  {available ? '✓' : ''}
                  <span className="visually-hidden">{available ? 'Disponible' : 'No'}</span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface Props {
  profile: WorkerProfileData;
  choices: ProfileChoices;
  /** The account's surname (private on the site, but this is the worker's own CV). */
  lastName: string;
}

/**
 * 'Descargar CV': the profile as a one- or two-page CV, built from the editor's data. Hidden on
 * screen; under print it is all the page shows (worker-cv.css). Sections the worker has not filled
 * are left out rather than printed empty.
 */
export function WorkerCv({ profile, choices, lastName }: Props) {
  const { info } = profile;
  const { user } = info;
  const fullName = [user.first_name, lastName].filter(Boolean).join(' ');

  // The PDF a phone saves is named after the page title: 'CV Lucía Pérez' instead of the tab's.
  useEffect(() => {
    let previous: string | null = null;
    const before = () => {
      previous = document.title;
      document.title = `CV ${fullName}`;
    };
    const after = () => {
      if (previous !== null) document.title = previous;
      previous = null;
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [fullName]);

  const labels = (ids: number[], list: { id: number; label: string }[]) =>
    list.filter((c) => ids.includes(c.id)).map((c) => c.label);
  const services = labels(profile.services, choices.services);
  const tasks = labels(profile.tasks, choices.tasks);
  const arrangements = labels(profile.arrangements, choices.arrangements);
  const age = info.date_of_birth ? ageFromBirthDate(info.date_of_birth) : null;
  const place = [info.location.municipality?.name, info.location.province?.name].filter(Boolean).join(', ');
  const facts = [
    age !== null ? formatAge(age) : null,
    nationalityDisplay(info.nationality, info.gender),
    place || null,
  ].filter((fact): fact is string => !!fact);

  return (
    <article className="cv" aria-label="Currículum para imprimir">
      <header className="cv__header">
        <div className="cv__photo">
          {user.profile_image ? (
            <img src={user.profile_image} alt={`Foto de ${user.first_name}`} width="112" height="112" />
          ) : (
            <UserRound aria-label="Sin foto" role="img" size={56} strokeWidth={1.5} />
          )}
        </div>
        <div className="cv__identity">
          <h1>{fullName}</h1>
          {facts.length > 0 && (
            <ul className="cv__facts">
              {facts.map((fact) => (
                <li key={fact}>{fact}</li>
              ))}
            </ul>
          )}
          <ul className="cv__contact">
            {user.phone && (
              <li>
                Teléfono: <span className="value">{formatPhone(user.phone)}</span>
              </li>
            )}
            {user.email && <li>Correo electrónico: {user.email}</li>}
          </ul>
        </div>
      </header>

      {profile.introduction && (
        <CvSection title="Sobre mí">
          <p>{profile.introduction}</p>
        </CvSection>
      )}
      {services.length > 0 && (
        <CvSection title="Servicios">
          <p>{services.join(' · ')}</p>
        </CvSection>
      )}
      {tasks.length > 0 && (
        <CvSection title="Tareas">
          <p>{tasks.join(' · ')}</p>
        </CvSection>
      )}
      {arrangements.length > 0 && (
        <CvSection title="Modalidad de trabajo">
          <p>{arrangements.join(' · ')}</p>
        </CvSection>
      )}
      {profile.shifts.length > 0 && (
        <CvSection title="Disponibilidad">
          <CvAvailability shifts={profile.shifts} />
        </CvSection>
      )}
      {profile.experiences.length > 0 && (
        <CvSection title="Experiencia laboral">
          <ul className="cv__items">
            {profile.experiences.map((e) => (
              <li key={e.id}>
                <h3>
                  {e.title}
                  {e.currently_working && <span className="cv__current"> · Trabajo actual</span>}
                </h3>
                <p>{e.description}</p>
              </li>
            ))}
          </ul>
        </CvSection>
      )}
      {profile.educations.length > 0 && (
        <CvSection title="Educación">
          <ul className="cv__items">
            {profile.educations.map((e) => (
              <li key={e.id}>
                <h3>{e.title}</h3>
                <p>
                  {e.place} · {e.status_display}
                </p>
              </li>
            ))}
          </ul>
        </CvSection>
      )}
      {profile.languages.length > 0 && (
        <CvSection title="Idiomas">
          <p>{profile.languages.map((l) => `${l.language_name_display}${l.native ? ' (nativo)' : ''}`).join(' · ')}</p>
        </CvSection>
      )}
      {profile.hourPrice && (
        <CvSection title="Valor por hora">
          <p className="value">{formatPesos(Number(profile.hourPrice))}</p>
        </CvSection>
      )}
    </article>
  );
}
