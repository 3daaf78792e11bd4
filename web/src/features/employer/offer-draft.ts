import { JOB_OFFER_LIMITS, jobOfferProblems, type JobOfferField, type JobOfferInput } from '@cym/common';
import type { ProfileChoices } from '../worker-profile';

/** Pure helpers of the employer's offer wizard; no React, no API calls. */

export const OFFER_STEPS = JOB_OFFER_LIMITS.wizardSteps;

/** A blank offer: what the create wizard starts from. */
export function emptyOfferDraft(): JobOfferInput {
  return {
    title: '',
    description: '',
    services: [],
    tasks: [],
    work_arrangements: [],
    languages: [],
    native_language: null,
    work_shifts: [],
    location: { neighborhood: '', province: null, municipality: null },
    monthly_price: null,
  };
}

const unique = (ids: number[]) => [...new Set(ids)];

/** Keeps only ids the catalog knows; an empty catalog (not loaded) keeps everything. */
function known(ids: number[], catalog: { id: number }[]): number[] {
  if (catalog.length === 0) return unique(ids);
  const valid = new Set(catalog.map((item) => item.id));
  return unique(ids).filter((id) => valid.has(id));
}

/**
 * The draft the wizard starts from. For an edited offer it copies the lists, drops ids the
 * catalog no longer has (they would be invisible and rejected by the server), adds the native
 * language to the languages when it is missing there, and clears a municipality that does not
 * belong to the chosen province (the same rule as choosing another province).
 */
export function startingDraft(initial: JobOfferInput | undefined, choices: ProfileChoices): JobOfferInput {
  if (!initial) return emptyOfferDraft();
  const languages = known(initial.languages, choices.languages);
  const native = initial.native_language;
  if (native !== null && !languages.includes(native)) languages.push(native);
  const { province, municipality, neighborhood } = initial.location;
  const inProvince =
    municipality === null ||
    choices.municipalities.length === 0 ||
    choices.municipalities.some((m) => m.id === municipality && m.province.id === province);
  return {
    title: initial.title,
    description: initial.description,
    services: known(initial.services, choices.services),
    tasks: known(initial.tasks, choices.tasks),
    work_arrangements: known(initial.work_arrangements, choices.arrangements),
    languages,
    native_language: native,
    work_shifts: known(initial.work_shifts, choices.shifts),
    location: { neighborhood, province, municipality: inProvince ? municipality : null },
    monthly_price: initial.monthly_price,
  };
}

/** The step where each field of jobOfferProblems is edited. */
const FIELD_STEP: Record<JobOfferField, number> = {
  title: 1,
  services: 2,
  location: 3,
  work_arrangements: 4,
  native_language: 5,
  description: 7,
  monthly_price: 9,
};

/** The whole-offer check ('Guardar y salir', last step): the first step with a problem, or null. */
export function firstOfferProblem(draft: JobOfferInput): { step: number; message: string } | null {
  const problems = jobOfferProblems(draft);
  let found: { step: number; message: string } | null = null;
  for (const [field, messages] of Object.entries(problems) as [JobOfferField, string[] | undefined][]) {
    const message = messages?.[0];
    const step = FIELD_STEP[field];
    if (message && (found === null || step < found.step)) found = { step, message };
  }
  return found;
}

/** What is handed to onSubmit: texts trimmed, lists without repeats. */
export function finalOffer(draft: JobOfferInput): JobOfferInput {
  return {
    ...draft,
    title: draft.title.trim(),
    description: draft.description.trim(),
    services: unique(draft.services),
    tasks: unique(draft.tasks),
    work_arrangements: unique(draft.work_arrangements),
    languages: unique(draft.languages),
    work_shifts: unique(draft.work_shifts),
    location: { ...draft.location, neighborhood: draft.location.neighborhood.trim() },
  };
}

/** A whole row or column of the shift grid: clears them when all are on, turns them all on otherwise. */
export function toggleAll(selected: number[], ids: number[]): number[] {
  if (ids.length === 0) return selected;
  const allOn = ids.every((id) => selected.includes(id));
  return allOn ? selected.filter((id) => !ids.includes(id)) : unique([...selected, ...ids]);
}

/** The monthly price as typed: anything that is not a digit is dropped ("$ 150.000" → "150000"). */
export function priceDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** The typed digits as the draft's value; empty is "no price" (null). Range is checked by offerStepProblem(9). */
export function priceFromDigits(digits: string): number | null {
  return digits === '' ? null : Number(digits);
}
