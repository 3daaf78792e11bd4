import { useEffect, useState, type ReactNode } from 'react';
import type { EducationStatus } from '@cym/common';
import { PhotoUploader } from '../../../components/PhotoUploader';
import { useStepHeading } from '../../../lib/scroll';
import { save, type ProfileChoices, type WorkerProfileData } from '../api';
import { EducationFields, EMPTY_EDUCATION, EMPTY_EXPERIENCE, ExperienceFields } from './ItemFields';
import { LanguagePicker, normalizeLanguages } from './LanguagePicker';
import { stepGate, WIZARD_STEPS, type PersonalDraft, type StepErrors, type WizardDraft } from './onboarding/gate';
import { ChoicesStep, IntroductionStep, PersonalStep } from './onboarding/steps';
import { errorMessage } from '../../../lib/api/errors';

interface Props {
  profileId: number;
  userId: number;
  lastName: string;
  profile: WorkerProfileData;
  choices: ProfileChoices;
  /** Leaves the wizard: back to /user-account, reloaded. */
  onExit: () => void;
}

const STEP_TITLES: Record<number, string> = {
  1: 'Tus datos personales',
  2: 'Tu foto de perfil (opcional)',
  3: '¿Qué servicios ofrecés?',
  4: '¿Qué tareas hacés?',
  5: '¿Cómo preferís trabajar?',
  6: 'Contanos sobre vos',
  7: 'Educación (opcional)',
  8: 'Experiencia laboral (opcional)',
  9: 'Idiomas',
};

function startingDraft(profile: WorkerProfileData, lastName: string): WizardDraft {
  const { info } = profile;
  return {
    personal: {
      first_name: info.user.first_name,
      last_name: lastName,
      date_of_birth: info.date_of_birth ?? '',
      province: info.location.province?.id ?? null,
      municipality: info.location.municipality?.id ?? null,
      neighborhood: info.location.neighborhood ?? '',
      gender: info.gender ?? '',
      nationality: info.nationality ?? '',
    },
    services: profile.services,
    tasks: profile.tasks,
    arrangements: profile.arrangements,
    introduction: profile.introduction ?? '',
    education: EMPTY_EDUCATION,
    experience: EMPTY_EXPERIENCE,
    languages: normalizeLanguages({
      ids: profile.languages.map((l) => l.id),
      native: profile.languages.find((l) => l.native)?.id ?? null,
    }),
  };
}

/** The nine-step onboarding; each step saves before moving on (rules in onboarding/gate.ts). */
export function OnboardingWizard({ profileId, userId, lastName, profile, choices, onExit }: Props) {
  const [step, setStep] = useState(1);
  // A new step starts at its title, wherever 'Continuar' left the page (phones).
  const headingRef = useStepHeading(step);
  const [errors, setErrors] = useState<StepErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [initial] = useState<PersonalDraft>(() => startingDraft(profile, lastName).personal);
  const [draft, setDraft] = useState<WizardDraft>(() => startingDraft(profile, lastName));
  const [image, setImage] = useState(profile.info.user.profile_image);

  // A message stays until the person changes something.
  useEffect(() => setErrors({}), [draft]);

  const edit =
    <K extends keyof WizardDraft>(key: K) =>
    (value: WizardDraft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  /** Saves what the step allows to save (the gate said 'save'). */
  async function saveStep() {
    const { personal, education, experience, languages } = draft;
    switch (step) {
      case 1:
        await save.names(userId, personal.first_name, personal.last_name);
        // Province, municipality and gender are checked by the gate.
        await save.info(profileId, {
          date_of_birth: personal.date_of_birth,
          neighborhood: personal.neighborhood,
          gender: personal.gender as 'male' | 'female',
          nationality: personal.nationality,
          province: personal.province as number,
          municipality: personal.municipality as number,
        });
        return;
      case 3:
        return void (await save.services(profileId, draft.services));
      case 4:
        return void (await save.tasks(profileId, draft.tasks));
      case 5:
        return void (await save.arrangements(profileId, draft.arrangements));
      case 6:
        return void (await save.introduction(profileId, draft.introduction.trim()));
      case 7:
        await save.addEducation(profileId, { ...education, status: education.status as EducationStatus });
        return edit('education')(EMPTY_EDUCATION);
      case 8:
        await save.addExperience(profileId, experience);
        return edit('experience')(EMPTY_EXPERIENCE);
      case 9:
        return void (await save.languages(profileId, languages.ids, languages.native));
    }
  }

  async function run(after: () => void) {
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const gate = stepGate(step, draft, initial);
      if (gate.go === 'stop') return setErrors(gate.errors);
      if (gate.go === 'save') await saveStep();
      after();
    } catch (caught) {
      setFailure(errorMessage(caught, 'No pudimos guardar. Probá de nuevo.'));
    } finally {
      setBusy(false);
    }
  }

  const next = () => void run(() => (step === WIZARD_STEPS ? onExit() : setStep(step + 1)));
  const saveAndExit = () => void run(onExit);

  const fieldErrors = Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [key, message ? [message] : undefined]),
  );
  /** Steps 3, 4 and 5: the catalog list of the same name, at least one chosen. */
  const choicesStep = (key: 'services' | 'tasks' | 'arrangements', legend: string) => (
    <ChoicesStep
      legend={legend}
      choices={choices[key]}
      selected={draft[key]}
      onChange={edit(key)}
      error={errors[key]}
    />
  );
  const bodies: Record<number, ReactNode> = {
    1: <PersonalStep value={draft.personal} onChange={edit('personal')} errors={errors} choices={choices} />,
    2: <PhotoUploader userId={userId} image={image} onChange={setImage} />,
    3: choicesStep('services', 'Servicios'),
    4: choicesStep('tasks', 'Tareas'),
    5: choicesStep('arrangements', 'Modalidades'),
    6: <IntroductionStep value={draft.introduction} onChange={edit('introduction')} error={errors.introduction} />,
    7: <EducationFields value={draft.education} onChange={edit('education')} errors={fieldErrors} />,
    8: <ExperienceFields value={draft.experience} onChange={edit('experience')} errors={fieldErrors} />,
    9: <LanguagePicker choices={choices.languages} value={draft.languages} onChange={edit('languages')} />,
  };

  return (
    <section className="card wizard" aria-labelledby="wizard-title">
      <p className="wizard__counter">
        Paso {step}/{WIZARD_STEPS}
      </p>
      <h2 id="wizard-title" ref={headingRef} tabIndex={-1}>
        {STEP_TITLES[step]}
      </h2>
      <div className="form">{bodies[step]}</div>
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
