import { EDUCATION_STATUSES } from '@cym/common';
import { SelectField } from '../../../components/ui/SelectField';
import { TextAreaField, TextField } from '../../../components/ui/Field';

/** A field's messages, as TextField takes them. */
export type FieldErrors = Partial<Record<string, string[]>>;

export interface ExperienceDraft {
  title: string;
  description: string;
  currently_working: boolean;
}

export interface EducationDraft {
  title: string;
  place: string;
  /** '' while none is chosen. */
  status: string;
}

export const EMPTY_EXPERIENCE: ExperienceDraft = { title: '', description: '', currently_working: false };
export const EMPTY_EDUCATION: EducationDraft = { title: '', place: '', status: '' };

interface FieldsProps<T> {
  value: T;
  onChange: (value: T) => void;
  errors: FieldErrors;
}

/** One job of the work history: the wizard's step 8 and the experience editor. */
export function ExperienceFields({ value, onChange, errors }: FieldsProps<ExperienceDraft>) {
  return (
    <>
      <TextField
        label="Puesto o trabajo"
        value={value.title}
        errors={errors.title}
        onChange={(e) => onChange({ ...value, title: e.target.value })}
      />
      <TextAreaField
        label="Descripción"
        rows={4}
        value={value.description}
        errors={errors.description}
        onChange={(e) => onChange({ ...value, description: e.target.value })}
      />
      <label className="choice">
        <input
          type="checkbox"
          checked={value.currently_working}
          onChange={(e) => onChange({ ...value, currently_working: e.target.checked })}
        />
        <span>Trabajo ahí actualmente</span>
      </label>
    </>
  );
}

/** One course or degree: the wizard's step 7 and the education editor. */
export function EducationFields({ value, onChange, errors }: FieldsProps<EducationDraft>) {
  return (
    <>
      <TextField
        label="Título o curso"
        value={value.title}
        errors={errors.title}
        onChange={(e) => onChange({ ...value, title: e.target.value })}
      />
      <TextField
        label="Lugar"
        value={value.place}
        errors={errors.place}
        onChange={(e) => onChange({ ...value, place: e.target.value })}
      />
      <SelectField
        label="Estado"
        value={value.status || null}
        errors={errors.status}
        placeholder="Elegí el estado"
        onChange={(status) => onChange({ ...value, status: status ?? '' })}
        options={EDUCATION_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
      />
    </>
  );
}
