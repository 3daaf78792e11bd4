import { useId } from 'react';
import { toggleId } from './offer-draft';

/** Small form pieces of the offer wizard, with the worker wizard's classes (same look). */

export function ErrorLine({ id, message }: { id?: string; message: string | null | undefined }) {
  return message ? (
    <p id={id} className="field__error" role="alert">
      {message}
    </p>
  ) : null;
}

interface CheckboxChipsProps {
  legend: string;
  choices: { id: number; label: string }[];
  selected: number[];
  onChange: (selected: number[]) => void;
  /** The id of the message that explains a problem with this list. */
  errorId?: string;
}

/** Checkboxes drawn as large chips (44px), in the catalog's order. */
export function CheckboxChips({ legend, choices, selected, onChange, errorId }: CheckboxChipsProps) {
  return (
    <fieldset className="choice-list" aria-describedby={errorId}>
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((choice) => {
        const on = selected.includes(choice.id);
        return (
          <label key={choice.id} className={`choice-chip ${on ? 'choice-chip--on' : ''}`}>
            <input type="checkbox" checked={on} onChange={() => onChange(toggleId(selected, choice.id))} />
            <span>{choice.label}</span>
          </label>
        );
      })}
      {choices.length === 0 && <p className="field__hint">No hay opciones para elegir en este momento.</p>}
    </fieldset>
  );
}

interface SelectFieldProps {
  label: string;
  value: number | null;
  options: { id: number; label: string }[];
  placeholder: string;
  hint?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** The id of a message outside the field that describes it (a shared error). */
  describedBy?: string;
  onChange: (value: number | null) => void;
}

/** A labelled select over catalog ids; the empty option means "nothing chosen" (null). */
export function SelectField({
  label,
  value,
  options,
  placeholder,
  hint,
  invalid,
  disabled,
  describedBy,
  onChange,
}: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const shown = value !== null && options.some((option) => option.id === value) ? String(value) : '';
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={shown}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={[hint ? hintId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
