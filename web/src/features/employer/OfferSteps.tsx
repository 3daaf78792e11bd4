import { formatPesos, JOB_OFFER_LIMITS, type JobOfferInput, type WageRules, weeklyHoursOfShifts } from '@cym/common';
import { PlacePicker } from '../../components/PlacePicker';
import { ChoiceChips } from '../../components/ui/ChoiceChips';
import { ErrorLine, TextAreaField, TextField } from '../../components/ui/Field';
import { SelectField } from '../../components/ui/SelectField';
import type { ProfileChoices } from '../worker-profile';
import { LegalMinimumNote } from '../wages';
import { OfferShiftGrid } from './OfferShiftGrid';
import { priceDigits, priceFromDigits } from './offer-draft';

/**
 * The bodies of the offer wizard's nine steps. Each edits its part of the draft through
 * `update`; `error` is the step's one message (from offerStepProblem), shown under the step
 * and pointed to by `errorId` from the fields it concerns.
 */
export interface OfferStepProps {
  draft: JobOfferInput;
  update: (change: (current: JobOfferInput) => JobOfferInput) => void;
  choices: ProfileChoices;
  error: string | null;
  errorId: string;
}

const errorsOf = (error: string | null) => (error ? [error] : undefined);

/** Step 1. */
export function TitleStep({ draft, update, error }: OfferStepProps) {
  return (
    <TextField
      label="Título"
      value={draft.title}
      maxLength={JOB_OFFER_LIMITS.title}
      autoComplete="off"
      placeholder="Ej.: Niñera para dos chicos"
      hint={`${draft.title.length}/${JOB_OFFER_LIMITS.title} caracteres`}
      errors={errorsOf(error)}
      onChange={(e) => update((d) => ({ ...d, title: e.target.value }))}
    />
  );
}

type ListKey = 'services' | 'work_arrangements' | 'tasks';

/** Steps 2, 4 and 6: a list of chips from the catalog. */
export function ChipsStep({
  list,
  legend,
  options,
  draft,
  update,
  error,
  errorId,
}: OfferStepProps & { list: ListKey; legend: string; options: { id: number; label: string }[] }) {
  return (
    <>
      <ChoiceChips
        legend={legend}
        choices={options}
        selected={draft[list]}
        errorId={error ? errorId : undefined}
        onChange={(selected) => update((d) => ({ ...d, [list]: selected }))}
      />
      <ErrorLine id={errorId} message={error} />
    </>
  );
}

/** Step 3: province, municipality and neighbourhood. */
export function PlaceStep({ draft, update, choices, error, errorId }: OfferStepProps) {
  const { location } = draft;
  return (
    <>
      <PlacePicker
        value={location}
        onChange={(place) => update((d) => ({ ...d, location: { ...d.location, ...place } }))}
        provinces={choices.provinces}
        municipalities={choices.municipalities}
        municipalityHint="Primero elegí la provincia."
        sharedError={error ? { id: errorId } : null}
      />
      <TextField
        label="Barrio"
        value={location.neighborhood}
        maxLength={JOB_OFFER_LIMITS.neighborhood}
        autoComplete="off"
        aria-invalid={error && !location.neighborhood.trim() ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => update((d) => ({ ...d, location: { ...d.location, neighborhood: e.target.value } }))}
      />
      <ErrorLine id={errorId} message={error} />
    </>
  );
}

/** Step 5: the languages and, among them, the native one. */
export function LanguagesStep({ draft, update, choices, error, errorId }: OfferStepProps) {
  const selected = choices.languages.filter((language) => draft.languages.includes(language.id));
  return (
    <>
      <ChoiceChips
        legend="Idiomas"
        choices={choices.languages}
        selected={draft.languages}
        onChange={(languages) =>
          update((d) => ({
            ...d,
            languages,
            native_language:
              d.native_language !== null && languages.includes(d.native_language) ? d.native_language : null,
          }))
        }
      />
      <SelectField
        label="Idioma nativo"
        placeholder={selected.length ? 'Sin idioma nativo' : 'Elegí antes un idioma'}
        value={draft.native_language}
        options={selected.map((language) => ({ value: language.id, label: language.label }))}
        disabled={selected.length === 0}
        hint={
          selected.length ? 'Solo podés elegir entre los idiomas que marcaste.' : 'Primero marcá al menos un idioma.'
        }
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
        onChange={(native_language) => update((d) => ({ ...d, native_language }))}
      />
      <ErrorLine id={errorId} message={error} />
    </>
  );
}

/** Step 7. */
export function DescriptionStep({ draft, update, error }: OfferStepProps) {
  return (
    <TextAreaField
      label="Presentación"
      rows={6}
      value={draft.description}
      maxLength={JOB_OFFER_LIMITS.description}
      hint={`${draft.description.length}/${JOB_OFFER_LIMITS.description} caracteres`}
      errors={errorsOf(error)}
      onChange={(e) => update((d) => ({ ...d, description: e.target.value }))}
    />
  );
}

function countLabel(count: number): string {
  if (count === 0) return 'Todavía no elegiste ningún turno.';
  return count === 1 ? 'Elegiste 1 turno.' : `Elegiste ${count} turnos.`;
}

/** Step 8: the weekly grid. */
export function ShiftsStep({ draft, update, choices, error, errorId }: OfferStepProps) {
  return (
    <>
      <OfferShiftGrid
        shifts={choices.shifts}
        selected={draft.work_shifts}
        onChange={(work_shifts) => update((d) => ({ ...d, work_shifts }))}
      />
      <p className="field__hint">{countLabel(draft.work_shifts.length)}</p>
      <ErrorLine id={errorId} message={error} />
    </>
  );
}

/**
 * Step 9: the monthly price as typed (digits only); `text` keeps what the field shows. Below it,
 * the legal minimum for the chosen services, arrangements and place, and a warning that never
 * blocks when the price is below it.
 */
export function PriceStep({
  draft,
  update,
  error,
  text,
  onText,
  wageRules,
}: OfferStepProps & { text: string; onText: (text: string) => void; wageRules?: WageRules | null }) {
  const price = priceFromDigits(text);
  const { services, work_arrangements, location } = draft;
  return (
    <>
      <TextField
        label="Sueldo mensual en pesos"
        value={text}
        inputMode="numeric"
        autoComplete="off"
        placeholder="Ej.: 350000"
        hint={price !== null && Number.isSafeInteger(price) ? `Se va a mostrar así: ${formatPesos(price)}` : undefined}
        errors={errorsOf(error)}
        onChange={(e) => {
          const digits = priceDigits(e.target.value);
          onText(digits);
          update((d) => ({ ...d, monthly_price: priceFromDigits(digits) }));
        }}
      />
      <LegalMinimumNote
        rules={wageRules}
        query={{
          services,
          work_arrangements,
          province: location.province,
          municipality: location.municipality,
          weekly_hours: weeklyHoursOfShifts(draft.work_shifts.length),
        }}
        monthlyPrice={price}
      />
    </>
  );
}
