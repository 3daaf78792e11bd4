import { useId, type ReactNode } from 'react';
import { ErrorLine } from '../../components/ui/Field';

/** A group of controls with its legend, hint and problem, linked as TextField links its own. */
export function FormGroup({
  field,
  legend,
  hint,
  errors,
  children,
  className = '',
}: {
  field: string;
  legend: string;
  hint?: ReactNode;
  errors?: string[];
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      className={`hire-form__group ${className}`}
      data-field={field}
      aria-describedby={described || undefined}
      aria-invalid={errors?.length ? true : undefined}
    >
      <legend>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {children}
      <ErrorLine id={`${id}-error`} message={errors?.join(' ')} />
    </fieldset>
  );
}
