import { useEffect, useState, type ReactNode } from 'react';
import {
  EDUCATION_STATUSES,
  type EducationStatus,
  educationProblems,
  experienceProblems,
  GENDERS,
  introductionProblem,
  PROFILE_MESSAGES,
  WIZARD_INFO_WORDING,
  WIZARD_NAME_MESSAGES,
  wizardNameProblem,
  workerInfoProblems,
} from '@cym/common';
import { TextAreaField, TextField } from '../../../components/ui/Field';
import { useStepHeading } from '../../../lib/scroll';
import { save, type ProfileChoices, type WorkerProfileData } from '../api';
import { ChoiceList } from './ChoiceList';
import { LanguagePicker, normalizeLanguages, type LanguageSelection } from './LanguagePicker';
import { PhotoUploader } from '../../../components/PhotoUploader';

export const WIZARD_STEPS = 9;

interface Props {
  profileId: number;
  userId: number;
  lastName: string;
  profile: WorkerProfileData;
  choices: ProfileChoices;
  /** Leaves the wizard: back to /user-account, reloaded (spec 02 §2.7). */
  onExit: () => void;
}

type Errors = Record<string, string | undefined>;

function first(problems: Partial<Record<string, string[]>>): Errors {
  return Object.fromEntries(Object.entries(problems).map(([key, list]) => [key, list?.[0]]));
}

/** The nine-step onboarding of spec 02 §2.7; each step saves before moving on. */
export function OnboardingWizard({ profileId, userId, lastName, profile, choices, onExit }: Props) {
  const { info } = profile;
  const [step, setStep] = useState(1);
  // A new step starts at its title, wherever 'Continuar' left the page (phones).
  const headingRef = useStepHeading(step);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const initialInfo = {
    first_name: info.user.first_name,
    last_name: lastName,
    date_of_birth: info.date_of_birth ?? '',
    province: info.location.province?.id ?? 0,
    municipality: info.location.municipality?.id ?? 0,
    neighborhood: info.location.neighborhood ?? '',
    gender: info.gender ?? '',
    nationality: info.nationality ?? '',
  };
  const [personal, setPersonal] = useState(initialInfo);
  const [image, setImage] = useState(info.user.profile_image);
  const [services, setServices] = useState(profile.services);
  const [tasks, setTasks] = useState(profile.tasks);
  const [arrangements, setArrangements] = useState(profile.arrangements);
  const [introduction, setIntroduction] = useState(profile.introduction ?? '');
  const [education, setEducation] = useState({ title: '', place: '', status: '' });
  const [experience, setExperience] = useState({ title: '', description: '', currently_working: false });
  const [languages, setLanguages] = useState<LanguageSelection>(
    normalizeLanguages({
      ids: profile.languages.map((l) => l.id),
      native: profile.languages.find((l) => l.native)?.id ?? null,
    }),
  );

  // A message stays until the person changes something.
  useEffect(
    () => setErrors({}),
    [personal, services, tasks, arrangements, introduction, education, experience, languages],
  );

  /** Validates and saves the current step; answers whether the wizard may move on. */
  async function saveStep(): Promise<boolean> {
    setFailure(null);
    switch (step) {
      case 1: {
        // Nothing typed: continue (or exit) without saving and without a list of errors (spec 02 §2.7).
        if (JSON.stringify(personal) === JSON.stringify(initialInfo)) return true;
        const problems: Errors = {
          first_name: wizardNameProblem(personal.first_name, WIZARD_NAME_MESSAGES.firstRequired) ?? undefined,
          last_name: wizardNameProblem(personal.last_name, WIZARD_NAME_MESSAGES.lastRequired) ?? undefined,
        };
        for (const [key, message] of Object.entries(
          first(
            workerInfoProblems({
              ...personal,
              province: personal.province || null,
              municipality: personal.municipality || null,
            }),
          ),
        ))
          problems[key] = message ? (WIZARD_INFO_WORDING[message] ?? message) : undefined;
        if (Object.values(problems).some(Boolean)) return fail(problems);
        await save.names(userId, personal.first_name, personal.last_name);
        await save.info(profileId, {
          date_of_birth: personal.date_of_birth,
          neighborhood: personal.neighborhood,
          // Checked by workerInfoProblems above.
          gender: personal.gender as 'male' | 'female',
          nationality: personal.nationality,
          province: personal.province,
          municipality: personal.municipality,
        });
        return true;
      }
      case 2:
        return true;
      case 3:
        if (services.length === 0) return fail({ services: PROFILE_MESSAGES.servicesRequired });
        await save.services(profileId, services);
        return true;
      case 4:
        if (tasks.length === 0) return fail({ tasks: PROFILE_MESSAGES.tasksRequired });
        await save.tasks(profileId, tasks);
        return true;
      case 5:
        if (arrangements.length === 0) return fail({ arrangements: PROFILE_MESSAGES.wizardArrangementsRequired });
        await save.arrangements(profileId, arrangements);
        return true;
      case 6: {
        const problem = introductionProblem(introduction, 'wizard');
        if (problem) return fail({ introduction: problem });
        await save.introduction(profileId, introduction.trim());
        return true;
      }
      case 7: {
        if (!education.title.trim() && !education.place.trim() && !education.status) return true;
        const problems = first(
          educationProblems(
            education,
            'add',
            EDUCATION_STATUSES.map((s) => s.value),
          ),
        );
        if (Object.values(problems).some(Boolean)) return fail(problems);
        await save.addEducation(profileId, { ...education, status: education.status as EducationStatus });
        setEducation({ title: '', place: '', status: '' });
        return true;
      }
      case 8: {
        if (!experience.title.trim() && !experience.description.trim()) return true;
        const problems = first(experienceProblems(experience, 'add'));
        if (Object.values(problems).some(Boolean)) return fail(problems);
        await save.addExperience(profileId, experience);
        setExperience({ title: '', description: '', currently_working: false });
        return true;
      }
      case 9:
        if (languages.ids.length > 0 && languages.native !== null)
          await save.languages(profileId, languages.ids, languages.native);
        return true;
      default:
        return true;
    }
  }

  function fail(problems: Errors): false {
    setErrors(problems);
    return false;
  }

  async function run(after: () => void) {
    setBusy(true);
    setErrors({});
    try {
      if (await saveStep()) after();
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : 'No pudimos guardar. Probá de nuevo.');
    } finally {
      setBusy(false);
    }
  }

  const next = () => void run(() => (step === WIZARD_STEPS ? onExit() : setStep(step + 1)));
  const saveAndExit = () => void run(onExit);

  const steps: Record<number, { title: string; body: ReactNode }> = {
    1: {
      title: 'Tus datos personales',
      body: (
        <>
          <TextField
            label="Nombre"
            value={personal.first_name}
            errors={err('first_name')}
            onChange={(e) => setPersonal({ ...personal, first_name: e.target.value })}
          />
          <TextField
            label="Apellido"
            hint="No se muestra en tu perfil."
            value={personal.last_name}
            errors={err('last_name')}
            onChange={(e) => setPersonal({ ...personal, last_name: e.target.value })}
          />
          <TextField
            label="Fecha de nacimiento"
            type="date"
            value={personal.date_of_birth}
            errors={err('date_of_birth')}
            onChange={(e) => setPersonal({ ...personal, date_of_birth: e.target.value })}
          />
          <SelectField
            label="Provincia"
            value={personal.province}
            error={errors.province}
            onChange={(v) => setPersonal({ ...personal, province: v, municipality: 0 })}
            options={choices.provinces.map((p) => ({ value: p.id, label: p.name }))}
            placeholder="Elegí tu provincia"
          />
          <SelectField
            label="Partido / localidad"
            value={personal.municipality}
            error={errors.municipality}
            disabled={!personal.province}
            onChange={(v) => setPersonal({ ...personal, municipality: v })}
            placeholder="Elegí tu partido"
            options={choices.municipalities
              .filter((m) => m.province.id === personal.province)
              .map((m) => ({ value: m.id, label: m.name }))}
          />
          <TextField
            label="Barrio"
            value={personal.neighborhood}
            errors={err('neighborhood')}
            onChange={(e) => setPersonal({ ...personal, neighborhood: e.target.value })}
          />
          <fieldset className="choice-group">
            <legend>Género</legend>
            {GENDERS.map((g) => (
              <label key={g.value} className="choice">
                <input
                  type="radio"
                  name="gender"
                  checked={personal.gender === g.value}
                  onChange={() => setPersonal({ ...personal, gender: g.value })}
                />
                <span>{g.label}</span>
              </label>
            ))}
            {errors.gender && (
              <p className="field__error" role="alert">
                {errors.gender}
              </p>
            )}
          </fieldset>
          <TextField
            label="Nacionalidad"
            value={personal.nationality}
            errors={err('nationality')}
            onChange={(e) => setPersonal({ ...personal, nationality: e.target.value })}
          />
        </>
      ),
    },
    2: {
      title: 'Tu foto de perfil (opcional)',
      body: <PhotoUploader userId={userId} image={image} onChange={setImage} />,
    },
    3: {
      title: '¿Qué servicios ofrecés?',
      body: (
        <>
          <ChoiceList legend="Servicios" choices={choices.services} selected={services} onChange={setServices} />
          {errorLine('services')}
        </>
      ),
    },
    4: {
      title: '¿Qué tareas hacés?',
      body: (
        <>
          <ChoiceList legend="Tareas" choices={choices.tasks} selected={tasks} onChange={setTasks} />
          {errorLine('tasks')}
        </>
      ),
    },
    5: {
      title: '¿Cómo preferís trabajar?',
      body: (
        <>
          <ChoiceList
            legend="Modalidades"
            choices={choices.arrangements}
            selected={arrangements}
            onChange={setArrangements}
          />
          {errorLine('arrangements')}
        </>
      ),
    },
    6: {
      title: 'Contanos sobre vos',
      body: (
        <TextAreaField
          label="Presentación"
          rows={6}
          value={introduction}
          errors={err('introduction')}
          hint={`${introduction.trim().length}/499 caracteres. Contá tu experiencia y cómo trabajás.`}
          onChange={(e) => setIntroduction(e.target.value)}
        />
      ),
    },
    7: {
      title: 'Educación (opcional)',
      body: (
        <>
          <TextField
            label="Título o curso"
            value={education.title}
            errors={err('title')}
            onChange={(e) => setEducation({ ...education, title: e.target.value })}
          />
          <TextField
            label="Lugar"
            value={education.place}
            errors={err('place')}
            onChange={(e) => setEducation({ ...education, place: e.target.value })}
          />
          <SelectField
            label="Estado"
            value={education.status}
            error={errors.status}
            placeholder="Elegí el estado"
            onChange={(v) => setEducation({ ...education, status: v })}
            options={EDUCATION_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
          />
        </>
      ),
    },
    8: {
      title: 'Experiencia laboral (opcional)',
      body: (
        <>
          <TextField
            label="Puesto o trabajo"
            value={experience.title}
            errors={err('title')}
            onChange={(e) => setExperience({ ...experience, title: e.target.value })}
          />
          <TextAreaField
            label="Descripción"
            rows={4}
            value={experience.description}
            errors={err('description')}
            onChange={(e) => setExperience({ ...experience, description: e.target.value })}
          />
          <label className="choice">
            <input
              type="checkbox"
              checked={experience.currently_working}
              onChange={(e) => setExperience({ ...experience, currently_working: e.target.checked })}
            />
            <span>Trabajo ahí actualmente</span>
          </label>
        </>
      ),
    },
    9: {
      title: 'Idiomas',
      body: <LanguagePicker choices={choices.languages} value={languages} onChange={setLanguages} />,
    },
  };

  function err(key: string): string[] | undefined {
    return errors[key] ? [errors[key]] : undefined;
  }
  function errorLine(key: string) {
    return errors[key] ? (
      <p className="field__error" role="alert">
        {errors[key]}
      </p>
    ) : null;
  }

  const current = steps[step];
  return (
    <section className="card wizard" aria-labelledby="wizard-title">
      <p className="wizard__counter">
        Paso {step}/{WIZARD_STEPS}
      </p>
      <h2 id="wizard-title" ref={headingRef} tabIndex={-1}>
        {current?.title}
      </h2>
      <div className="form">{current?.body}</div>
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <div className="wizard__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={busy || step === 1}
          onClick={() => {
            setErrors({});
            setStep(step - 1);
          }}
        >
          Volver atrás
        </button>
        <button type="button" className="button" disabled={busy} onClick={next}>
          {busy ? 'Guardando…' : 'Continuar'}
        </button>
      </div>
      <button type="button" className="link-button" disabled={busy} onClick={saveAndExit}>
        Guardar y salir
      </button>
    </section>
  );
}

interface SelectFieldProps<T extends string | number> {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  placeholder: string;
  error?: string;
  disabled?: boolean;
  onChange: (value: T) => void;
}

function SelectField<T extends string | number>({
  label,
  value,
  options,
  placeholder,
  error,
  disabled,
  onChange,
}: SelectFieldProps<T>) {
  return (
    <div className="field">
      <label>
        {label}
        <select
          value={String(value || '')}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const option = options.find((o) => String(o.value) === e.target.value);
            onChange((option?.value ?? (typeof value === 'number' ? 0 : '')) as T);
          }}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
