import { ageFromBirthDate, formatAge, formatPesos, nationalityDisplay } from '@cym/common';
import type { ReactNode } from 'react';
import type { ProfileChoices, WorkerProfileData } from '../api';
import type { SectionName } from './SectionEditors';

function Badge({ done }: { done: boolean }) {
  return (
    <span className={`badge ${done ? 'badge--done' : 'badge--missing'}`}>{done ? 'Completado' : 'Falta info'}</span>
  );
}

interface ProfileSectionProps {
  title: string;
  required?: boolean;
  done: boolean;
  /** The pencil beside the title (the photo card has its own buttons instead). */
  edit?: { label: string; onClick: () => void };
  children: ReactNode;
}

/**
 * One card of the editor. Every card has the same title row: the title, then its pencil and the
 * completion badge at the right end, so badges and pencils line up card after card.
 */
export function ProfileSection({ title, required, done, edit, children }: ProfileSectionProps) {
  return (
    <section className="card profile-section">
      <header className="profile-section__header">
        <h3>{title}</h3>
        {edit && (
          <button type="button" className="icon-button" aria-label={edit.label} onClick={edit.onClick}>
            ✎
          </button>
        )}
        <Badge done={done} />
      </header>
      {required && <p className="field__hint">OBLIGATORIO para que tu perfil sea visible</p>}
      {children}
    </section>
  );
}

interface SectionProps extends Omit<ProfileSectionProps, 'edit'> {
  name: SectionName;
  onEdit: (name: SectionName) => void;
}

function Section({ name, onEdit, ...props }: SectionProps) {
  return <ProfileSection {...props} edit={{ label: `Editar ${props.title}`, onClick: () => onEdit(name) }} />;
}

const NONE = 'Sin asignar';

/** The worker's profile as sections with completion badges. */
export function WorkerProfileView({
  profile,
  choices,
  onEdit,
}: {
  profile: WorkerProfileData;
  choices: ProfileChoices;
  onEdit: (name: SectionName) => void;
}) {
  const names = (ids: number[], list: { id: number; label: string }[]) =>
    list
      .filter((c) => ids.includes(c.id))
      .map((c) => c.label)
      .join(', ') || NONE;
  const { info } = profile;
  const age = info.date_of_birth ? ageFromBirthDate(info.date_of_birth) : null;
  const infoDone = !!(info.date_of_birth && info.location.municipality && info.gender && info.nationality);
  return (
    <div className="profile-sections">
      <Section title="Datos personales" required name="info" onEdit={onEdit} done={infoDone}>
        <dl className="details">
          <dt>Edad</dt>
          <dd>{age !== null ? formatAge(age) : NONE}</dd>
          <dt>Género</dt>
          <dd>{info.gender_display ?? NONE}</dd>
          <dt>Nacionalidad</dt>
          <dd>{nationalityDisplay(info.nationality, info.gender) ?? NONE}</dd>
          <dt>Ubicación</dt>
          <dd>
            {info.location.municipality
              ? `${info.location.neighborhood ?? ''}, ${info.location.municipality.name}, ${info.location.province?.name ?? ''}`
              : NONE}
          </dd>
        </dl>
      </Section>
      <Section title="Sobre mí" required name="introduction" onEdit={onEdit} done={!!profile.introduction}>
        <p>{profile.introduction ?? 'No hay presentación registrada.'}</p>
      </Section>
      <Section title="Servicios" required name="services" onEdit={onEdit} done={profile.services.length > 0}>
        <p>{names(profile.services, choices.services)}</p>
      </Section>
      <Section
        title="Modalidad de trabajo"
        required
        name="arrangements"
        onEdit={onEdit}
        done={profile.arrangements.length > 0}
      >
        <p>{names(profile.arrangements, choices.arrangements)}</p>
      </Section>
      <Section title="Tareas" name="tasks" onEdit={onEdit} done={profile.tasks.length > 0}>
        <p>{names(profile.tasks, choices.tasks)}</p>
      </Section>
      <Section title="Experiencia laboral" name="experiences" onEdit={onEdit} done={profile.experiences.length > 0}>
        {profile.experiences.length === 0 ? (
          <p>No hay experiencias registradas.</p>
        ) : (
          <ul>
            {profile.experiences.map((e) => (
              <li key={e.id}>
                <strong>{e.title}</strong>: {e.description}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Educación" name="educations" onEdit={onEdit} done={profile.educations.length > 0}>
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
      </Section>
      <Section title="Disponibilidad" name="shifts" onEdit={onEdit} done={profile.shifts.length > 0}>
        <p>{profile.shifts.map((s) => `${s.day_display} ${s.shift_display}`).join(', ') || NONE}</p>
      </Section>
      <Section title="Valor por hora" name="hourPrice" onEdit={onEdit} done={!!profile.hourPrice}>
        <p>{profile.hourPrice ? formatPesos(Number(profile.hourPrice)) : NONE}</p>
      </Section>
      <Section title="Idiomas" name="languages" onEdit={onEdit} done={profile.languages.length > 0}>
        <p>
          {profile.languages.map((l) => `${l.language_name_display}${l.native ? ' (nativo)' : ''}`).join(', ') || NONE}
        </p>
      </Section>
    </div>
  );
}
