import { GENDERS } from '@cym/common';
import { PlacePicker } from '../../../../components/PlacePicker';
import { ChoiceChips } from '../../../../components/ui/ChoiceChips';
import { ErrorLine, TextAreaField, TextField } from '../../../../components/ui/Field';
import type { Choice, ProfileChoices } from '../../api';
import type { PersonalDraft, StepErrors } from './gate';

/** The bodies of the onboarding wizard's steps; each edits its part of the draft. */

const list = (message: string | undefined) => (message ? [message] : undefined);

interface PersonalStepProps {
  value: PersonalDraft;
  onChange: (value: PersonalDraft) => void;
  errors: StepErrors;
  choices: ProfileChoices;
}

/** Step 1: names, birth date, place, gender and nationality. */
export function PersonalStep({ value, onChange, errors, choices }: PersonalStepProps) {
  return (
    <>
      <TextField
        label="Nombre"
        value={value.first_name}
        errors={list(errors.first_name)}
        onChange={(e) => onChange({ ...value, first_name: e.target.value })}
      />
      <TextField
        label="Apellido"
        hint="No se muestra en tu perfil."
        value={value.last_name}
        errors={list(errors.last_name)}
        onChange={(e) => onChange({ ...value, last_name: e.target.value })}
      />
      <TextField
        label="Fecha de nacimiento"
        type="date"
        value={value.date_of_birth}
        errors={list(errors.date_of_birth)}
        onChange={(e) => onChange({ ...value, date_of_birth: e.target.value })}
      />
      <PlacePicker
        value={value}
        onChange={(place) => onChange({ ...value, ...place })}
        provinces={choices.provinces}
        municipalities={choices.municipalities}
        errors={{ province: list(errors.province), municipality: list(errors.municipality) }}
      />
      <TextField
        label="Barrio"
        value={value.neighborhood}
        errors={list(errors.neighborhood)}
        onChange={(e) => onChange({ ...value, neighborhood: e.target.value })}
      />
      <fieldset className="choice-group">
        <legend>Género</legend>
        {GENDERS.map((g) => (
          <label key={g.value} className="choice">
            <input
              type="radio"
              name="gender"
              checked={value.gender === g.value}
              onChange={() => onChange({ ...value, gender: g.value })}
            />
            <span>{g.label}</span>
          </label>
        ))}
        <ErrorLine message={errors.gender} />
      </fieldset>
      <TextField
        label="Nacionalidad"
        value={value.nationality}
        errors={list(errors.nationality)}
        onChange={(e) => onChange({ ...value, nationality: e.target.value })}
      />
    </>
  );
}

/** Steps 3, 4 and 5: services, tasks and ways of working, at least one each. */
export function ChoicesStep(props: {
  legend: string;
  choices: Choice[];
  selected: number[];
  onChange: (selected: number[]) => void;
  error: string | undefined;
}) {
  return (
    <>
      <ChoiceChips legend={props.legend} choices={props.choices} selected={props.selected} onChange={props.onChange} />
      <ErrorLine message={props.error} />
    </>
  );
}

/** Step 6: the introduction, with its count. */
export function IntroductionStep(props: { value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <TextAreaField
      label="Presentación"
      rows={6}
      value={props.value}
      errors={list(props.error)}
      hint={`${props.value.trim().length}/499 caracteres. Contá tu experiencia y cómo trabajás.`}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}
