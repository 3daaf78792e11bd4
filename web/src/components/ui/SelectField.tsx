import { FieldFrame, useFieldFrame } from './Field';

export interface SelectOption<T extends string | number> {
  value: T;
  label: string;
}

interface SelectFieldProps<T extends string | number> {
  label: string;
  /** The chosen value; null (or a value no option has) shows the placeholder. */
  value: T | null;
  options: SelectOption<T>[];
  /** The empty first option: "nothing chosen" (null). */
  placeholder: string;
  onChange: (value: T | null) => void;
  errors?: string[];
  hint?: string;
  disabled?: boolean;
  /** Marks the field invalid when the message is shown elsewhere (a step's shared error). */
  invalid?: boolean;
  /** The id of a message outside the field that describes it. */
  describedBy?: string;
}

/**
 * A labelled select with the same frame as TextField: hint and errors below it, linked with
 * aria-describedby, errors announced. Every select of the forms is this one.
 */
export function SelectField<T extends string | number>({
  label,
  value,
  options,
  placeholder,
  onChange,
  errors,
  hint,
  disabled,
  invalid,
  describedBy,
}: SelectFieldProps<T>) {
  const frame = useFieldFrame({ label, errors, hint }, invalid, describedBy);
  const shown = value !== null && options.some((option) => option.value === value) ? String(value) : '';
  return (
    <FieldFrame frame={frame}>
      <select
        {...frame.control}
        value={shown}
        disabled={disabled}
        onChange={(event) => onChange(options.find((o) => String(o.value) === event.target.value)?.value ?? null)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
