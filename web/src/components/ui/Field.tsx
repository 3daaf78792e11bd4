import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  errors?: string[];
  hint?: string;
}

function describedBy(errorId: string, hintId: string, errors?: string[], hint?: string) {
  return [errors?.length ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
}

function FieldMessages({ errorId, hintId, errors, hint }: FieldProps & { errorId: string; hintId: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {errors?.length ? (
        <p id={errorId} className="field__error" role="alert">
          {errors.join(' ')}
        </p>
      ) : null}
    </>
  );
}

/** A labelled input whose errors are announced and linked with aria-describedby. */
export function TextField({ label, errors, hint, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(errorId, hintId, errors, hint)}
        {...input}
      />
      <FieldMessages label={label} errors={errors} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
}

export function TextAreaField({
  label,
  errors,
  hint,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(errorId, hintId, errors, hint)}
        {...textarea}
      />
      <FieldMessages label={label} errors={errors} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
}

/** A message under a group of fields (a list of chips, a step), announced when it appears. */
export function ErrorLine({ id, message }: { id?: string; message: string | null | undefined }) {
  return message ? (
    <p id={id} className="field__error" role="alert">
      {message}
    </p>
  ) : null;
}
