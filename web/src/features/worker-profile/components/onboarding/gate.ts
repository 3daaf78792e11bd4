import {
  EDUCATION_STATUSES,
  educationProblems,
  experienceProblems,
  introductionProblem,
  PROFILE_MESSAGES,
  WIZARD_INFO_WORDING,
  WIZARD_NAME_MESSAGES,
  wizardNameProblem,
  workerInfoProblems,
} from '@cym/common';
import type { EducationDraft, ExperienceDraft } from '../ItemFields';
import type { LanguageSelection } from '../LanguagePicker';

/** The onboarding wizard's nine steps; no React, no API calls (the wizard saves what this allows). */
export const WIZARD_STEPS = 9;

/** One message per field, as the wizard shows them. */
export type StepErrors = Partial<Record<string, string>>;

export interface PersonalDraft {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  province: number | null;
  municipality: number | null;
  neighborhood: string;
  gender: string;
  nationality: string;
}

export interface WizardDraft {
  personal: PersonalDraft;
  services: number[];
  tasks: number[];
  arrangements: number[];
  introduction: string;
  education: EducationDraft;
  experience: ExperienceDraft;
  languages: LanguageSelection;
}

/**
 * Whether 'Continuar' (or 'Guardar y salir') may leave a step: 'skip' goes on without saving,
 * 'save' goes on once the step is saved, 'stop' stays with the messages.
 */
export type StepGate = { go: 'skip' } | { go: 'save' } | { go: 'stop'; errors: StepErrors };

const first = (problems: Partial<Record<string, string[]>>): StepErrors =>
  Object.fromEntries(Object.entries(problems).map(([key, list]) => [key, list?.[0]]));

const stopOrSave = (errors: StepErrors): StepGate =>
  Object.values(errors).some(Boolean) ? { go: 'stop', errors } : { go: 'save' };

/** The gate of one step; `initial` is the personal data the wizard opened with. */
export function stepGate(step: number, draft: WizardDraft, initial: PersonalDraft): StepGate {
  switch (step) {
    case 1: {
      const { personal } = draft;
      // Nothing typed: continue (or exit) without saving and without a list of errors.
      if (JSON.stringify(personal) === JSON.stringify(initial)) return { go: 'skip' };
      const errors: StepErrors = {
        first_name: wizardNameProblem(personal.first_name, WIZARD_NAME_MESSAGES.firstRequired) ?? undefined,
        last_name: wizardNameProblem(personal.last_name, WIZARD_NAME_MESSAGES.lastRequired) ?? undefined,
      };
      for (const [key, message] of Object.entries(first(workerInfoProblems(personal))))
        errors[key] = message ? (WIZARD_INFO_WORDING[message] ?? message) : undefined;
      return stopOrSave(errors);
    }
    case 2:
      // The photo is saved by the uploader itself.
      return { go: 'skip' };
    case 3:
      return stopOrSave({ services: draft.services.length ? undefined : PROFILE_MESSAGES.servicesRequired });
    case 4:
      return stopOrSave({ tasks: draft.tasks.length ? undefined : PROFILE_MESSAGES.tasksRequired });
    case 5:
      return stopOrSave({
        arrangements: draft.arrangements.length ? undefined : PROFILE_MESSAGES.wizardArrangementsRequired,
      });
    case 6:
      return stopOrSave({ introduction: introductionProblem(draft.introduction, 'wizard') ?? undefined });
    case 7: {
      const { education } = draft;
      if (!education.title.trim() && !education.place.trim() && !education.status) return { go: 'skip' };
      return stopOrSave(
        first(
          educationProblems(
            education,
            'add',
            EDUCATION_STATUSES.map((s) => s.value),
          ),
        ),
      );
    }
    case 8: {
      const { experience } = draft;
      if (!experience.title.trim() && !experience.description.trim()) return { go: 'skip' };
      return stopOrSave(first(experienceProblems(experience, 'add')));
    }
    case 9:
      // Languages are optional: saved only when one is chosen with a native one.
      return draft.languages.ids.length > 0 && draft.languages.native !== null ? { go: 'save' } : { go: 'skip' };
    default:
      return { go: 'skip' };
  }
}
